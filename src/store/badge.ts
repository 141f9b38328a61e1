import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { HistoryShifts } from '../decide/change-points'
import { BENCHMARK_NAME } from '../model/names'
import { measuredRuns } from '../model/run-record'
import type { RunRecord, Verdict } from '../model/types'
import { renderBadge, type BadgeState } from '../report/badge'
import { printable } from './run-files'

/**
 * The verdicts the default `fail-on` blocks on (a missed target through REGRESSION): what the badge
 * calls failing and the dashboard (site/app.js, its BAD set) marks red.
 */
export const FAILING_VERDICTS: ReadonlySet<Verdict> = new Set<Verdict>([
  'REGRESSION',
  'TARGET_MISSED',
  'INVALID',
])

/**
 * The state of a benchmark's newest run on its default branch (the branch its shifts are watched
 * on): failing when that run is invalid, a regression or missed a target, shifted while a lasting
 * shift stands that no accepted pull request started (what a shift issue is open for), ok otherwise.
 */
export function badgeState(records: readonly RunRecord[], found: HistoryShifts): BadgeState {
  const latest = measuredRuns(records)
    .filter((r) => r.branch === found.branch)
    .reduce<RunRecord | undefined>(
      (newest, r) => (!newest || r.meta.startedAt >= newest.meta.startedAt ? r : newest),
      undefined,
    )
  if (latest?.verdict && FAILING_VERDICTS.has(latest.verdict)) return 'failing'
  if (found.open.some((shift) => !shift.firstAfter.mergedThrough?.accepted)) return 'shifted'
  return 'ok'
}

/**
 * Rewrites `<root>/badges/` with one `<benchmark>.svg` per benchmark: rebuilt with the derived
 * files, so a badge is in the same commit as the run it describes. A name is a file name here:
 * anything but a benchmark name is refused before the folder is touched.
 */
export async function writeBadges(
  root: string,
  badges: ReadonlyArray<{ benchmark: string; state: BadgeState }>,
): Promise<void> {
  const unnamed = badges.find(({ benchmark }) => !BENCHMARK_NAME.test(benchmark))
  if (unnamed)
    throw new Error(
      `No badge for '${printable(unnamed.benchmark)}': expected a benchmark name (letters, digits, '.', '-', '_')`,
    )
  const dir = path.join(root, 'badges')
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  for (const { benchmark, state } of badges)
    await writeFile(path.join(dir, `${benchmark}.svg`), await renderBadge(benchmark, state))
}
