import { historyShifts } from '../decide/change-points'
import { defaultShiftRules, shiftRulesOf } from '../settings/shift-rules'
import type { BenchmarkSettings, ChangePointSettings } from '../settings/types'
import { readHistory, type ShiftFinder } from '../store'
import { errorMessage } from '../util/errors'
import { historyOf, type ModeRun } from './mode-context'
import { syncShiftIssues } from './shift-issues'

/**
 * `change-points: issue`: after a run is recorded, finds the lasting shifts in the benchmark's
 * history of `branch` and keeps one issue per shift. Never fails the run: a missing token or
 * permission is a warning naming what to grant.
 */
export async function watchRecordedHistory(
  run: ModeRun,
  bench: BenchmarkSettings,
  branch: string,
): Promise<void> {
  const { settings, reporter, forge, context } = run
  if (settings.changePoints.mode !== 'issue') return
  if (!forge?.canPublish) {
    reporter.warning(
      'change-points: issue needs a token (github-token) that may write issues; no issue was filed',
    )
    return
  }
  await reporter.group(`loadgate ${bench.name}: change points`, async () => {
    const records = await readHistory(historyOf(run, bench.name))
    const { shifts } = historyShifts(records, {
      branch,
      fallback: shiftRulesOf(bench, settings.changePoints),
    })
    reporter.info(`${bench.name}: ${shifts.length} change points in ${records.length} recorded runs`)
    try {
      const done = await syncShiftIssues({
        forge,
        shifts,
        benchmark: bench.name,
        minChange: settings.changePoints.minChange,
        links: (shift) => ({
          serverUrl: context.serverUrl,
          repository: context.repository,
          dashboard: forge.dashboardUrl(settings.dataDir, bench.name, shift.series),
        }),
      })
      for (const line of done) reporter.info(`${bench.name}: ${line}`)
    } catch (error) {
      reporter.warning(
        `change-points: could not update the shift issues (${errorMessage(error)}); record.yml needs 'issues: write' when change-points is issue`,
      )
    }
  })
}

/**
 * How the dashboard's shifts are decided when a run is stored: each benchmark's by the rules of its
 * newest run, else by its settings here (when this run knows the benchmark), else the defaults. The
 * same function as the watcher's above, so the dashboard draws what the issues say.
 */
export function shiftFinder(
  benchmarks: readonly BenchmarkSettings[] = [],
  changePoints?: ChangePointSettings,
): ShiftFinder {
  return (name, records) => {
    const bench = benchmarks.find((b) => b.name === name)
    const fallback = bench && changePoints ? shiftRulesOf(bench, changePoints) : defaultShiftRules()
    return historyShifts(records, { fallback })
  }
}
