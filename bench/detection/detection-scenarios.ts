// The detection benchmark's scenarios and how one is measured: a reference service (the bundled
// example, or with SERVICE=cpu-bound the CPU-bound one) under loadgate's own measure step (real
// Compose stacks, real k6), base and head interleaved.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { installSignalHandlers, track } from '../../src/measure/cleanup'
import { measure } from '../../src/measure/measure'
import type { ResultsFile } from '../../src/model/types'
import { makeExampleRepo, type ExampleFolder } from '../../testkit/example-repo'
import { settingsFor } from '../../testkit/settings'

const execFileAsync = promisify(execFile)

// Ctrl-C (or a kill) mid-run removes the run's stacks and worktrees, as the CLI does, and the
// bench's own repository and work directory tracked below: nothing is left to remove by hand.
installSignalHandlers()

/**
 * Scenario → the head's `.env`: A/A (the head changes nothing), then the example's knobs. The
 * `many:` ones run k6/many.js over eight endpoints; LATENCY_ROUTE slows one route only.
 */
const EXAMPLE_SCENARIOS: Record<string, string> = {
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

/** The CPU-bound service's knob: `percent` more of GET /top's own work (sorting). */
const topSlower = (percent: number) => `CPU_WORK_PERCENT=${percent}\nCPU_WORK_ROUTE=GET /top`

/**
 * The CPU-bound service's scenarios, named by what a client sees: of the knob's extra work a client
 * sees a little under half on GET /top, measured as a default run measures a round
 * (bench/detection/knob-effect.ts, cpu-bound/README.md).
 */
const CPU_BOUND_SCENARIOS: Record<string, string> = {
  'a-a': '',
  'cpu+2%': topSlower(4.5),
  'cpu+5%': topSlower(11),
  'cpu+10%': topSlower(22),
  // Beyond any δ: for checking that the machine-speed probe does not follow the head's change.
  'cpu+30%': topSlower(66),
  'many:a-a': '',
  'many:cpu+10%': topSlower(22),
}

const CPU_BOUND_INPUTS = {
  'compose-file': 'cpu-bound/compose.yaml',
  'k6-script': 'cpu-bound/k6/mixed.js',
  prepare: 'bash cpu-bound/prepare.sh',
}

interface ReferenceService {
  label: string
  folder: ExampleFolder
  scenarios: Record<string, string>
  /** What detection-confirm runs when no scenario is named. */
  defaultScenarios: string[]
  /** The benchmark's inputs (action.yml names): mixed load, and the `many:` one over eight endpoints. */
  bench: Record<string, string>
  many: Record<string, string>
  rate: string
  /** The Compose services built from a folder of the same name (`build: ./<service>`). */
  services: string[]
}

const SERVICES: Record<string, ReferenceService> = {
  compose: {
    label: 'the bundled example',
    folder: 'compose',
    scenarios: EXAMPLE_SCENARIOS,
    defaultScenarios: ['a-a', 'latency+10%'],
    bench: {},
    many: { 'k6-script': 'compose/k6/many.js', name: 'many' },
    // The example workflow's rate.
    rate: '100',
    services: ['api', 'store'],
  },
  'cpu-bound': {
    label: 'the CPU-bound service',
    folder: 'cpu-bound',
    scenarios: CPU_BOUND_SCENARIOS,
    defaultScenarios: ['a-a', 'cpu+10%'],
    bench: { name: 'mixed', ...CPU_BOUND_INPUTS },
    many: { name: 'many', ...CPU_BOUND_INPUTS, 'k6-script': 'cpu-bound/k6/many.js' },
    rate: '150',
    services: ['api'],
  },
}

const serviceName = process.env.SERVICE || 'compose'
if (!(serviceName in SERVICES))
  throw new Error(`SERVICE=${serviceName}: expected one of ${Object.keys(SERVICES).join(', ')}`)
/**
 * The reference service every scenario runs on: the bundled example (compose/), or with
 * SERVICE=cpu-bound the CPU-bound one (cpu-bound/).
 */
export const SERVICE = SERVICES[serviceName]!

export const SCENARIOS = SERVICE.scenarios

/** The benchmark inputs of a scenario: the eight-endpoint load for `many:` ones. */
function inputsOf(scenario: string): Record<string, string> {
  return scenario.startsWith('many:') ? SERVICE.many : SERVICE.bench
}

/**
 * The trial every scenario uses: the service's rate, trials shortened to 5 s; TRIAL_RATE and
 * TRIAL_DURATION override them (e.g. enough requests for every endpoint of `many:`).
 */
export const TRIAL = {
  DURATION: process.env.TRIAL_DURATION ?? '5s',
  RATE: process.env.TRIAL_RATE ?? SERVICE.rate,
}

/** SAME_IMAGE=1: both arms run one image per service, built once, in their two stacks. */
const SAME_IMAGE = process.env.SAME_IMAGE === '1'
const SAME_IMAGE_PREFIX = `loadgate-same-image-${process.pid}`

/**
 * Builds the service's images once (from the base commit, before any arm starts) and returns the
 * `prepare` that makes each arm's compose file run those images instead of building its own: an
 * A/A with the same image in both stacks tells an offset of the stacks from one of the builds.
 */
async function sameImagePrepare(dir: string): Promise<string> {
  const { folder, services } = SERVICE
  await execFileAsync('bash', [`${folder}/prepare.sh`], { cwd: dir })
  for (const service of services)
    await execFileAsync(
      'docker',
      ['build', '-q', '-t', `${SAME_IMAGE_PREFIX}-${service}`, `${folder}/${service}`],
      {
        cwd: dir,
      },
    )
  const swap = services.map((s) => `s#build: ./${s}#image: ${SAME_IMAGE_PREFIX}-${s}#`).join('; ')
  return `sed -i '${swap}' ${folder}/compose.yaml`
}

/**
 * NO_HEALTH_CHECK=1 (the CPU-bound service): each arm's compose file loses its 1-s health check
 * before the stack starts, so no `docker exec` runs in the measured container during a trial (the
 * service starts in milliseconds and the warm-up absorbs it). Against a run with it, this tells what
 * the checks add to the rounds' noise.
 */
const NO_HEALTH_CHECK = process.env.NO_HEALTH_CHECK === '1'
function withoutHealthCheck(prepare: string): string {
  if (SERVICE.folder !== 'cpu-bound') throw new Error('NO_HEALTH_CHECK=1 applies to SERVICE=cpu-bound')
  return `${prepare} && sed -i '/^    healthcheck:/,$d' cpu-bound/compose.yaml`
}

async function removeSameImages(): Promise<void> {
  for (const service of SERVICE.services)
    await execFileAsync('docker', ['image', 'rm', '--force', `${SAME_IMAGE_PREFIX}-${service}`]).catch(
      () => undefined,
    )
}

export interface ScenarioRun {
  minRounds: number
  maxRounds: number
  seed: number
  /** Asked once after min-rounds, as the gate asks (see pipeline.ts). */
  shouldExtend?: (partial: ResultsFile) => boolean
  onProgress?: (message: string) => void
  /** k6-env over TRIAL, e.g. the longer trials a calibration suggests. */
  trial?: Record<string, string>
  /** Copies the work directory (every trial's raw k6 output) here before it is removed. */
  keepRaw?: string
  /** Settings over the scenario's own (action.yml names), e.g. thresholds. */
  inputs?: Record<string, string>
}

/** Measures one scenario on a fresh example repository and returns its results file. */
export async function measureScenario(scenario: string, run: ScenarioRun): Promise<ResultsFile> {
  const repo = await makeExampleRepo({ headEnv: SCENARIOS[scenario], folder: SERVICE.folder })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-detection-'))
  const removeScratch = track({ kind: 'bench scratch', id: workDir, path: repo.dir }, async () => {
    if (SAME_IMAGE) await removeSameImages()
    await rm(workDir, { recursive: true, force: true })
    await repo.cleanup()
  })
  try {
    const prepare: Record<string, string> = SAME_IMAGE ? { prepare: await sameImagePrepare(repo.dir) } : {}
    if (NO_HEALTH_CHECK) prepare.prepare = withoutHealthCheck(prepare.prepare ?? inputsOf(scenario).prepare!)
    const settings = settingsFor(repo.dir, {
      ...inputsOf(scenario),
      ...prepare,
      'work-dir': workDir,
      'min-rounds': String(run.minRounds),
      'max-rounds': String(run.maxRounds),
      // The product's warm-up of every new instance unless WARMUP names another.
      warmup: process.env.WARMUP ?? '',
      seed: String(run.seed),
      // The product's defaults (fresh instances every round), not the test kit's one instance per arm;
      // FRESH_INSTANCES and ARMS_UNDER_LOAD=both (duet) for the design table, PAUSE_IDLE_ARM=false to
      // leave the arm not under load running.
      'fresh-instances': process.env.FRESH_INSTANCES ?? '',
      'arms-under-load': process.env.ARMS_UNDER_LOAD ?? '',
      'trial-length': process.env.TRIAL_LENGTH ?? '',
      'pause-idle-arm': process.env.PAUSE_IDLE_ARM ?? '',
      ...run.inputs,
    })
    const { resultsPath } = await measure({
      settings,
      bench: { ...settings.benchmarks[0]!, k6Env: { ...TRIAL, ...run.trial } },
      arms: ['base', 'head'],
      baseSha: repo.baseSha,
      meta: { runId: `det${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
      shouldExtend: run.shouldExtend,
      onProgress: (e) => run.onProgress?.(e.message),
    })
    return JSON.parse(await readFile(resultsPath, 'utf8')) as ResultsFile
  } finally {
    if (run.keepRaw) await cp(workDir, run.keepRaw, { recursive: true })
    await removeScratch()
  }
}
