import { lengthenedTrialSeconds, thinSeriesSoFar } from '../decide/sample-size'
import type { ResultsFile, Trial, TrialLength } from '../model/types'

/**
 * trial-length auto, once round 1 is measured: the DURATION the measured trials take from round 2
 * on, when a gated tail (p90 by default) rests on too few requests to settle its δ by the last look, and the line
 * that says so; null to leave the trials as the script has them.
 *
 * Lengthening after a look at the data keeps the tests exact: what decides it (the requests and
 * the spread of the tail, over both arms' trials) does not change when arm labels are swapped, so
 * the sign-flip distribution the verdict rests on is the same whatever it decides.
 */
export function lengthenAfterFirstRound(
  results: ResultsFile,
  setting: TrialLength,
): { seconds: number; message: string } | null {
  if (setting.mode !== 'auto') return null
  const thin = thinSeriesSoFar(results)
  const length = lengthenedTrialSeconds(thin, setting.maxSeconds!, results.settings.discardSeconds)
  if (!length) return null
  const tails = [...new Set(thin.map(({ size }) => size.metric))].join(' and ')
  const which = `the thin ${tails}${thin.length > 1 ? 's' : ''} above`
  return {
    seconds: length.seconds,
    message:
      `trial-length auto: measured trials from round 2 on run ${length.seconds} s (DURATION=${length.seconds}s)` +
      (length.seconds < length.wanted
        ? `, its cap; ${which} want ${length.wanted} s`
        : `, the length ${which} want`),
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
