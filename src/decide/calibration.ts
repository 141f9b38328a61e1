import type {
  Calibration,
  CalibrationSuggestion,
  NoiseFloor,
  NoiseRow,
  NoiseSession,
  SigmaMethod,
} from '../model/calibration'
import { CALIBRATION_SCHEMA_VERSION, MAX_KEPT_SESSIONS } from '../model/calibration'
import { ALL_REQUESTS } from '../model/metrics'
import type { Comparison, MetricThreshold, ResultsFile } from '../model/types'
import { LoadgateError } from '../util/errors'
import { tailRelief } from './calibration-tails'
import { lookAlpha } from './plan'
import { analysisMargin } from './rules'
import { measured, pairedSamples } from './samples'
import { rulesFor, seriesKeys } from './series'
import { calibrationSession, planSigmas, storedEstimates } from './noise-history'
import {
  MIN_CALIBRATION_ROUNDS,
  POWER,
  roundsForMargin,
  roundsPlan,
  settlingPower,
  shiftPerSigma,
} from './settling'
import { median } from './stats/basic'
import { signedRankSigma } from './stats/signed-rank'

/** 1.4826 × MAD estimates the SD of normal noise. */
const MAD_TO_SD = 1.4826
/** The plan's level per look. The one place calibration learns it from the plan. */
export function planAlpha(settings: {
  minRounds: number
  maxRounds: number
  benchmarks: readonly unknown[]
}): number {
  return lookAlpha(settings.minRounds, settings.maxRounds, settings.benchmarks.length)
}

export interface TestLevel {
  /** Level of one metric's test after the family-wise correction. */
  level: number
  /** Rounds the test sees. */
  rounds: number
  /** The probability asked of it (90% unless said). */
  power?: number
}

/**
 * One metric's test in a plan, as far as a change in that metric alone goes: the level after the
 * family-wise correction at its strictest (α over the family: what maxT gives metrics that vary
 * independently; correlated ones fare better), and the rounds of the look.
 */
export function testLevel(alpha: number, family: number, rounds: number): TestLevel {
  if (!(alpha > 0 && alpha < 1))
    throw new LoadgateError(`alpha is ${alpha}: expected a level between 0 and 1`)
  if (!Number.isInteger(family) || family < 1)
    throw new LoadgateError(`the gated family has ${family} metrics: expected at least one gated metric`)
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new LoadgateError(`the plan has ${rounds} rounds: expected at least one`)
  return { level: alpha / family, rounds }
}

/**
 * The per-round noise a metric's test faces (see paired-test.ts): for a relative metric the σ its
 * signed-rank interval implies, so far-out rounds count as much as they cost that test; else, and
 * below the rounds that interval needs, the robust SD.
 */
export function noiseSigma(
  differences: readonly number[],
  absolute: boolean,
): { sigma: number; method: SigmaMethod } {
  const ranked = absolute ? null : signedRankSigma(differences)
  return ranked !== null && ranked > 0 ? { sigma: ranked, method: 'signed-rank' } : robustSigma(differences)
}

/** 1.4826 × MAD of the differences; the sample SD when MAD is 0 but the differences are not all equal. */
export function robustSigma(differences: readonly number[]): { sigma: number; method: SigmaMethod } {
  if (differences.length < MIN_CALIBRATION_ROUNDS) {
    throw new LoadgateError(
      `${differences.length} paired rounds: calibration needs at least ${MIN_CALIBRATION_ROUNDS} to estimate the noise`,
    )
  }
  const center = median(differences)!
  const mad = median(differences.map((d) => Math.abs(d - center)))!
  if (mad > 0) return { sigma: MAD_TO_SD * mad, method: 'mad' }
  const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length
  const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (differences.length - 1)
  return { sigma: Math.sqrt(variance), method: 'sd' }
}

/** (t₁₋ₐ + t₀.₉) / √n, n − 1 degrees of freedom: the detectable shift per unit of σ (one-sided test of n rounds). */
function detectablePerSigma(test: TestLevel): number {
  return shiftPerSigma(test.rounds, test.level, test.power ?? POWER)
}

/** The smallest shift on the analysis scale that the test detects with its power (90% unless said). */
export function detectableShift(sigma: number, test: TestLevel): number {
  return sigma * detectablePerSigma(test)
}

export function asChange(shift: number, absolute: boolean): number {
  return absolute ? shift : Math.expm1(shift)
}

interface GatedMetric {
  series: { key: string; name: string }
  rule: MetricThreshold
  differences: number[]
}

function gatedMetrics(results: ResultsFile): GatedMetric[] {
  return seriesKeys(results).flatMap((series) =>
    rulesFor(series.key, results)
      .filter((rule) => rule.gate)
      .map((rule) => ({
        series,
        rule,
        differences: pairedSamples(results, series.key, rule.metric, rule.absolute).differences,
      })),
  )
}

/** What a calibration plans from besides its own rounds: the stored calibrations' sessions and the stored runs'. */
export interface StoredNoise {
  calibrations: NoiseSession[]
  runs: NoiseSession[]
}

const NO_STORED_NOISE: StoredNoise = { calibrations: [], runs: [] }

/**
 * What A/A rounds (head = base) say about the plan: each gated metric's noise floor, the smallest
 * change the plan detects with 90% power at its first look (min-rounds), and the rounds — or,
 * keeping them, the trial length or rate (σ of a percentile shrinks ~1/√requests) — that bring
 * every gated metric's detectable change under its δ. The rounds rest on the typical σ (first look)
 * and the planning σ (last look) of noise-history.ts, from this σ and the stored sessions.
 */
export function calibrate(results: ResultsFile, alpha: number, stored = NO_STORED_NOISE): Calibration {
  const { minRounds, maxRounds } = results.settings
  const gated = gatedMetrics(results)
  if (gated.length === 0)
    throw new LoadgateError(
      `benchmark '${results.benchmark}' has no gated metric to calibrate: check thresholds`,
    )
  const short = gated.find((g) => g.differences.length < MIN_CALIBRATION_ROUNDS)
  if (short) {
    throw new LoadgateError(
      `'${short.series.name} ${short.rule.metric}' was measured in ${short.differences.length} paired rounds: ` +
        `calibration needs at least ${MIN_CALIBRATION_ROUNDS} (raise max-rounds, the rounds calibrate measures)`,
    )
  }
  const rows = noiseRows(gated, alpha, minRounds, [...stored.calibrations, ...stored.runs])
  const typical = rows.map((row) => row.typicalSigma ?? row.sigma)
  // Where the median run of unchanged code settles: every metric at once, in half the runs.
  const halfPower = settlingPower(
    rows.map((row) => row.sigma),
    0.5,
  )
  const medianRounds = Math.max(
    ...rows.map((row, i) => roundsForMargin(typical[i]!, analysisMargin(row), alpha, halfPower)),
  )
  // The first look's settling bound over δ, squared: how many times the information of a trial must grow.
  const settles = { ...testLevel(alpha, 1, minRounds), power: settlingPower(rows.map((row) => row.sigma)) }
  const scale = Math.max(
    ...rows.map((row, i) => (detectableShift(typical[i]!, settles) / analysisMargin(row)) ** 2),
  )
  const trialSeconds = median(measured(results).map((t) => t.durationSeconds)) ?? 0
  const rate = median(measured(results).map(requestRate)) ?? 0
  return {
    schemaVersion: CALIBRATION_SCHEMA_VERSION,
    benchmark: results.benchmark,
    commit: results.meta.head.sha,
    measuredAt: results.meta.startedAt,
    alpha,
    family: gated.length,
    level: testLevel(alpha, gated.length, minRounds).level,
    minRounds,
    maxRounds,
    trialSeconds,
    rate,
    rows,
    medianRounds,
    suggestion: suggest(rows, { minRounds, maxRounds, trialSeconds, rate, scale }),
    tailRelief: tailRelief({ rows, alpha, minRounds, maxRounds }),
    sessions: [...stored.calibrations, calibrationSession(results, rows)].slice(-MAX_KEPT_SESSIONS),
  }
}

/** Each gated metric's noise and the rounds its typical and planning σ need (every gated metric settling at once). */
function noiseRows(
  gated: GatedMetric[],
  alpha: number,
  minRounds: number,
  stored: NoiseSession[],
): NoiseRow[] {
  const test = testLevel(alpha, gated.length, minRounds)
  const spreads = gated.map(({ rule, differences }) => noiseSigma(differences, rule.absolute))
  const power = settlingPower(spreads.map((spread) => spread.sigma))
  return gated.map(({ series, rule, differences }, i) => {
    const { sigma, method } = spreads[i]!
    const identity = { key: series.key, metric: rule.metric, absolute: rule.absolute }
    const planned = planSigmas(
      { sigma, rounds: differences.length, sigmaMethod: method, absolute: rule.absolute },
      storedEstimates(identity, stored),
    )
    const margin = analysisMargin(rule)
    return {
      key: series.key,
      name: series.name,
      metric: rule.metric,
      absolute: rule.absolute,
      direction: rule.direction,
      delta: rule.delta,
      rounds: differences.length,
      sigma,
      sigmaMethod: method,
      noiseFloor: asChange(sigma, rule.absolute),
      detectable: asChange(detectableShift(sigma, test), rule.absolute),
      roundsNeeded: roundsForMargin(planned.typical, margin, alpha, power),
      typicalSigma: planned.typical,
      planSigma: planned.plan,
      planRounds: roundsForMargin(planned.plan, margin, alpha, power),
      sessions: planned.sessions,
      ...(planned.farAbove ? { farAbove: planned.farAbove } : {}),
    }
  })
}

function requestRate(trial: ResultsFile['trials'][number]): number {
  const all = trial.series.find((s) => s.key === ALL_REQUESTS)
  const requests = all ? all.requests : trial.series.reduce((sum, s) => sum + s.requests, 0)
  return trial.durationSeconds > 0 ? requests / trial.durationSeconds : 0
}

/**
 * The plan that brings every gated metric under its δ: a first look that settles runs at the typical
 * σ, a last look that settles them at the planning σ (noise-history.ts). It only ever grows the
 * calibrated plan: rounds are what averages the instances' offsets out. (A plan cut to 6/12 rounds this way blocked an A/A run on a +3.4% offset that 20
 * rounds would have shown to be under δ.)
 */
function suggest(
  rows: NoiseRow[],
  plan: { minRounds: number; maxRounds: number; trialSeconds: number; rate: number; scale: number },
): CalibrationSuggestion {
  const needed = Math.max(...rows.map((r) => r.roundsNeeded))
  const lastNeeded = Math.max(...rows.map((r) => r.planRounds ?? r.roundsNeeded))
  const { minRounds, maxRounds } = roundsPlan(needed, plan, lastNeeded)
  const scale = Math.max(1, plan.scale)
  // A measured trial runs a little over its configured length (k6 starting and stopping).
  const trialSeconds = Math.max(1, Math.round(plan.trialSeconds))
  return {
    sufficient: needed <= plan.minRounds && lastNeeded <= plan.maxRounds,
    minRounds,
    maxRounds,
    scale,
    trialSeconds: Math.ceil(trialSeconds * scale - 1e-9),
    rate: Math.ceil(plan.rate * scale - 1e-9),
  }
}

/**
 * The stored calibration's noise floor for the metrics this comparison gates: per metric the
 * largest floor over the series both measured (over every calibrated series when none matches).
 */
export function noiseFloorFor(
  comparison: Pick<Comparison, 'series'>,
  calibration: Calibration,
): NoiseFloor | null {
  const gated = new Map<string, Set<string>>()
  for (const series of comparison.series)
    for (const m of series.metrics.filter((m) => m.gate))
      gated.set(m.metric, (gated.get(m.metric) ?? new Set()).add(series.key))
  const metrics: NoiseFloor['metrics'] = []
  for (const [metric, keys] of gated) {
    const rows = calibration.rows.filter((r) => r.metric === metric)
    const matching = rows.filter((r) => keys.has(r.key))
    const chosen = matching.length > 0 ? matching : rows
    if (chosen.length === 0) continue
    metrics.push({
      metric: chosen[0]!.metric,
      absolute: chosen[0]!.absolute,
      floor: Math.max(...chosen.map((r) => r.noiseFloor)),
    })
  }
  if (metrics.length === 0) return null
  return { commit: calibration.commit, measuredAt: calibration.measuredAt, metrics: metrics.slice(0, 50) }
}
