import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { watchHistory } from '../../../src/decide/change-points'
import { createGitHubForge } from '../../../src/forge/github/github-forge'
import { readRunContext } from '../../../src/forge/github/context'
import { syncShiftIssues } from '../../../src/modes/change-points'
import { defaultThresholds } from '../../../src/settings/thresholds'
import { defaultShiftRules } from '../../../src/settings/change-points'
import type { RunRecord } from '../../../src/model/types'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../../testkit/github-double'
import { recordsOf, stepSeries } from '../../../testkit/step-histories'

let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

const SERIES = 'api POST /orders'
const shaOf = (i: number) => (i + 1).toString(16).padStart(40, 'b')
/** p90 (the default gated tail) of the series over `runs` runs: +18% from run 20 on, back to the old level from `revertAt`. */
function history(
  runs: number,
  options: { revertAt?: number; key?: string; messageOf?: (i: number) => string } = {},
) {
  const steps = [
    { at: 20, size: 0.18 },
    ...(options.revertAt ? [{ at: options.revertAt, size: 1 / 1.18 - 1 }] : []),
  ]
  return recordsOf(stepSeries({ runs, noise: 0.02, steps, seed: 8 }), {
    key: options.key,
    messageOf: options.messageOf,
  })
}

async function setup(options: DoubleOptions = {}, cc: string[] = []) {
  double = await startGitHubDouble(options)
  const context = readRunContext({
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: double.url,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: '',
  })
  const forge = createGitHubForge(context, 'ghs_test')
  const thresholds = defaultThresholds()
  const sync = (records: RunRecord[]) =>
    syncShiftIssues({
      forge,
      benchmark: 'api',
      minChange: 0.05,
      cc,
      shifts: watchHistory({ records, branch: 'main', rules: { ...defaultShiftRules(), thresholds } }),
      links: (shift) => ({
        serverUrl: 'https://github.com',
        repository: 'acme/shop',
        dashboard: forge.dashboardUrl('loadgate', 'api', shift.series),
      }),
    })
  return { double, sync }
}

describe('one issue per shift (API double checked against the OpenAPI description)', () => {
  test('opened once, updated as runs refine it, never duplicated, closed when reverted', async () => {
    const { double, sync } = await setup()
    const opened = await sync(history(30))
    assert.equal(opened.length, 1, opened.join('\n'))
    assert.equal(double.state.issues.length, 1)
    const issue = double.state.issues[0]!
    // p50 and p90 moved at the same run: one issue, the larger change naming it.
    assert.match(
      issue.title,
      new RegExp(
        `^p(50|90) of ${SERIES} \\+1[5-9]% since ${shaOf(20).slice(0, 7)} \\(p(50|90) \\+1[5-9]%\\)$`,
      ),
    )
    assert.match(issue.body ?? '', /^<!-- loadgate-shift bench=api id=[0-9a-f]{16} after=\d+ -->/)
    assert.ok(issue.body?.includes(`https://github.com/acme/shop/commit/${shaOf(19)}`), 'last run before')
    assert.ok(issue.body?.includes(`https://github.com/acme/shop/commit/${shaOf(20)}`), 'first run after')
    assert.ok(issue.body?.includes(`/compare/${shaOf(19)}...${shaOf(20)}`))
    for (const metric of ['p50', 'p90'])
      assert.match(
        issue.body ?? '',
        new RegExp(
          `\\| ${metric} \\| \\+1\\d% worse \\| [\\d.\\\\]+ ms \\([\\d.\\\\]+ ms – [\\d.\\\\]+ ms\\) \\| [\\d.\\\\]+ ms \\(.*\\) \\| 20 / 10 \\| `,
        ),
      )
    assert.ok(
      issue.body?.includes('https://acme.github.io/shop/loadgate/#bench=api&series=api%20POST%20%2Forders'),
    )

    assert.deepEqual(await sync(history(30)), [], 'nothing changed: nothing written')
    const refined = await sync(history(36))
    assert.equal(double.state.issues.length, 1, 'updated, not duplicated')
    assert.match(refined[0] ?? '', /^updated #1 /)
    assert.match(double.state.issues[0]!.body ?? '', / \| 20 \/ 16 \| /)

    const reverted = await sync(history(50, { revertAt: 40 }))
    assert.match(reverted.join('\n'), /^closed #1 Reverted: the level is back since `/m)
    assert.equal(double.state.issues.length, 1)
    assert.equal(double.state.issues[0]!.state, 'closed')
    assert.match(
      double.state.comments.get(1)?.[0]?.body ?? '',
      new RegExp(`^Reverted: .*${shaOf(40).slice(0, 7)}`),
    )
    assert.deepEqual(await sync(history(50, { revertAt: 40 })), [])
    assert.deepEqual(double.violations, [])
  })

  test('a shift issue closed by hand is accepted: it stays closed and is not filed again', async () => {
    const { double, sync } = await setup()
    await sync(history(30))
    double.state.issues[0]!.state = 'closed'
    assert.deepEqual(await sync(history(34)), [])
    assert.equal(double.state.issues.length, 1)
    assert.deepEqual(double.violations, [])
  })

  test("the commit range links each commit's pull request and loadgate's comment there", async () => {
    const commentUrl = 'https://github.com/acme/shop/pull/9#issuecomment-5'
    const records = history(30).map((r, i) =>
      i === 20
        ? { ...r, mergedThrough: { pullRequest: 9, commentUrl } }
        : i === 19
          ? { ...r, mergedThrough: { pullRequest: 8 } }
          : r,
    )
    const { double, sync } = await setup()
    await sync(records)
    const body = double.state.issues[0]?.body ?? ''
    assert.match(body, /last run before \[`\w{7}`\]\([^)]+\) change 19 in #8 \(\[run\]/)
    assert.ok(body.includes(`change 20 in [#9](${commentUrl})`), body)
    assert.deepEqual(double.violations, [])
  })

  test('attacker: run and comment URLs planted on the history branch link nowhere outside the repository', async () => {
    const records = history(30).map((r, i) =>
      i === 20
        ? {
            ...r,
            meta: { ...r.meta, runUrl: 'https://evil.example/acme/shop/actions/runs/1' },
            mergedThrough: { pullRequest: 9, commentUrl: 'https://github.com/evil/shop/pull/9' },
          }
        : r,
    )
    const { double, sync } = await setup()
    await sync(records)
    const body = double.state.issues[0]?.body ?? ''
    assert.match(body, /change 20 in #9 · /, body)
    assert.doesNotMatch(body, /evil/, body)
  })

  test('a shift that began with an accepted pull request is not filed; an open issue for it is closed', async () => {
    const accepted = { by: 'maintainer', at: '2026-01-02T00:00:00.000Z', reason: 'audit log (#42)' }
    const withAcceptance = (records: RunRecord[]) =>
      records.map((r, i) => (i === 20 ? { ...r, mergedThrough: { pullRequest: 7, accepted } } : r))
    const { double, sync } = await setup()
    const quiet = await sync(withAcceptance(history(30)))
    assert.equal(double.state.issues.length, 0)
    assert.match(
      quiet.join('\n'),
      /^not filed: api POST \/orders p\d+ since \w{7} — Accepted in #7 by maintainer: audit log \(#42\)$/m,
    )

    // Filed before the acceptance reached the history (recorded by an older loadgate, say): closed.
    await sync(history(30))
    assert.equal(double.state.issues[0]?.state, 'open')
    await sync(withAcceptance(history(30)))
    assert.equal(double.state.issues[0]?.state, 'closed')
    assert.match(
      double.state.comments.get(1)?.at(-1)?.body ?? '',
      // Named, not mentioned: the shift issue mentions only the people of cc.
      /^Accepted in #7 by @\u200bmaintainer: audit log \\\(\\#42\\\)\.$/,
    )
    assert.deepEqual(double.violations, [])
  })

  test('a history recorded end to end: one issue naming the slower commit, closed by its revert', async () => {
    // bench/detection/change-points-recorded.ts: 48 record-mode runs of the bundled example on real stacks;
    // run 21's commit makes POST /orders 15% slower, run 41's reverts it.
    const records = JSON.parse(
      await readFile('__tests__/__fixtures__/recorded-shift.json', 'utf8'),
    ) as RunRecord[]
    const ordered = records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
    const slower = ordered.findIndex((r) => r.meta.head.message === 'Orders: validate stock twice')
    const revert = ordered.findIndex((r) => r.meta.head.message.startsWith('Revert'))
    assert.deepEqual([ordered.length, slower, revert], [48, 20, 40])
    const { double, sync } = await setup()

    const opened = await sync(ordered.slice(0, revert))
    assert.equal(double.state.issues.length, 1, opened.join('\n'))
    const issue = double.state.issues[0]!
    const [before, after] = [ordered[slower - 1]!.meta.head.sha, ordered[slower]!.meta.head.sha]
    assert.match(issue.title, new RegExp(`^p(50|95) of api POST /orders \\+\\d+% since ${after.slice(0, 7)}`))
    assert.ok(issue.body?.includes(`/compare/${before}...${after}`), 'the commit range of the change')

    await sync(ordered)
    assert.equal(double.state.issues.length, 1)
    assert.equal(issue.state, 'closed')
    assert.match(
      double.state.comments.get(issue.number)?.at(-1)?.body ?? '',
      /^Reverted: the level is back since/,
    )
    assert.deepEqual(double.violations, [])
  })

  test("another user's issue with a marker is not loadgate's; names and commit messages are escaped", async () => {
    const { double, sync } = await setup({
      seededIssues: [
        {
          user: 'mallory',
          title: 'fake',
          body: '<!-- loadgate-shift bench=api id=0123456789abcdef after=1 -->',
        },
      ],
    })
    const key = 'api POST /orders <img src=x onerror=alert(1)> [x](https://evil.example) @team'
    const done = await sync(
      history(30, { key, messageOf: (i) => `fix **it** <script>${i}</script> @everyone` }),
    )
    assert.equal(done.length, 1)
    assert.equal(double.state.issues.length, 2)
    assert.equal(double.state.issues[0]!.state, 'open', "mallory's issue is left alone")
    const body = double.state.issues[1]!.body ?? ''
    assert.equal(body.includes('<img'), false)
    assert.equal(body.includes('<script>'), false)
    assert.equal(body.includes('[x](https://evil.example)'), false)
    assert.equal(/@(team|everyone)/.test(body), false, 'no mentions')
    assert.ok(body.includes('&lt;img src=x onerror=alert\\(1\\)&gt;'))
    assert.deepEqual(double.violations, [])
  })
})

/** Who a GitHub markdown text mentions: `@login` or `@org/team` not inside a word or code. */
function mentions(text: string): string[] {
  return [...text.matchAll(/(?<![\w`])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9_-]+)?)/g)].map(
    (m) => `@${m[1]}`,
  )
}

describe('cc: the people mentioned on a shift issue', () => {
  test('the issue mentions exactly the configured users and teams, however hostile the history', async () => {
    const cc = ['@alice', '@acme/perf-team']
    const { double, sync } = await setup({}, cc)
    const key = 'api POST /orders @eve @acme/all'
    const accepted = { by: 'maintainer', at: '2026-01-02T00:00:00.000Z', reason: 'cc @bob' }
    const records = history(30, {
      key,
      messageOf: (i) => `bump deps, thanks @mallory (#${i}) @acme/everyone`,
    }).map((r, i) => (i === 19 ? { ...r, mergedThrough: { pullRequest: 8, accepted } } : r))
    await sync(records)
    assert.equal(double.state.issues.length, 1)
    const body = double.state.issues[0]!.body ?? ''
    assert.deepEqual(mentions(body).sort(), [...cc].sort(), body)
    assert.equal(
      mentions('x @alice, `@bob` @acme/perf-team').join(' '),
      '@alice @acme/perf-team',
      'the check sees mentions',
    )
    // Refined by later runs: the update keeps the same mentions, and the close comment adds none.
    await sync(history(36, { key, messageOf: (i) => `@mallory ${i}` }))
    assert.deepEqual(mentions(double.state.issues[0]!.body ?? '').sort(), [...cc].sort())
    await sync(history(50, { key, revertAt: 40, messageOf: (i) => `@mallory ${i}` }))
    assert.equal(double.state.issues[0]!.state, 'closed')
    assert.deepEqual(mentions(double.state.comments.get(1)?.at(-1)?.body ?? ''), [])
    assert.deepEqual(double.violations, [])
  })
})
