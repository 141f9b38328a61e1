import { requestSeries } from '../model/metrics'
import type { ResultsFile, ServiceComparison } from '../model/types'
import { validTrials } from './samples'
import { median } from './stats/basic'

/** Per service and arm: CPU per request and peak memory (medians over valid trials), restarts. */
export function serviceComparisons(results: ResultsFile): ServiceComparison[] {
  const out: ServiceComparison[] = []
  for (const arm of ['base', 'head'] as const) {
    const trials = validTrials(results, arm)
    const services = [...new Set(trials.flatMap((t) => t.resources.map((r) => r.service)))].sort()
    for (const service of services) {
      const perRequest: number[] = []
      const memory: number[] = []
      let restarts = 0
      for (const trial of trials) {
        const resource = trial.resources.find((r) => r.service === service)
        if (!resource) continue
        restarts += resource.restarts
        const requests = requestSeries(trial).reduce((n, s) => n + s.requests, 0)
        if (resource.cpuSeconds !== null && requests > 0) perRequest.push(resource.cpuSeconds / requests)
        if (resource.peakMemoryBytes !== null) memory.push(resource.peakMemoryBytes)
      }
      out.push({
        service,
        arm,
        cpuSecondsPerRequest: median(perRequest),
        peakMemoryBytes: median(memory),
        restarts,
      })
    }
  }
  return out
}
