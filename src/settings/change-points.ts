import type { ShiftRules } from '../decide/change-points'
import { builtInDefault } from './input-lookup'
import { defaultThresholds } from './thresholds'
import type { BenchmarkSettings, ChangePointSettings } from './types'
import { integer, parseFraction, probability } from './values'

/** The rules a benchmark judges lasting shifts by: its gated relative thresholds, its erratic series, the detector. */
export function shiftRulesOf(
  bench: Pick<BenchmarkSettings, 'thresholds' | 'erratic'>,
  changePoints: Pick<ChangePointSettings, 'maxP' | 'minChange' | 'minRuns'>,
): ShiftRules {
  return {
    thresholds: bench.thresholds.filter((t) => t.gate && !t.absolute),
    erratic: bench.erratic,
    detector: { maxP: changePoints.maxP, minChange: changePoints.minChange, minRuns: changePoints.minRuns },
  }
}

/** The built-in rules: for a history whose runs were stored before they carried their own. */
export function defaultShiftRules(): ShiftRules {
  return shiftRulesOf(
    { thresholds: defaultThresholds(), erratic: [] },
    {
      maxP: probability('change-point-max-p', builtInDefault('change-point-max-p')),
      minChange: parseFraction('change-point-min-change', builtInDefault('change-point-min-change')),
      minRuns: integer('change-point-min-runs', builtInDefault('change-point-min-runs'), 1, 1000),
    },
  )
}
