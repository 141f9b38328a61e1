import * as core from '@actions/core'
import path from 'node:path'
import { readRunContext } from '../forge/github/context'
import { errorMessage } from '../util/errors'
import { refuseUntrustedEvent } from '../measure/checkout'
import { installSignalHandlers } from '../measure/cleanup'
import { loadSettings } from '../settings/load'
import { secretValues } from '../settings/secrets'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { failureText, logLine } from './log'
import { actionReporter } from './reporter'
import { saveTrackedResources } from './state'
import type { Settings } from '../settings/types'
import { worstVerdict } from '../decide'

/** The action's entry point: the one place that turns an error into a failed step. */
export async function run(): Promise<void> {
  try {
    const context = readRunContext()
    const settings = loadSettings((name) => core.getInput(name), {
      workspace: context.workspace,
      eventName: context.eventName,
      defaultWorkDir: path.join(context.tempDir, 'loadgate'),
    })
    for (const secret of secretValues(settings)) core.setSecret(secret)
    // report and accept run none of the pull request's code.
    if (settings.mode !== 'report' && settings.mode !== 'accept') refuseUntrustedEvent(context.eventName)
    core.info(logLine(describeSettings(settings)))
    saveTrackedResources()
    installSignalHandlers()
    const outcomes: BenchmarkOutcome[] = []
    // An acceptance covers every benchmark of the pull request at once.
    const perBenchmark = settings.benchmarks.length > 0 && settings.mode !== 'accept'
    for (const bench of perBenchmark ? settings.benchmarks : [null]) {
      outcomes.push(await runBenchmark(settings, bench, context, actionReporter()))
    }
    setOutputs(outcomes, settings.workDir)
    await core.summary.write()
    const blocking = outcomes.filter((o) => o.blocking)
    if (blocking.length > 0) {
      core.setFailed(failureText(blocking.map((o) => `${o.benchmark}: ${o.headline}`).join('; ')))
    }
  } catch (error) {
    core.setFailed(failureText(errorMessage(error)))
  }
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

function setOutputs(outcomes: BenchmarkOutcome[], workDir: string): void {
  const verdict = worstVerdict(outcomes.map((o) => o.verdict))
  core.setOutput('verdict', verdict ?? '')
  core.setOutput('results-file', outcomes.length === 1 ? (outcomes[0]?.resultsFile ?? '') : workDir)
  core.setOutput(
    'comment-url',
    outcomes
      .map((o) => o.commentUrl)
      .filter(Boolean)
      .join('\n'),
  )
  core.setOutput('dashboard-url', outcomes.find((o) => o.dashboardUrl)?.dashboardUrl ?? '')
}
