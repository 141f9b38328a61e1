import { requestSeries } from '../model/metrics'
import type { InvalidReason, ResultsFile } from '../model/types'
import { measured } from './samples'

/** Why the run cannot be trusted, each with the figures; empty when it can. */
export function findInvalidReasons(results: ResultsFile): InvalidReason[] {
  const reasons: InvalidReason[] = []
  const arms = [...new Set(measured(results).map((t) => t.arm))]
  // The measurement stopped early (a script that cannot run): that is the reason to show first.
  if (results.error)
    reasons.push({ arm: 'both', kind: 'trial-failed', message: results.error.slice(0, 1000) })
  else if (arms.length === 0) reasons.push({ arm: 'both', kind: 'no-data', message: 'no trial was measured' })
  for (const arm of arms) {
    const trials = measured(results, arm)
    const failedTrials = trials.filter((t) => !t.valid)
    for (const trial of failedTrials) {
      const container = trial.resources.some((r) => r.disrupted)
      reasons.push({
        arm,
        kind: container ? 'container' : 'trial-failed',
        message: `${arm} trial of round ${trial.round} failed: ${trial.invalidReason ?? 'unknown reason'}`,
      })
    }
    const requests = trials.flatMap(requestSeries).reduce((n, s) => n + s.requests, 0)
    const failed = trials.flatMap(requestSeries).reduce((n, s) => n + s.failed, 0)
    const rate = requests ? failed / requests : 0
    if (requests === 0 && failedTrials.length < trials.length) {
      reasons.push({ arm, kind: 'no-data', message: `${arm} made no HTTP requests` })
    } else if (rate > results.settings.maxErrorRate) {
      const codes = new Map<string, number>()
      for (const s of trials.flatMap(requestSeries)) {
        for (const [code, count] of Object.entries(s.statusCodes)) {
          if (!/^[23]/.test(code)) codes.set(code, (codes.get(code) ?? 0) + count)
        }
      }
      const top = [...codes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)
      const codeText = top.map(([c, n]) => (c === '0' ? `no response ×${n}` : `HTTP ${c} ×${n}`)).join(', ')
      reasons.push({
        arm,
        kind: 'error-rate',
        message:
          `${arm} returned ${(rate * 100).toFixed(1)}% errors` +
          `${codeText ? ` (${codeText})` : ''}, above the ${(results.settings.maxErrorRate * 100).toFixed(1)}% limit`,
      })
    }
    const iterations = trials.reduce((n, t) => n + t.iterations, 0)
    const dropped = trials.reduce((n, t) => n + t.droppedIterations, 0)
    const droppedRate = iterations + dropped > 0 ? dropped / (iterations + dropped) : 0
    if (droppedRate > results.settings.maxDroppedRate) {
      reasons.push({
        arm,
        kind: 'dropped-iterations',
        message: `${arm} dropped ${(droppedRate * 100).toFixed(1)}% of k6 iterations (the load generator could not keep the rate)`,
      })
    }
  }
  return reasons
}
