import type { Comparison, SeriesComparison } from '../model/types'

/** The series the settings mark erratic: reported, never gating. */
export function erraticSeries(comparison: Comparison): Array<SeriesComparison & { erratic: string }> {
  return comparison.series.filter((s): s is SeriesComparison & { erratic: string } => s.erratic !== undefined)
}

/** One sentence for an erratic series; `label` and `reason` already made safe for where they go. */
export function erraticText(label: string, reason: string): string {
  return `${label} is marked erratic (it informs, never gates): ${reason}`
}
