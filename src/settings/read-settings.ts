import path from 'node:path'
import { benchmarksFrom } from './benchmarks'
import { differingKeys, keyLabel, NO_CONFIG_FILE, readConfig, type ConfigFile } from './config-file'
import { builtInDefault, inputNamesIn } from './input-lookup'
import { parseDataDir } from './data-dir'
import { historyFrom } from './history-settings'
import { INPUTS, type InputName } from './inputs'
import { checkRoundsPlan } from './rounds-plan'
import {
  boolean,
  booleanOr,
  fail,
  integer,
  oneOf,
  parseDuration,
  parseFailOn,
  parseFraction,
  parseArmsUnderLoad,
  parseTrialLength,
  parseWarmup,
  parseFreshInstances,
  probability,
} from './values'
import type { BaselineKind } from '../model/types'
import { profileModeSchema } from '../model/profile'
import { loadFrom } from './load-backend'
import { targetFrom } from './target'
import { segmentDirsFrom, segmentFrom } from './segment'
import { acceptLabel, trustedBases } from './acceptance'
import { parseCc, parseWebhook, WEBHOOK_TIMEOUT_MS } from './notify'
import { passEnvFrom } from './pass-env'
import type { CommentMode, ReviewMode, RunMode, Settings } from './types'

/** Reads one raw input by its action.yml name ('' when unset). */
export type InputReader = (name: string) => string

export interface SettingsContext {
  /** The checkout of the head (GITHUB_WORKSPACE or the current directory). */
  workspace: string
  /** The event that triggered the run; decides `mode: auto`. */
  eventName: string
  /** Default for `work-dir` (RUNNER_TEMP/loadgate on a runner). */
  defaultWorkDir: string
  /** Where a relative `config` path is looked for first (the CLI's current directory). */
  cwd?: string
  /**
   * A maintainer's trusted run: `config` as the trusted branch has it. It replaces the head's file
   * whole, so nothing the head's file says chooses what is compared or how (see docs/security.md).
   */
  trustedConfig?: ConfigFile
}

function resolveMode(value: string, eventName: string): RunMode {
  const mode = oneOf('mode', value, [
    'auto',
    'compare',
    'record',
    'report',
    'calibrate',
    'merge',
    'accept',
    'announce',
    'skip',
  ] as const)
  if (mode !== 'auto') return mode
  if (eventName === 'pull_request' || eventName === 'pull_request_target') return 'compare'
  if (eventName === 'workflow_run') return 'report'
  if (eventName === 'issue_comment') return 'accept'
  if (eventName === 'push' || eventName === 'schedule' || eventName === 'workflow_dispatch') return 'record'
  return fail('mode', 'auto', `compare, record or report to be set for the '${eventName || 'unknown'}' event`)
}

/** Every input once, with loadgate.yml beside them: where each setting's value comes from. */
function inputSources(
  read: InputReader,
  context: Pick<SettingsContext, 'workspace' | 'cwd' | 'trustedConfig'>,
) {
  const workspace = path.resolve(context.workspace)
  const inputs: Record<string, string> = {}
  for (const { name } of INPUTS) inputs[name] = read(name).trim()
  const { config, ignoredHeadSettings } = configOf(inputs.config ?? '', workspace, context)
  return {
    workspace,
    inputs,
    config,
    ignoredHeadSettings,
    // Precedence: explicit input > loadgate.yml top level > built-in default.
    value: (name: InputName): string => inputs[name] || config.shared[name] || builtInDefault(name),
    // Errors blame where the value came from: the input (flag) itself, or loadgate.yml's key and line.
    label: (name: InputName): string =>
      !inputs[name] && config.shared[name] ? keyLabel(config, inputs.config ?? '', [name]) : name,
    /** Whether the user set it (as an input or in loadgate.yml), not left to its built-in default. */
    isSet: (name: InputName): boolean => Boolean(inputs[name] || config.shared[name]),
  }
}

/**
 * loadgate.yml: the head's own, or in a trusted run the trusted branch's, with the keys on which
 * the head's file (unreadable counts as empty) differs from it.
 */
function configOf(
  file: string,
  workspace: string,
  context: Pick<SettingsContext, 'cwd' | 'trustedConfig'>,
): { config: ConfigFile; ignoredHeadSettings: string[] } {
  if (!file) return { config: NO_CONFIG_FILE, ignoredHeadSettings: [] }
  if (!context.trustedConfig)
    return { config: readConfig(file, workspace, context.cwd), ignoredHeadSettings: [] }
  let head = NO_CONFIG_FILE
  try {
    head = readConfig(file, workspace, context.cwd)
  } catch {
    // The head's file is only compared with the trusted one, never used: a broken one differs.
  }
  return { config: context.trustedConfig, ignoredHeadSettings: differingKeys(head, context.trustedConfig) }
}

/** Where recorded runs are stored, by the same precedence as every setting: what a saved run needs to be pushed. */
export function readStoreSettings(
  read: InputReader,
  context: Pick<SettingsContext, 'workspace' | 'cwd'>,
): Pick<Settings, 'workspace' | 'ghPagesBranch' | 'history' | 'dataDir' | 'retention'> {
  const { workspace, inputs, value, label } = inputSources(read, context)
  return {
    workspace,
    ghPagesBranch: value('gh-pages-branch'),
    history: historyFrom(value, label, inputs['history-token'] ?? '', workspace),
    dataDir: parseDataDir(value('data-dir'), builtInDefault('data-dir')),
    retention: integer(label('retention'), value('retention'), 0, 1_000_000),
  }
}

/** Reads every input once into a validated Settings; the first bad value throws a one-line SettingsError. */
export function readSettings(read: InputReader, context: SettingsContext): Settings {
  const { workspace, inputs, config, ignoredHeadSettings, value, label, isSet } = inputSources(read, context)

  const mode = resolveMode(value('mode'), context.eventName)
  const minRounds = integer(label('min-rounds'), value('min-rounds'), 1, 200)
  const maxRounds = integer(label('max-rounds'), value('max-rounds'), 1, 200)
  // Blamed on the one the user set: min-rounds 30 against the default max-rounds is min-rounds' fault.
  if (maxRounds < minRounds && isSet('max-rounds'))
    fail(label('max-rounds'), value('max-rounds'), `at least min-rounds (${minRounds})`)
  if (maxRounds < minRounds)
    fail(label('min-rounds'), value('min-rounds'), `at most max-rounds (${maxRounds}, its default)`)
  const failOn = parseFailOn(label('fail-on'), value('fail-on'))

  const explicitBench: Record<string, string> = {}
  for (const name of inputNamesIn('benchmark')) explicitBench[name] = inputs[name] ?? ''
  const baseline = oneOf<BaselineKind>(label('baseline'), value('baseline'), ['rerun', 'stored'])
  const target = targetFrom(value, mode, baseline)
  const load = loadFrom(value, target.kind)
  const benchmarks = benchmarksFrom(explicitBench, config, inputs.config ?? '', workspace, mode, target.kind)
  checkRoundsPlan({
    mode,
    baseline,
    minRounds,
    maxRounds,
    failOn,
    benchmarks,
  })

  const seedText = value('seed')
  const segment = segmentFrom(value('segment'), {
    mode,
    baseline,
    target: target.kind,
    deploy: target.kind === 'url' ? target.deploy : '',
  })
  if (segment && maxRounds !== minRounds)
    fail(
      label('max-rounds'),
      String(maxRounds),
      `min-rounds (${minRounds}) with segment: the segment jobs cannot agree to extend the rounds`,
    )
  if (segment && !seedText)
    fail(
      'seed',
      '',
      `one fixed number shared by every segment job (segment is ${segment.index}/${segment.count})`,
    )
  const warmup = parseWarmup(label('warmup'), value('warmup'))
  const reportFile = inputs['report-file'] ?? ''
  if (mode === 'report' && !reportFile)
    fail('report-file', '', 'the comparison artifact to report (mode: report)')

  return {
    mode,
    baseline,
    target,
    segment,
    segmentDirs: segmentDirsFrom(inputs['segment-dirs'] ?? '', mode).map((dir) =>
      path.resolve(workspace, dir),
    ),
    baseRef: value('base-ref'),
    ignoredHeadSettings,
    k6Version: value('k6-version').replace(/^v/, ''),
    load,
    passEnv: passEnvFrom(label('pass-env'), value('pass-env'), { mode, eventName: context.eventName }),
    minRounds,
    maxRounds,
    warmupSeconds: warmup.seconds,
    warmupUntilSteady: warmup.untilSteady,
    warmupByRuntime: warmup.byRuntime,
    freshInstances: parseFreshInstances(label('fresh-instances'), value('fresh-instances')),
    pauseIdleArm: booleanOr(label('pause-idle-arm'), value('pause-idle-arm'), ['auto']),
    profile: oneOf(label('profile'), value('profile'), profileModeSchema.options),
    armsUnderLoad: parseArmsUnderLoad(label('arms-under-load'), value('arms-under-load'), load.kind),
    trialLength: parseTrialLength(label('trial-length'), value('trial-length')),
    discardSeconds: parseDuration(label('discard-seconds'), value('discard-seconds')),
    maxErrorRate: parseFraction(label('max-error-rate'), value('max-error-rate')),
    maxDroppedRate: parseFraction(label('max-dropped-rate'), value('max-dropped-rate')),
    githubToken: inputs['github-token'] ?? '',
    ghPagesBranch: value('gh-pages-branch'),
    history: historyFrom(value, label, inputs['history-token'] ?? '', workspace),
    dataDir: parseDataDir(value('data-dir'), builtInDefault('data-dir')),
    comment: oneOf<CommentMode>(label('comment'), value('comment'), [
      'on',
      'on-change',
      'unless-no-change',
      'off',
    ]),
    status: boolean(label('status'), value('status')),
    review: oneOf<ReviewMode>(label('review'), value('review'), [
      'off',
      'approve',
      'request-changes',
      'both',
    ]),
    failOn,
    retention: integer(label('retention'), value('retention'), 0, 1_000_000),
    changePoints: {
      mode: oneOf(label('change-points'), value('change-points'), ['issue', 'off'] as const),
      maxP: probability(label('change-point-max-p'), value('change-point-max-p')),
      minChange: parseFraction(label('change-point-min-change'), value('change-point-min-change')),
      minRuns: integer(label('change-point-min-runs'), value('change-point-min-runs'), 1, 1000),
    },
    notify: {
      webhook: parseWebhook('notify-webhook', inputs['notify-webhook'] ?? ''),
      cc: parseCc(label('cc'), value('cc')),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    },
    workDir: path.resolve(workspace, value('work-dir') || context.defaultWorkDir),
    seed: seedText ? integer('seed', seedText, 0, 2 ** 31 - 1) : Math.floor(Math.random() * 2 ** 31),
    workspace,
    reportFile: reportFile ? path.resolve(workspace, reportFile) : '',
    calibrationFile: value('calibration') ? path.resolve(workspace, value('calibration')) : '',
    calibrateBudgetSeconds: parseDuration(label('calibrate-budget'), value('calibrate-budget')),
    acceptLabel: acceptLabel(label('accept-label'), value('accept-label')),
    trustedBases: trustedBases(label('trusted-bases'), value('trusted-bases')),
    skipReason: value('skip-reason').replace(/\s+/g, ' ').trim().slice(0, 100),
    benchmarks,
  }
}
