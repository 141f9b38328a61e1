import { defaultGatesShort } from '../settings/default-gates'
import { describeInput, inputsIn } from '../settings/input-lookup'
import type { InputSpec } from '../settings/inputs'
import { commandSettings, type MeasureCommand } from './flags'

/** The groups of a measuring command's flags, in the order its --help and docs/cli.md show them. */
export const GROUPS = ['What to run', 'How to measure', 'How to decide', 'Output'] as const
export type Group = (typeof GROUPS)[number] | 'Other'

interface FlagHelp {
  group: Group
  /** The value's placeholder, e.g. `<file>`. */
  value: string
  /**
   * The line --help gives the flag (its built-in default is added); a flag without one is only
   * named, and docs/cli.md describes it.
   */
  summary?: string
}

/** Every setting's place in --help. A setting missing here is shown under 'Other', never hidden. */
const FLAGS: Record<string, FlagHelp> = {
  config: {
    group: 'What to run',
    value: '<file>',
    summary: "loadgate.yml to read (default: the repository root's loadgate.yml, if there is one)",
  },
  'k6-script': {
    group: 'What to run',
    value: '<file>',
    summary: 'k6 script; it gets the target as __ENV.BASE_URL',
  },
  'compose-file': {
    group: 'What to run',
    value: '<file>',
    summary: 'Compose file that starts the service',
  },
  service: { group: 'What to run', value: '<name>', summary: 'Compose service k6 targets' },
  port: {
    group: 'What to run',
    value: '<port>',
    summary: 'its container port, published with no host port (ports: ["8080"])',
  },
  prepare: { group: 'What to run', value: '<command>', summary: "run in each arm's tree before the build" },
  name: { group: 'What to run', value: '<name>' },
  'k6-env': { group: 'What to run', value: '<NAME=value lines>' },
  'k6-version': { group: 'What to run', value: '<version>' },
  target: { group: 'What to run', value: '<compose|url>' },
  'base-url': { group: 'What to run', value: '<url>' },
  'head-url': { group: 'What to run', value: '<url>' },
  deploy: { group: 'What to run', value: '<command>' },
  teardown: { group: 'What to run', value: '<command>' },
  'ready-path': { group: 'What to run', value: '<path>' },
  'ready-timeout': { group: 'What to run', value: '<duration>' },
  load: { group: 'What to run', value: '<k6|k6-operator>' },
  'k8s-namespace': { group: 'What to run', value: '<namespace>' },
  'k6-operator-parallelism': { group: 'What to run', value: '<n>' },
  'k6-operator-claim': { group: 'What to run', value: '<claim>' },
  'min-rounds': {
    group: 'How to measure',
    value: '<n>',
    summary: 'rounds before the first look',
  },
  'max-rounds': {
    group: 'How to measure',
    value: '<n>',
    summary: 'the most rounds a run takes',
  },
  warmup: {
    group: 'How to measure',
    value: '<duration>',
    summary: 'warm-up of every new instance, e.g. 30s; 0 disables',
  },
  'arms-under-load': {
    group: 'How to measure',
    value: '<one-at-a-time|alternating|both>',
    summary: 'measure one arm at a time, alternate them in slices of each round, or both at once',
  },
  'trial-length': { group: 'How to measure', value: '<script|auto>' },
  'fresh-instances': { group: 'How to measure', value: '<round|run>' },
  'pause-idle-arm': { group: 'How to measure', value: '<auto|true|false>' },
  profile: { group: 'How to measure', value: '<on-regression|always|off>' },
  'discard-seconds': { group: 'How to measure', value: '<seconds>' },
  seed: { group: 'How to measure', value: '<n>' },
  'calibrate-budget': {
    group: 'How to decide',
    value: '<duration>',
    summary: 'the plan that fits a run this long, e.g. 10m; 0 for none',
  },
  thresholds: {
    group: 'How to decide',
    value: '<rules>',
    summary: `one rule per line, e.g. "p95 +10%" (default gates: ${defaultGatesShort()})`,
  },
  'fail-on': {
    group: 'How to decide',
    value: '<verdicts>',
    summary: 'verdicts that exit 1',
  },
  baseline: { group: 'How to decide', value: '<rerun|stored>' },
  erratic: { group: 'How to decide', value: '<series: reason lines>' },
  'max-error-rate': { group: 'How to decide', value: '<rate>' },
  'max-dropped-rate': { group: 'How to decide', value: '<rate>' },
  'work-dir': {
    group: 'Output',
    value: '<dir>',
    summary: "results and report.html (default: a temporary folder; the previous run's is moved aside)",
  },
  'gh-pages-branch': { group: 'Output', value: '<branch>' },
  'history-repository': { group: 'Output', value: '<owner/name|url|path>' },
  'history-path': { group: 'Output', value: '<file>' },
  'data-dir': { group: 'Output', value: '<dir>' },
  retention: { group: 'Output', value: '<n>' },
}

export function flagHelp(name: string): FlagHelp {
  return FLAGS[name] ?? { group: 'Other', value: '<value>' }
}

/** `--name <value>`: a flag as usage shows it. */
export function flagUsage(input: Pick<InputSpec, 'name'>): string {
  return `--${input.name} ${flagHelp(input.name).value}`
}

/**
 * The settings of `command` in one group: the summarised ones first, in the order above (what a
 * newcomer sets first), then the others in the input table's order.
 */
export function settingsIn(command: MeasureCommand, group: Group): InputSpec[] {
  const inGroup = commandSettings(command).filter((input) => flagHelp(input.name).group === group)
  const order = Object.keys(FLAGS)
  const summarised = inGroup
    .filter((input) => flagHelp(input.name).summary)
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
  return [...summarised, ...inGroup.filter((input) => !flagHelp(input.name).summary)]
}

const MEASURING: readonly MeasureCommand[] = ['compare', 'record', 'calibrate']

/**
 * docs/cli.md's reference of every setting flag, grouped as --help groups them, each with the
 * action's description and the commands that take it (`npm run docs` writes it).
 */
export function flagsReference(): string {
  const lines: string[] = []
  const cliInputs = inputsIn('cli')
  for (const group of [...GROUPS, 'Other'] as const) {
    const inputs = cliInputs.filter((input) => flagHelp(input.name).group === group)
    if (inputs.length === 0) continue
    lines.push(`### ${group}`, '', '| flag | meaning | commands |', '|---|---|---|')
    for (const input of inputs) {
      const commands = MEASURING.filter((c) => commandSettings(c).some((s) => s.name === input.name))
      const meaning = describeInput(input, 'cli').replace(/\|/g, '\\|')
      const usage = flagUsage(input).replace(/\|/g, '\\|')
      lines.push(`| \`${usage}\` | ${meaning} | ${commands.join(', ')} |`)
    }
    lines.push('')
  }
  return lines.join('\n')
}
