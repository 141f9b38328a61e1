import { firmThinSeries, trialSecondsFor } from '../decide/sample-size'
import type { Comparison, ResultsFile, SampleSize, SeriesComparison } from '../model/types'
import { seriesLabel } from '../model/format'
import { escapeMarkdown } from './escape'

const count = (n: number) => Math.round(n).toLocaleString('en-US')
const seconds = (s: number) => (s >= 100 ? s.toFixed(0) : s.toPrecision(2))

/** The series whose trials have too few requests for their gated tail to resolve δ. */
export function thinSeries(comparison: Comparison): Array<{ series: SeriesComparison; size: SampleSize }> {
  if (comparison.verdict === 'INVALID') return []
  return comparison.series
    .filter((s) => s.sampleSize?.requestsNeeded != null)
    .map((s) => ({ series: s, size: s.sampleSize! }))
}

type Thin = { series: SeriesComparison; size: SampleSize }

/**
 * One short sentence per gated tail for all its thin series, what to do first ("p90 of 2 series
 * rests on too few requests to settle ±10%: lengthen trials to about 8 s"): a trial length whose
 * measured window, after the seconds each trial discards, has the requests needed; `label` names one
 * series where it is the only one, already made safe for where it goes. The figures of each series
 * are `thinSeriesText`'s, for the details.
 */
export function thinTailsSentences(thin: Thin[], label: (series: SeriesComparison) => string): string[] {
  const byTail = new Map<string, Thin[]>()
  for (const item of thin) {
    const key = `${item.size.metric} ${item.size.delta}`
    byTail.set(key, [...(byTail.get(key) ?? []), item])
  }
  return [...byTail.values()].map((group) => {
    const { metric, delta } = group[0]!.size
    const which = group.length === 1 ? label(group[0]!.series) : `${group.length} series`
    const wanted = Math.ceil(
      Math.max(
        ...group.map(({ size }) => trialSecondsFor(size, size.requestsNeeded ?? size.requestsPerTrial)),
      ),
    )
    const now = Math.max(...group.map(({ size }) => size.trialSeconds))
    return (
      `${metric} of ${which} rests on too few requests to settle ±${(delta * 100).toFixed(0)}%: ` +
      `lengthen trials to about ${wanted} s (measured windows now ${seconds(now)} s), or set \`trial-length: auto\``
    )
  })
}

/** One sentence per thin tail; each series' figures behind a `<details>`. */
export function thinTailsMarkdown(comparison: Comparison): string[] {
  const thin = thinSeries(comparison)
  if (thin.length === 0) return []
  const label = (s: SeriesComparison) => escapeMarkdown(seriesLabel(s))
  const figures = thin.map(({ series, size }) => `- ${thinSeriesText(label(series), size)}.`)
  return [
    `ℹ️ ${thinTailsSentences(thin, label).join('; ')}.\n\n` +
      `<details><summary>Requests per trial, by series</summary>\n\n${figures.join('\n')}\n\n</details>`,
  ]
}

/**
 * One sentence for a thin series; `label` is the series' name, already made safe for where it goes.
 * The rate and the measured window are two ways to the same number of requests per trial.
 */
export function thinSeriesText(label: string, size: SampleSize): string {
  const needed = size.requestsNeeded ?? size.requestsPerTrial
  const factor = needed / size.requestsPerTrial
  const rate = size.trialSeconds > 0 ? needed / size.trialSeconds : 0
  return (
    `${size.metric} of ${label} rests on ${count(size.requestsPerTrial)} requests per trial ` +
    `(±${(size.rankUncertainty * 100).toFixed(1)}% from their ranks alone); ${settling(size)} ` +
    `takes at least about ${count(needed)} per trial: ${factor.toFixed(factor < 2 ? 2 : 1)}× the rate ` +
    `(${rate.toFixed(rate >= 10 ? 0 : 1)} req/s for this series in ${seconds(size.trialSeconds)} s measured windows), ` +
    `or ${seconds(size.trialSeconds * factor)} s measured windows at this rate${sooner(size)}`
  )
}

function settling(size: SampleSize): string {
  const delta = `its δ of ${(size.delta * 100).toFixed(0)}%`
  return size.lastLook === undefined
    ? `resolving ${delta}`
    : `settling ${delta} by the last look (${size.lastLook} rounds)`
}

/** Requests needed scale as 1/rounds: settling at the first look takes lastLook/firstLook as many. */
function sooner(size: SampleSize): string {
  const { firstLook, lastLook } = size
  if (firstLook === undefined || lastLook === undefined || !(firstLook < lastLook)) return ''
  const ratio = lastLook / firstLook
  const times = ratio === 2 ? 'twice' : `${Number(ratio.toFixed(1))}×`
  return ` (${times} that by the first look, ${firstLook} rounds)`
}

/**
 * Said while a run measures, once its trials are enough for the range of what they ask to enclose
 * the figure with 95% (TRIALS_FOR_A_FIRM_RANGE): the thin series so far (their names as measured;
 * the progress log strips control characters), with that range. One round's figure alone asked, on
 * a JVM service, twice what the report asked at the end; the report's is still the one to act on.
 */
export function thinSeriesProgressNotes(results: ResultsFile): string[] {
  return firmThinSeries(results).map(({ key, size, neededRange, trials }) => {
    const round = Math.max(0, ...results.trials.filter((t) => t.phase === 'measure').map((t) => t.round))
    const [low, high] = neededRange.map(count)
    return (
      `after round ${round} (${trials} trials: from ${low} to ${high} requests per trial at the least ` +
      `and the most rank noise they showed; the report's figure, from every round, is the one to act on), ` +
      `${thinSeriesText(key, size)}; with fewer, it can hold the run to its last look and leave it INCONCLUSIVE`
    )
  })
}
