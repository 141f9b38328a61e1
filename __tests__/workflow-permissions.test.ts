import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, parseDocument, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml'

// Every shipped workflow, read as GitHub reads it: a job that runs the pull request's code (checks
// it out, then measures it with Compose and k6) holds no write permission. Write goes only to
// jobs that post and run none of that code.

type Permissions = string | Record<string, string> | undefined
interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
}
interface Job {
  permissions?: Permissions
  steps?: Step[]
}
interface Workflow {
  on: unknown
  permissions?: Permissions
  jobs: Record<string, Job>
}

/**
 * The one exception: pull-request.yml's gate measures and posts in one job under `pull_request`.
 * A fork's token there is read-only whatever the file asks; a same-repository author can edit the
 * workflow anyway (README, Security model).
 */
const MEASURES_AND_POSTS_UNDER_PULL_REQUEST = new Set(['pull-request.yml:performance'])

const MODES_THAT_RUN_NO_CODE = new Set(['report', 'merge', 'accept', 'skip'])

function triggers(on: unknown): string[] {
  if (typeof on === 'string') return [on]
  if (Array.isArray(on)) return on.map(String)
  return Object.keys(on as object)
}

/** The job's checkout is the pull request's code: any checkout under a PR event, or a dispatched head. */
function checksOutPullRequest(workflow: Workflow, job: Job): boolean {
  const underPullRequest = triggers(workflow.on).some((t) => t.startsWith('pull_request'))
  return (job.steps ?? []).some(
    (s) =>
      s.uses?.startsWith('actions/checkout@') &&
      (underPullRequest || /inputs\.|pull_request/.test(String(s.with?.ref ?? ''))),
  )
}

/** A loadgate step that measures (builds and starts Compose, runs k6), or a script that does. */
function runsComposeOrK6(job: Job): boolean {
  return (job.steps ?? []).some((s) =>
    s.uses?.startsWith('loadgate/loadgate@')
      ? !MODES_THAT_RUN_NO_CODE.has(String(s.with?.mode ?? 'auto'))
      : /\b(docker compose|k6)\b/.test(s.run ?? ''),
  )
}

/** The write permissions a job's token gets; an unset `permissions` is the repository default, which may write. */
/** A step that restores an Actions cache: actions/cache, actions/cache/restore, or a setup action's `cache`. */
function restoresCache(step: Step): boolean {
  return /^actions\/cache(\/restore)?@/.test(step.uses ?? '') || step.with?.cache !== undefined
}

/**
 * A job that measures the pull request's code for another job to decide on (the trusted run's
 * measure job, a distributed run's segments): what it restores from a cache would be measured and
 * then vouched for by a deciding job that never sees it. Only the one-job gate measures and posts.
 */
function measuresForAnotherJob(name: string, id: string, workflow: Workflow, job: Job): boolean {
  return (
    checksOutPullRequest(workflow, job) &&
    runsComposeOrK6(job) &&
    !MEASURES_AND_POSTS_UNDER_PULL_REQUEST.has(`${name}:${id}`)
  )
}

function writes(workflow: Workflow, job: Job): string[] {
  const permissions = job.permissions ?? workflow.permissions
  if (permissions === undefined) return ['(repository default)']
  if (typeof permissions === 'string') return permissions === 'read-all' ? [] : [permissions]
  return Object.entries(permissions)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope)
}

async function shippedWorkflows(): Promise<Array<[string, Workflow]>> {
  const names = (await readdir('workflows')).filter((n) => n.endsWith('.yml')).sort()
  return Promise.all(
    names.map(
      async (n) =>
        [n, parse(await readFile(path.join('workflows', n), 'utf8')) as Workflow] as [string, Workflow],
    ),
  )
}

/**
 * The jobs whose output decides a `loadgate/<benchmark>` status: those that hold a write token, and
 * every job they need (directly or not), whose uploads and outputs they trust.
 */
function jobsThatDecideAStatus(workflow: Workflow): string[] {
  const deciding = new Set(
    Object.keys(workflow.jobs).filter((id) => writes(workflow, workflow.jobs[id]!).length > 0),
  )
  const pending = [...deciding]
  while (pending.length > 0) {
    const job = workflow.jobs[pending.pop()!] as Job & { needs?: string | string[] }
    for (const need of [job.needs ?? []].flat()) {
      if (!deciding.has(need)) {
        deciding.add(need)
        pending.push(need)
      }
    }
  }
  return [...deciding]
}

/**
 * loadgate's own step names the release tag (the workflows ship before the sha they would pin
 * exists) with this note telling the user to pin it; every other action is pinned to a full sha.
 */
const PIN_NOTE = "pin a release's full sha (README, Security model)"

function pinnedUse(uses: string, comment: string): boolean {
  if (/@[0-9a-f]{40}$/.test(uses)) return true
  return uses.startsWith('loadgate/loadgate@') && comment.includes(PIN_NOTE)
}

describe('shipped workflows give write permissions only where loadgate posts', () => {
  test('no job that runs the pull request’s code holds a write permission', async () => {
    const workflows = await shippedWorkflows()
    assert.ok(workflows.length >= 6, 'every workflow is checked')
    const offending: string[] = []
    let checked = 0
    for (const [name, workflow] of workflows) {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        if (!checksOutPullRequest(workflow, job) || !runsComposeOrK6(job)) continue
        checked++
        const write = writes(workflow, job)
        if (MEASURES_AND_POSTS_UNDER_PULL_REQUEST.has(`${name}:${id}`)) {
          assert.deepEqual(
            triggers(workflow.on),
            ['pull_request'],
            `${name}: only pull_request, never _target`,
          )
          continue
        }
        if (write.length > 0) offending.push(`${name} job ${id}: ${write.join(', ')}`)
      }
    }
    assert.ok(checked >= 3, 'the PR-code jobs were recognised (gate, trusted measure, segments)')
    assert.deepEqual(offending, [])
  })

  test('the jobs that post still get what they need', async () => {
    const workflows = new Map(await shippedWorkflows())
    const writesOf = (name: string, job: string) => {
      const workflow = workflows.get(name)!
      return writes(workflow, workflow.jobs[job]!).sort()
    }
    assert.deepEqual(writesOf('distributed.yml', 'merge'), ['checks', 'pull-requests', 'statuses'])
    assert.deepEqual(writesOf('distributed.yml', 'segment'), [])
    assert.deepEqual(writesOf('trusted-run.yml', 'decide'), ['checks', 'pull-requests', 'statuses'])
    assert.deepEqual(writesOf('trusted-run.yml', 'measure'), [])
    assert.deepEqual(writesOf('trusted-run.yml', 'announce'), ['checks', 'statuses'])
    assert.deepEqual(writesOf('pull-request.yml', 'performance'), ['checks', 'pull-requests', 'statuses'])
    assert.deepEqual(writesOf('accept.yml', 'accept'), ['checks', 'pull-requests', 'statuses'])
    // A fork's report never writes a check run (its result is unverified): it asks for no checks.
    assert.deepEqual(writesOf('fork-report.yml', 'report'), ['pull-requests', 'statuses'])
  })

  test('every action of a job whose output decides a status is pinned to a full sha', async () => {
    const unpinned: string[] = []
    let deciding = 0
    for (const [name, workflow] of await shippedWorkflows()) {
      const doc = parseDocument(await readFile(path.join('workflows', name), 'utf8'))
      for (const id of jobsThatDecideAStatus(workflow)) {
        deciding++
        const steps = doc.getIn(['jobs', id, 'steps']) as YAMLSeq<YAMLMap>
        for (const step of steps.items) {
          const uses = step.get('uses', true) as Scalar<string> | undefined
          if (uses && !pinnedUse(uses.value, uses.comment ?? ''))
            unpinned.push(`${name} job ${id}: ${uses.value}`)
        }
      }
    }
    // The trusted run's measure job and the distributed segment jobs hold no write token, but the
    // jobs that post decide from what they upload.
    assert.ok(deciding >= 8, `${deciding} jobs decide a status`)
    assert.deepEqual(unpinned, [])
  })

  test("the docs' workflow examples pin every action the same way", async () => {
    const unpinned: string[] = []
    const docs = [
      'README.md',
      ...(await readdir('docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`),
    ]
    for (const file of docs) {
      const text = await readFile(file, 'utf8')
      for (const block of text.matchAll(/^( *)```yaml\n([\s\S]*?)^\1```/gm)) {
        for (const line of block[2]!.matchAll(/^\s*(?:- )?uses: (\S+)(.*)$/gm)) {
          if (!pinnedUse(line[1]!, line[2]!)) unpinned.push(`${file}: ${line[1]}`)
        }
      }
    }
    assert.deepEqual(unpinned, [])
  })

  test('the pin rule itself: a moved tag or branch fails, a full sha passes', () => {
    assert.equal(pinnedUse('actions/checkout@v4', ''), false)
    assert.equal(pinnedUse('actions/checkout@main', ''), false)
    assert.equal(pinnedUse('actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683', ' # v4.2.2'), true)
    assert.equal(pinnedUse('loadgate/loadgate@v1', ''), false)
    assert.equal(pinnedUse('loadgate/loadgate@v1', PIN_NOTE), true)
    assert.equal(pinnedUse('actions/checkout@v4', PIN_NOTE), false, "only loadgate's own step may say it")
  })

  test("setup.md's cache recipe says where it may go: the one-job gate, never the trusted run or segments", async () => {
    const setup = await readFile('docs/setup.md', 'utf8')
    const recipe = setup.slice(setup.indexOf('## Faster builds'), setup.indexOf('uses: actions/cache@'))
    assert.match(
      recipe,
      /only in the one-job gate of `pull_request`, or in a job that holds no write token and decides\s+nothing/,
    )
    assert.match(recipe, /never in the trusted run/)
    assert.match(recipe, /segment jobs/)
  })

  test('no job that holds a write permission restores an Actions cache, but the one-job gate under pull_request', async () => {
    const restoring: string[] = []
    for (const [name, workflow] of await shippedWorkflows()) {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        if (writes(workflow, job).length === 0) continue
        // Its entries are its own PR's or the default branch's; a fork's run there holds a read-only token.
        if (MEASURES_AND_POSTS_UNDER_PULL_REQUEST.has(`${name}:${id}`)) continue
        for (const step of job.steps ?? [])
          if (restoresCache(step)) restoring.push(`${name} job ${id}: ${step.uses}`)
      }
    }
    assert.deepEqual(restoring, [])
  })

  test('no job whose measurement another job decides a status on restores a cache (trusted measure, segments)', async () => {
    const restoring: string[] = []
    const measuring: string[] = []
    for (const [name, workflow] of await shippedWorkflows()) {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        if (!measuresForAnotherJob(name, id, workflow, job)) continue
        measuring.push(`${name}:${id}`)
        for (const step of job.steps ?? [])
          if (restoresCache(step)) restoring.push(`${name} job ${id}: ${step.uses}`)
      }
    }
    assert.deepEqual(measuring.sort(), ['distributed.yml:segment', 'trusted-run.yml:measure'])
    assert.deepEqual(restoring, [])
    // The rule itself: the cache step the gate has, put into the trusted run's measure job, is found.
    const trusted = new Map(await shippedWorkflows()).get('trusted-run.yml')!
    const gate = new Map(await shippedWorkflows()).get('pull-request.yml')!.jobs.performance!
    const cache = gate.steps!.find(restoresCache)
    assert.ok(cache, 'the gate caches builds')
    const poisoned = { ...trusted.jobs.measure!, steps: [cache, ...trusted.jobs.measure!.steps!] }
    assert.ok(measuresForAnotherJob('trusted-run.yml', 'measure', trusted, poisoned))
    assert.ok(poisoned.steps.some(restoresCache))
  })

  test('the default branch saves the build cache that pull requests restore, and restores none', async () => {
    const workflows = new Map(await shippedWorkflows())
    const gate = workflows.get('pull-request.yml')!.jobs.performance!.steps!
    const record = workflows.get('record.yml')!.jobs.record!.steps!
    const restore = gate.find(restoresCache)!
    const save = record.find((s) => /^actions\/cache\/save@/.test(s.uses ?? ''))
    assert.ok(save, 'record.yml saves the cache')
    assert.equal(save.with?.path, restore.with?.path)
    assert.equal(save.with?.key, restore.with?.key)
    assert.ok(
      gate.indexOf(restore) < gate.findIndex((s) => s.uses?.startsWith('loadgate/loadgate@')),
      'restored before loadgate builds',
    )
    assert.deepEqual(record.filter(restoresCache), [])
  })

  test("the trusted run's deciding job reads the measure job's artifact by the id its upload returned", async () => {
    const workflow = new Map(await shippedWorkflows()).get('trusted-run.yml')!
    const measure = workflow.jobs.measure as Job & { outputs?: Record<string, string> }
    const upload = measure.steps!.find((s) => s.uses?.startsWith('actions/upload-artifact@')) as Step & {
      id?: string
    }
    assert.equal(measure.outputs?.['artifact-id'], `\${{ steps.${upload.id}.outputs.artifact-id }}`)
    const download = workflow.jobs.decide!.steps!.find((s) =>
      s.uses?.startsWith('actions/download-artifact@'),
    )!
    assert.equal(download.with?.['artifact-ids'], '${{ needs.measure.outputs.artifact-id }}')
    assert.equal(download.with?.name, undefined, 'never by name')
  })
})
