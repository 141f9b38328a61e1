import path from 'node:path'
import { findInvalidReasons } from '../decide'
import { measure } from '../measure/measure'
import type { Verdict } from '../model/types'
import type { BenchmarkSettings } from '../settings/types'
import { recordRun, toRunRecord } from '../store'
import { LoadgateError } from '../util/errors'
import { headCommit, measureOptions, type BenchmarkOutcome, type ModeRun } from './run'

/** `mode: record`: measures the head and appends the run to the history branch. */
export async function recordMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { settings, context, reporter, forge } = run
  const headSha = await headCommit(run)
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure`, () =>
    measure({ ...measureOptions(run, bench), arms: ['head'], headSha }),
  )
  const invalid = findInvalidReasons(results)
  const verdict: Verdict | null = invalid.length > 0 ? 'INVALID' : null
  const record = toRunRecord(results, null, context.branch || context.defaultBranch)
  record.verdict = verdict
  const stored = await reporter.group(`loadgate ${bench.name}: record to ${settings.ghPagesBranch}`, () =>
    recordRun({
      workspace: settings.workspace,
      branch: settings.ghPagesBranch,
      dataDir: settings.dataDir,
      record,
      retention: settings.retention,
      fallbackDir: path.dirname(resultsPath),
      committer: forge?.committer ?? null,
    }),
  )
  const headline =
    invalid.length > 0
      ? `Recorded an invalid run — ${invalid.map((r) => r.message).join('; ')}`
      : `Recorded ${results.trials.filter((t) => t.phase === 'measure').length} trials of ${bench.name}`
  reporter.summary(`### loadgate — ${bench.name}\n\n${headline}\n\nStored as \`${stored.path}\`.\n`)
  if (!stored.pushed) {
    throw new LoadgateError(
      `Could not push the run to '${settings.ghPagesBranch}' after ${stored.attempts} attempts (${stored.error}); ` +
        `it is saved in ${stored.fallbackFile} — upload it as an artifact and record it again`,
    )
  }
  reporter.info(`${bench.name}: ${headline}; stored ${stored.path}`)
  return {
    benchmark: bench.name,
    verdict,
    blocking: verdict !== null && settings.failOn.includes(verdict),
    headline,
    resultsFile: resultsPath,
    commentUrl: '',
    dashboardUrl: forge?.dashboardUrl(settings.dataDir, bench.name) ?? '',
  }
}
