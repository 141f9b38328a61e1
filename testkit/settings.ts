import os from 'node:os'
import path from 'node:path'
import { readSettings } from '../src/settings/read-settings'
import type { BenchmarkSettings, Settings } from '../src/settings/types'

// Settings built by the action's own reader from action.yml inputs, so a new setting gets its
// default here without the kit changing.

/** The bundled example as one benchmark, compared in short rounds with a fixed round order. */
const EXAMPLE_INPUTS: Record<string, string> = {
  mode: 'compare',
  name: 'api',
  'compose-file': 'compose/compose.yaml',
  service: 'api',
  port: '8080',
  'k6-script': 'compose/k6/api.js',
  'k6-env': 'DURATION=2s\nRATE=80',
  prepare: 'bash compose/prepare.sh',
  'min-rounds': '3',
  'max-rounds': '3',
  // Three rounds can never show a significant regression, and such a gate is refused: these runs measure.
  'fail-on': 'INVALID',
  warmup: '1s',
  seed: '1234',
  // One instance per arm keeps these short runs short; e2e/fresh-instances covers recreation.
  'fresh-instances': 'run',
}

/**
 * Settings for the example checked out at `workspace`, read from the example's inputs with
 * `inputs` (action.yml names, e.g. `{ 'min-rounds': '2' }`) over them.
 */
export function settingsFor(workspace: string, inputs: Record<string, string> = {}): Settings {
  const all = { ...EXAMPLE_INPUTS, ...inputs }
  return readSettings((name) => all[name] ?? '', {
    workspace,
    eventName: 'pull_request',
    defaultWorkDir: path.join(os.tmpdir(), 'loadgate'),
  })
}

/** Settings for the example with `workDir` and typed fields set after reading. */
export function exampleSettings(
  workspace: string,
  workDir: string,
  overrides: Partial<Settings> = {},
): Settings {
  return { ...settingsFor(workspace, { 'work-dir': workDir }), ...overrides }
}

/** The example's benchmark as the reader makes it (its files are read from this checkout). */
export function exampleBenchmark(overrides: Partial<BenchmarkSettings> = {}): BenchmarkSettings {
  const [benchmark] = settingsFor(process.cwd()).benchmarks
  return { ...benchmark!, ...overrides }
}
