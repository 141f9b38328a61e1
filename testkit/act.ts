import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseDocument, type YAMLMap } from 'yaml'
import { loadgateLeftovers } from './docker'
import type { TestRepo } from './test-repo'

// act (a local GitHub Actions runner, v0.2.89) runs the example workflows on this machine
// (`-P ubuntu-latest=-self-hosted`). What it needs, found by experiment:
// - `--no-skip-checkout`: without it act ignores any mapping of actions/checkout and copies its
//   own working directory instead; with it, `--local-repository actions/checkout@v4=DIR` runs DIR.
// - GITHUB_SHA is the HEAD commit of act's working directory for pull_request and workflow_run
//   events (for push: the payload's `after`, when the payload says `deleted: false`); GITHUB_REF
//   comes from the payload (refs/pull/N/merge for a PR). test-repo.ts checks out the right commit.
// - `--env GITHUB_REPOSITORY=…` / `--env GITHUB_RUN_ID=…` set github.repository and the run id
//   (else: the origin URL's owner/name, which a local path has not, and run id 1 for every run).
// - `runs.using: node24` is accepted and run with the host's `node` (node 20 here); inputs,
//   outputs, GITHUB_STEP_SUMMARY, GITHUB_STATE, post steps and `if: always()` behave as on GitHub.
// - With -P given on the command line act never asks for a default image (no ~/.actrc needed).
// - act removes a job's folder (workspace, RUNNER_TEMP) only when the job succeeds: runs use
//   `--action-cache-path` inside the test's temporary folder so failed jobs leave nothing behind.

const STANDINS = path.resolve('__tests__/e2e/actions')

/** The commits the example workflows pin GitHub's actions to: the same stand-ins run for them. */
export const PINNED_ACTIONS: Record<string, string> = {
  checkout: '11bd71901bbe5b1630ceea73d27597364c9af683',
  'upload-artifact': 'ea165f8d65b6e75b540449e92b4886f43607fa02',
  'download-artifact': 'd3f86a106a0bac45b974a628896c90dbdf5c8093',
  cache: '5a3ec84eff668545956fd18022155c47e93e2684',
}
const ACT = process.env.LOADGATE_ACT ?? 'act'
let runCounter = 0

/**
 * The action as a user gets it from its release: action.yml, package.json and dist/ — no
 * node_modules. From this checkout, or from LOADGATE_E2E_ACTION_ROOT (e.g. a candidate build).
 */
export async function packAction(
  dest: string,
  from = process.env.LOADGATE_E2E_ACTION_ROOT ?? '.',
): Promise<string> {
  await mkdir(dest, { recursive: true })
  for (const file of ['action.yml', 'package.json', 'dist'])
    await cp(path.join(from, file), path.join(dest, file), { recursive: true })
  return dest
}

/**
 * A workflow from workflows/ as a test runs it: the loadgate step's inputs overridden by `inputs`
 * and its k6-env variables by `k6Env` (shorter trials, fewer rounds); everything else unchanged.
 */
export async function workflowForTest(
  name: string,
  overrides: {
    inputs?: Record<string, string>
    k6Env?: Record<string, string>
    /** Override every loadgate step (one per job), not only the first. */
    everyStep?: boolean
  },
): Promise<string> {
  const doc = parseDocument(await readFile(path.join('workflows', name), 'utf8'))
  const steps = Object.keys((doc.toJS() as { jobs: Record<string, unknown> }).jobs).flatMap((job) => {
    const list = doc.getIn(['jobs', job, 'steps']) as { items: YAMLMap[] }
    return list.items
  })
  // The trusted run's announce step measures nothing: the first step overridden is the one that does.
  const loadgateSteps = steps.filter(
    (s) => String(s.get('uses')).startsWith('loadgate/loadgate@') && s.getIn(['with', 'mode']) !== 'announce',
  )
  if (loadgateSteps.length === 0) throw new Error(`workflows/${name} has no loadgate step`)
  for (const step of overrides.everyStep ? loadgateSteps : loadgateSteps.slice(0, 1))
    overrideStep(step, overrides)
  return doc.toString()
}

function overrideStep(
  step: YAMLMap,
  overrides: { inputs?: Record<string, string>; k6Env?: Record<string, string> },
): void {
  for (const [key, value] of Object.entries(overrides.inputs ?? {})) step.setIn(['with', key], value)
  if (overrides.k6Env) {
    const env = new Map<string, string>()
    for (const line of String(step.getIn(['with', 'k6-env']) ?? '').split('\n')) {
      const eq = line.indexOf('=')
      if (eq > 0) env.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim())
    }
    for (const [key, value] of Object.entries(overrides.k6Env)) env.set(key, value)
    step.setIn(['with', 'k6-env'], [...env].map(([k, v]) => `${k}=${v}\n`).join(''))
  }
}

export interface ActRun {
  code: number
  log: string
  /** GITHUB_RUN_ID of this run (unique per run, so concurrent runs' Compose projects differ). */
  runId: string
  seconds: number
}

/** Runs one workflow with act on this machine; GitHub-hosted actions are replaced by local stand-ins. */
export async function runAct(options: {
  /** act's working directory: the test repository, checked out at the event's commit. */
  cwd: string
  workflow: string
  event: string
  eventFile: string
  actionDir: string
  repository: string
  token: string
  env: Record<string, string>
  /** Repository variables (`vars.*`). */
  vars?: Record<string, string>
  /** Where act keeps actions and the job's workspace and RUNNER_TEMP (removed with the test's folder). */
  cacheDir: string
  timeoutMs?: number
}): Promise<ActRun> {
  const runId = String(process.pid * 100 + ++runCounter)
  const args = [
    options.event,
    '-W',
    options.workflow,
    '-e',
    options.eventFile,
    '-P',
    'ubuntu-latest=-self-hosted',
    '--no-skip-checkout',
    '--action-cache-path',
    options.cacheDir,
    ...['checkout', 'upload-artifact', 'download-artifact'].flatMap((name) => [
      '--local-repository',
      `actions/${name}@v4=${path.join(STANDINS, name)}`,
    ]),
    ...Object.entries(PINNED_ACTIONS).flatMap(([name, sha]) => [
      '--local-repository',
      `actions/${name}@${sha}=${path.join(STANDINS, name)}`,
    ]),
    '--local-repository',
    `loadgate/loadgate@v1=${options.actionDir}`,
    '-s',
    `GITHUB_TOKEN=${options.token}`,
    ...Object.entries({
      GITHUB_REPOSITORY: options.repository,
      GITHUB_RUN_ID: runId,
      ...options.env,
    }).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...Object.entries(options.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}=${v}`]),
  ]
  const started = Date.now()
  const child = spawn(ACT, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  // SIGINT lets act cancel the job and run its post steps (the action's cleanup).
  const timer = setTimeout(() => child.kill('SIGINT'), options.timeoutMs ?? 600_000)
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)))
  clearTimeout(timer)
  return { code, log, runId, seconds: (Date.now() - started) / 1000 }
}

/** The end of an act run's log, for assertion messages. */
export function logTail(run: ActRun, chars = 6000): string {
  return `act exited ${run.code} after ${run.seconds.toFixed(0)} s; log tail:\n${run.log.slice(-chars)}`
}

/**
 * One workflow of a test repository run by act against the API double: the log is kept in
 * test-output/act/<scenario>.log, and a run that leaves this run's Docker resources behind fails.
 */
export async function runWorkflowOf(
  repo: Pick<TestRepo, 'dir' | 'root' | 'origin' | 'repository'>,
  options: {
    scenario: string
    workflow: string
    event: string
    eventFile: string
    actionDir: string
    apiUrl: string
    token: string
    timeoutMs: number
  },
): Promise<ActRun> {
  const run = await runAct({
    cwd: repo.dir,
    workflow: `.github/workflows/${options.workflow}`,
    event: options.event,
    eventFile: options.eventFile,
    actionDir: options.actionDir,
    repository: repo.repository,
    token: options.token,
    cacheDir: path.join(repo.root, 'act-cache'),
    env: {
      GITHUB_API_URL: options.apiUrl,
      LOADGATE_TEST_ORIGIN: repo.origin,
      LOADGATE_TEST_ARTIFACTS: path.join(repo.root, 'artifacts'),
    },
    timeoutMs: options.timeoutMs,
  })
  await mkdir('test-output/act', { recursive: true })
  await writeFile(path.join('test-output/act', `${options.scenario}.log`), run.log)
  const left = loadgateLeftovers().filter((name) => name.startsWith(`loadgate-${run.runId}-`))
  assert.deepEqual(left, [], `the run left Docker resources behind\n${logTail(run)}`)
  return run
}
