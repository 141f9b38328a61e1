import type { SeriesComparison, Trial } from '../model/types'
import { median } from './stats/basic'

/** A spread (p99/p50) that doubles or halves between arms is flagged even when medians hold. */
export const DISPERSION_FLAG_RATIO = 2

/** The median over trials of a series' latency spread, p99/p50. */
export function spread(trials: Trial[], key: string): number | null {
  const ratios = trials
    .map((t) => t.series.find((s) => s.key === key)?.latency)
    .filter((l): l is NonNullable<typeof l> => !!l && l.p50 > 0)
    .map((l) => l.p99 / l.p50)
  return median(ratios)
}

export function dispersion(base: number | null, head: number | null): SeriesComparison['dispersion'] {
  const ratio = base !== null && head !== null && base > 0 ? head / base : null
  return {
    base,
    head,
    ratio,
    flagged: ratio !== null && (ratio >= DISPERSION_FLAG_RATIO || ratio <= 1 / DISPERSION_FLAG_RATIO),
  }
}
