import type { ResultsFile } from '../model/types'
import type { BenchmarkSettings, Settings } from './types'

/**
 * What a verdict is decided under, as results.json records it: the rounds, the validity limits and
 * the rules. A measuring run writes them; a trusted run puts its own in their place.
 */
export function decisionSettings(settings: Settings, bench: BenchmarkSettings) {
  return {
    minRounds: settings.minRounds,
    maxRounds: settings.maxRounds,
    maxErrorRate: settings.maxErrorRate,
    maxDroppedRate: settings.maxDroppedRate,
    thresholds: bench.thresholds,
    erratic: bench.erratic,
    benchmarks: settings.benchmarks.length,
  } satisfies Partial<ResultsFile['settings']>
}
