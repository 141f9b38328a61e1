import { firmThinSeries, lengthenedTrialSeconds, ROUNDS_FOR_A_FIRM_RANGE } from '../decide/sample-size'
import type { ResultsFile, Trial, TrialLength } from '../model/types'

/** trial-length auto decides on the trials of rounds 1–3 and lengthens from the round after them on. */
export const LENGTHENED_FROM_ROUND = ROUNDS_FOR_A_FIRM_RANGE + 1

/**
 * trial-length auto, once the trials measured so far give a firm range of the requests a gated
 * tail (p90 by default) needs to settle its δ by the last look (TRIALS_FOR_A_FIRM_RANGE, the range
 * the progress note shows): the DURATION the measured trials take from LENGTHENED_FROM_ROUND on,
 * when even the low end of that range (the fewest requests those trials can ask for with 95%) is
 * more than a trial has, and the line that says so; null to leave the trials as the script has
 * them. One round's figure asked, on a JVM service, about twice what the report asked at the end,
 * and lengthened trials the run did not need; the low end of six trials' range asks only what
 * they are sure of.
 *
 * Lengthening after a look at the data keeps the tests exact: what decides it does not change when
 * arm labels are swapped, so the sign-flip distribution the verdict rests on is the same whatever
 * it decides. It holds for this rule: the round it is taken at is fixed in advance, and the median
 * requests, the median rank noise and the least per-trial figure (a minimum) are each taken over
 * the trials of both arms pooled, which a swap only relabels.
 */
export function lengthenOnFirmRange(
  results: ResultsFile,
  setting: TrialLength,
): { seconds: number; message: string } | null {
  if (setting.mode !== 'auto') return null
  const thin = firmThinSeries(results)
  const low = thin.map(({ size, neededRange }) => ({ size, requests: neededRange[0] }))
  const length = lengthenedTrialSeconds(low, setting.maxSeconds!)
  if (!length) return null
  const tails = [...new Set(thin.map(({ size }) => size.metric))].join(' and ')
  const which = `the thin ${tails}${thin.length > 1 ? 's' : ''} above`
  return {
    seconds: length.seconds,
    message:
      `trial-length auto: measured trials from round ${LENGTHENED_FROM_ROUND} on run ${length.seconds} s ` +
      `(DURATION=${length.seconds}s)` +
      (length.seconds < length.wanted
        ? `, its cap; ${which} want at least ${length.wanted} s`
        : `, the least ${which} want`),
  }
}

/**
 * Said once, after the first lengthened trial, when its window fell well short of the DURATION it
 * was given: the script sets its own length and ignores __ENV.DURATION in measured trials.
 */
export function lengtheningIgnored(
  trial: Trial,
  settings: Pick<ResultsFile['settings'], 'trialLength' | 'discardSeconds'>,
): string | null {
  const seconds = settings.trialLength?.lengthenedSeconds
  if (seconds === undefined || trial.phase !== 'measure' || !(trial.durationSeconds > 0)) return null
  const { discardSeconds } = settings
  if (trial.durationSeconds >= (seconds - discardSeconds) * 0.8) return null
  return (
    `warning: trial-length auto set DURATION=${seconds}s, but the trial measured a ` +
    `${trial.durationSeconds.toFixed(1)}-s window: the k6 script does not read __ENV.DURATION, so ` +
    "its trials keep their length; write its scenarios' duration as __ENV.DURATION || '30s' " +
    '(docs/configuration.md#writing-a-k6-script-for-loadgate)'
  )
}
