// The detection benchmark's scenarios and how one is measured: the bundled example under
// loadgate's own measure step (real Compose stacks, real k6), base and head interleaved.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measure } from '../src/measure/measure'
import type { ResultsFile } from '../src/model/types'
import type { BenchmarkSettings } from '../src/settings/types'
import { makeExampleRepo } from '../__tests__/testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../__tests__/testkit/settings'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

/**
 * Scenario → the head's `.env`: A/A (the head changes nothing), then the example's knobs. The
 * `many:` ones run k6/many.js over eight endpoints; LATENCY_ROUTE slows one route only.
 */
export const SCENARIOS: Record<string, string> = {
  'a-a': '',
  'latency+5%': 'LATENCY_PERCENT=5',
  'latency+10%': 'LATENCY_PERCENT=10',
  'latency+20%': 'LATENCY_PERCENT=20',
  // The knob scales the service's own latency; a client sees about four fifths of it (+5% here).
  'latency+6.5%': 'LATENCY_PERCENT=6.5',
  'cpu+10%': 'EXTRA_CPU_PERCENT=10',
  'many:a-a': '',
  'many:search+20%': 'LATENCY_PERCENT=20\nLATENCY_ROUTE=GET /search',
  'many:search+10%': 'LATENCY_PERCENT=10\nLATENCY_ROUTE=GET /search',
}

/** The k6 script of a scenario: the eight-endpoint load for `many:` ones. */
function scriptOf(scenario: string): Partial<BenchmarkSettings> {
  return scenario.startsWith('many:') ? { k6Script: 'compose/k6/many.js', name: 'many' } : {}
}

/**
 * The trial every scenario uses: the example workflow's rate, trials shortened to 5 s; TRIAL_RATE
 * and TRIAL_DURATION override them (e.g. enough requests for every endpoint of `many:`).
 */
export const TRIAL = { DURATION: process.env.TRIAL_DURATION ?? '5s', RATE: process.env.TRIAL_RATE ?? '100' }

export interface ScenarioRun {
  minRounds: number
  maxRounds: number
  seed: number
  /** Asked once after min-rounds, as the gate asks (see pipeline.ts). */
  shouldExtend?: (partial: ResultsFile) => boolean
  onProgress?: (message: string) => void
  /** k6-env over TRIAL, e.g. the longer trials a calibration suggests. */
  trial?: Record<string, string>
}

/** SAME_IMAGE=1: both arms run one image per service, built once, in their two stacks. */
const SAME_IMAGE = process.env.SAME_IMAGE === '1'
const SAME_IMAGE_PREFIX = `loadgate-same-image-${process.pid}`

/**
 * Builds the example's services once (from the base commit, before any arm starts) and returns the
 * `prepare` that makes each arm's compose file run those images instead of building its own: an
 * A/A with the same image in both stacks tells an offset of the stacks from one of the builds.
 */
async function sameImagePrepare(dir: string): Promise<string> {
  await execFileAsync('bash', ['compose/prepare.sh'], { cwd: dir })
  for (const service of ['api', 'store'])
    await execFileAsync(
      'docker',
      ['build', '-q', '-t', `${SAME_IMAGE_PREFIX}-${service}`, `compose/${service}`],
      {
        cwd: dir,
      },
    )
  const swap = ['api', 'store'].map((s) => `s#build: ./${s}#image: ${SAME_IMAGE_PREFIX}-${s}#`).join('; ')
  return `sed -i '${swap}' compose/compose.yaml`
}

async function removeSameImages(): Promise<void> {
  for (const service of ['api', 'store'])
    await execFileAsync('docker', ['image', 'rm', '--force', `${SAME_IMAGE_PREFIX}-${service}`]).catch(
      () => undefined,
    )
}

/** Measures one scenario on a fresh example repository and returns its results file. */
export async function measureScenario(scenario: string, run: ScenarioRun): Promise<ResultsFile> {
  const repo = await makeExampleRepo({ headEnv: SCENARIOS[scenario] })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-detection-'))
  try {
    const prepare = SAME_IMAGE ? { prepare: await sameImagePrepare(repo.dir) } : {}
    const { resultsPath } = await measure({
      settings: settingsFor(repo.dir, {
        'work-dir': workDir,
        'min-rounds': String(run.minRounds),
        'max-rounds': String(run.maxRounds),
        warmup: '3s',
        seed: String(run.seed),
        // The product's defaults (fresh instances every round), not the test kit's one instance per arm;
        // FRESH_INSTANCES and ARMS_UNDER_LOAD=both (duet) for the design table.
        'fresh-instances': process.env.FRESH_INSTANCES ?? '',
        'arms-under-load': process.env.ARMS_UNDER_LOAD ?? '',
      }),
      bench: exampleBenchmark({ k6Env: { ...TRIAL, ...run.trial }, ...scriptOf(scenario), ...prepare }),
      arms: ['base', 'head'],
      baseSha: repo.baseSha,
      meta: { runId: `det${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
      shouldExtend: run.shouldExtend,
      onProgress: (e) => run.onProgress?.(e.message),
    })
    return JSON.parse(await readFile(resultsPath, 'utf8')) as ResultsFile
  } finally {
    if (SAME_IMAGE) await removeSameImages()
    await rm(workDir, { recursive: true, force: true })
    await repo.cleanup()
  }
}
