import { betterWithinDelta, informMoved } from '../model/format'
import { idleArmChoiceText } from '../decide/idle-arm'
import { warmupChoiceText } from '../decide/runtime-warmup'
import type { MetricComparison, MetricVerdict, RunTiming } from '../model/types'

const GATE_WORDS: Record<MetricVerdict, string> = {
  REGRESSION: 'REGRESSED',
  TARGET_MISSED: 'MISSED TARGET',
  IMPROVEMENT: 'improved',
  NO_CHANGE: 'no change',
  INCONCLUSIVE: 'inconclusive',
  LIKELY_OVER_DELTA: 'likely over δ',
}

/**
 * A metric's verdict in words: the gate's for a gated metric; for an informational one only which
 * way it moved (`informMoved`, corrected over the informational metrics): it decides nothing, so
 * never "better" or "worse".
 */
export function verdictWord(
  m: Pick<MetricComparison, 'gate' | 'verdict' | 'direction' | 'ci' | 'absolute' | 'change'>,
): string {
  if (!m.gate) {
    if (informMoved(m))
      return `${m.verdict === 'LIKELY_OVER_DELTA' ? 'likely ' : ''}${m.change! > 0 ? 'higher' : 'lower'}`
    return m.verdict === 'INCONCLUSIVE' ? 'inconclusive' : 'no change'
  }
  if (betterWithinDelta(m)) return 'better, no regression'
  return GATE_WORDS[m.verdict]
}

/** The verdict whose colour a row takes: an informational metric is never painted as a block or a pass. */
export function verdictTone(m: Pick<MetricComparison, 'gate' | 'verdict'>): MetricVerdict | 'INFORM' {
  return m.gate ? m.verdict : 'INFORM'
}

/** "4–9 minutes", "1 minute", "under a minute": seconds [low, high] in whole minutes, rounded up. */
export function minutesRange([low, high]: readonly number[]): string {
  const [a, b] = [Math.ceil(low! / 60), Math.ceil(high! / 60)]
  if (b <= 0) return 'under a minute'
  if (a === b) return `${a} minute${a === 1 ? '' : 's'}`
  return `${a}–${b} minutes`
}

/**
 * "Measured 5.1 of 8.3 minutes (61%): warm-ups 1.7, …": how much of the run's wall time the
 * verdict's trials measured, where the rest went, and how long warmup auto warmed each instance
 * (`code` shows a process name: markdown wraps it in a code span).
 */
export function timingText(timing: RunTiming, code?: (name: string) => string): string {
  const min = (seconds: number) => (seconds / 60).toFixed(1)
  const rest = [
    ['warm-ups', timing.warmupSeconds],
    ["stacks' start", timing.stacksStartSeconds],
    ['load generator start-up', timing.loadStartupSeconds],
    ['renewals and pauses', timing.otherSeconds],
  ] as const
  return (
    `Measured ${min(timing.measuredSeconds)} of ${min(timing.wallSeconds)} minutes ` +
    `(${Math.round(timing.measuredShare * 100)}%): ` +
    rest.map(([what, seconds]) => `${what} ${min(seconds)}`).join(', ') +
    ' minutes' +
    (timing.warmupEnds ? `. ${warmupEndsText(timing.warmupEnds)}` : '') +
    (timing.warmupAuto ? `. ${sentence(warmupChoiceText(timing.warmupAuto, code))}` : '') +
    (timing.idleArmAuto && !timing.idleArmAuto.pause
      ? `. ${sentence(idleArmChoiceText(timing.idleArmAuto))}`
      : '')
  )
}

/** A clause as a sentence of its own: its first letter capitalised. */
const sentence = (clause: string) => clause.charAt(0).toUpperCase() + clause.slice(1)

/** "Warm-ups ended when steady after 7–12 s (median 8 s); 1 of 22 ran to its cap." */
function warmupEndsText({ steady, capped, seconds }: NonNullable<RunTiming['warmupEnds']>): string {
  const [low, mid, high] = seconds.map((s) => Math.round(s))
  const range = low === high ? `${low} s` : `${low}–${high} s (median ${mid} s)`
  const all = steady + capped
  if (capped === 0) return `Warm-ups ended when steady, after ${range}`
  if (steady === 0) return `No warm-up became steady: all ${all} ran to their cap (${range})`
  return `Warm-ups ended when steady or at their cap after ${range}; ${capped} of ${all} ran to the cap`
}
