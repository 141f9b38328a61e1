import * as core from '@actions/core'
import path from 'node:path'
import { createForge, type RunContext } from '../forge'
import { readRunContext } from '../forge/github/context'
import { readTrustedConfig, readTrustedRunTarget } from '../forge/github/trusted-run'
import { errorMessage } from '../util/errors'
import { refuseUntrustedEvent } from '../measure/checkout'
import { installSignalHandlers, interruptSignal } from '../measure/cleanup'
import { readSettings } from '../settings/read-settings'
import { secretValues } from '../settings/secrets'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { failureText, logLine } from './log'
import { actionReporter } from './reporter'
import { claimPostStepState, saveTrackedResources } from './state'
import type { Settings } from '../settings/types'
import { GateKeeper, unsettledText } from './gates'
import { reportSettingsError } from './settings-error'
import { annotateBlocked, setOutputs } from './outputs'
import { installK6ThroughToolCache } from './k6-tool-cache'

/** The action's entry point: the one place that turns an error into a failed step. */
export async function run(): Promise<void> {
  try {
    claimPostStepState()
    const context = readRunContext()
    const settings = await actionSettings(context)
    for (const secret of secretValues(settings)) core.setSecret(secret)
    // report, accept and announce run none of the pull request's code.
    if (!['report', 'accept', 'announce', 'skip'].includes(settings.mode))
      refuseUntrustedEvent(context.eventName)
    core.info(logLine(describeSettings(settings)))
    saveTrackedResources()
    installSignalHandlers()
    installK6ThroughToolCache()
    const { outcomes, unsettled } = await runAll(settings, context)
    setOutputs(outcomes, settings.workDir)
    annotateBlocked(outcomes)
    await writeSummary()
    const blocking = outcomes.filter((o) => o.blocking)
    const failures = blocking.map((o) => `${o.benchmark}: ${o.headline}`)
    if (unsettled.length > 0) failures.push(unsettledText(unsettled))
    if (failures.length > 0) core.setFailed(failureText(failures.join('; ')))
  } catch (error) {
    core.setFailed(failureText(errorMessage(error)))
    try {
      core.setOutput('verdict', 'ERROR')
      await writeSummary()
    } catch {
      // A runner without an output or summary file: the failed step says it all.
    }
  }
}

/** The settings; a bad one is also reported on the pull request, so a required status does not wait. */
async function actionSettings(context: RunContext): Promise<Settings> {
  const read = (name: string) => core.getInput(name)
  const settingsContext = {
    workspace: context.workspace,
    eventName: context.eventName,
    defaultWorkDir: path.join(context.tempDir, 'loadgate'),
  }
  try {
    const trusted = readTrustedRunTarget()
    const config = read('config').trim()
    const trustedConfig =
      trusted && config
        ? await readTrustedConfig(context.workspace, config, trusted.settingsCommit)
        : undefined
    return readSettings(read, { ...settingsContext, trustedConfig })
  } catch (error) {
    await reportSettingsError(read, settingsContext, context, error)
    throw error
  }
}

/**
 * Every benchmark, each to its end: one that fails is reported (ERROR) and the next still runs.
 * A run that posts the gate sets every benchmark's status to pending before the first starts;
 * `unsettled` names those whose final status GitHub did not take.
 */
async function runAll(
  settings: Settings,
  context: RunContext,
): Promise<{ outcomes: BenchmarkOutcome[]; unsettled: string[] }> {
  // An acceptance covers every benchmark of the pull request at once.
  const perBenchmark = settings.benchmarks.length > 0 && settings.mode !== 'accept'
  const run = { context, reporter: actionReporter(), forge: createForge(context, settings.githubToken) }
  const gates = new GateKeeper(settings, run)
  await gates.announce(settings.benchmarks.map((b) => b.name))
  const outcomes: BenchmarkOutcome[] = []
  for (const bench of perBenchmark ? settings.benchmarks : [null]) {
    let outcome: BenchmarkOutcome
    try {
      outcome = await runBenchmark(settings, bench, context, run.reporter)
    } catch (error) {
      // An acceptance is refused whole: the step fails, no status is set; so is a report no pull
      // request's gate waits on. An interrupted run exits while it cleans up: its post step settles
      // the pending statuses.
      if (!bench || interruptSignal()) throw error
      if (settings.mode === 'report' && !gates.reportsFailures) throw error
      outcome = await gates.failed(bench.name, error)
    }
    outcomes.push(outcome)
    if (bench) gates.settled(bench.name, outcome)
  }
  return { outcomes, unsettled: gates.unsettled() }
}

/** The job summary, where the runner gives one (a failed benchmark writes to it too). */
async function writeSummary(): Promise<void> {
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.write()
}

function describeSettings(settings: Settings): string {
  if (settings.mode === 'accept')
    return `loadgate accept: a '/loadgate accept <reason>' comment or the '${settings.acceptLabel}' label`
  const names = settings.benchmarks.map((b) => b.name).join(', ') || 'from the report file'
  return (
    `loadgate ${settings.mode} (baseline ${settings.baseline}): ${names}; ` +
    `${settings.minRounds}–${settings.maxRounds} rounds, seed ${settings.seed}, fail on ${settings.failOn.join(', ') || 'nothing'}`
  )
}
