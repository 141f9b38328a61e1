import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readResults } from '../../src/model/results-file'
import { git } from '../../testkit/git-repos'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo } from '../../testkit/example-repo'

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

/** Starts the measuring child and resolves once it is in the middle of a trial. */
async function startAndWaitForTrial(env: Record<string, string>) {
  const repo = await makeExampleRepo({ headEnv: 'LATENCY_PERCENT=10' })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-kill-'))
  cleanups.push(repo.cleanup, () => rm(workDir, { recursive: true, force: true }))
  const child = spawn(
    'node',
    ['--import', 'tsx', 'testkit/measure-child.ts', repo.dir, workDir, repo.baseSha],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  )
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no trial started:\n${output}`)), 240_000)
    const watch = (chunk: Buffer) => {
      output += chunk
      // The second trial is under way: one trial is already measured and must be kept.
      if (/round 1 \w+: .*requests/.test(output) && /round 1 \w+ …\n[\s\S]*round 1 \w+ …/.test(output)) {
        clearTimeout(timer)
        setTimeout(resolve, 1500)
      }
    }
    child.stdout.on('data', watch)
    child.stderr.on('data', watch)
  })
  // measure-child.ts names its run `kill<pid>`.
  return { repo, workDir, child, exited, prefix: `loadgate-kill${child.pid}-` }
}

/** The post step's input: what the main step saved with core.saveState in GITHUB_STATE. */
async function savedState(file: string): Promise<Record<string, string>> {
  const text = await readFile(file, 'utf8')
  const state: Record<string, string> = {}
  const pattern = /^(.+?)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm
  for (const match of text.matchAll(pattern)) state[match[1]!] = match[3]!
  return state
}

describe('interrupting a measurement', () => {
  test(
    'SIGKILL mid-trial: the post step removes every stack and the worktree; measured trials are kept',
    { timeout: 300_000 },
    async () => {
      const stateDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-state-'))
      cleanups.push(() => rm(stateDir, { recursive: true, force: true }))
      const stateFile = path.join(stateDir, 'state')
      await writeFile(stateFile, '') // the runner creates it before the step starts
      const { repo, workDir, child, exited, prefix } = await startAndWaitForTrial({ GITHUB_STATE: stateFile })
      child.kill('SIGKILL')
      await exited
      const state = await savedState(stateFile)
      assert.ok(state['loadgate-resources'], 'the main step recorded its resources')
      assert.match(state['loadgate-resources']!, /"kind":"compose"/)
      // The post step's source (dist/post.js is its bundle, kept equal by the dist test).
      const post = spawnSync('node', ['--import', 'tsx', 'src/action/post.ts'], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          'STATE_loadgate-resources': state['loadgate-resources'],
        },
        encoding: 'utf8',
      })
      assert.equal(post.status, 0, post.stdout + post.stderr)
      assert.match(post.stdout, /removed compose loadgate-kill/)
      assert.match(post.stdout, /removed image-override \S+loadgate-kill\S+\.images\.json/)
      const resources = JSON.parse(state['loadgate-resources']!) as Array<{ kind: string; id: string }>
      const worktree = resources.find((r) => r.kind === 'worktree')!
      assert.equal(existsSync(path.dirname(worktree.id)), false, 'the worktree’s temporary directory is gone')
      // k6 may still be finishing its trial against the removed stack; wait it out.
      await new Promise((resolve) => setTimeout(resolve, 6000))
      assertNothingLeft(prefix)
      assert.equal(git(repo.dir, 'worktree', 'list').split('\n').length, 1, 'base worktree removed')
      const results = await readResults(path.join(workDir, 'api', 'results.json'))
      assert.ok(
        results.trials.filter((t) => t.phase === 'measure').length >= 1,
        'the trial measured before the kill is kept',
      )
    },
  )

  test('SIGTERM: the process tears everything down itself and exits 143', { timeout: 300_000 }, async () => {
    const { repo, workDir, child, exited, prefix } = await startAndWaitForTrial({})
    child.kill('SIGTERM')
    assert.equal(await exited, 143)
    assertNothingLeft(prefix)
    const results = await readResults(path.join(workDir, 'api', 'results.json'))
    assert.match(results.error ?? '', /^Interrupted by SIGTERM during round \d \w+$/)
    assert.ok(results.trials.length >= 1, 'the trial measured before the signal is kept')
    for (const trial of results.trials)
      assert.equal(trial.valid, true, `the trial cut short is not recorded: ${trial.invalidReason}`)
    assert.equal(git(repo.dir, 'worktree', 'list').split('\n').length, 1, 'base worktree removed')
  })
})
