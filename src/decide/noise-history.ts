import type { NoiseRow, NoiseSession, SessionSigma, SigmaMethod } from '../model/calibration'
import type { ResultsFile } from '../model/types'
import { chiSquareQuantile } from './stats/chi-square'
import { studentTQuantile } from './stats/student-t'

// The σ a plan is sized at. One calibration's σ is an estimate: from 20 A/A rounds the signed-rank
// σ spreads 0.76–1.42 times the true one (5–95%), and the noise itself moves from one session to
// the next (a busier week read 11.7% where another read 5.2%). So the rounds that settle most runs
// come from an upper bound of σ, and where earlier sessions are stored, from the spread of σ across
// them: a random-effects estimate on log σ, within-session variance from each session's rounds,
// between-session variance from what is left of the spread.

/** The one-sided predictive quantile (or confidence bound) a plan's last look is sized at. */
export const PLAN_QUANTILE = 0.85
/** Above this predictive quantile of the stored sessions a calibration's σ is said to be far above them. */
export const FAR_ABOVE_QUANTILE = 0.95
/** Stored sessions (besides the one planned from) needed for the between-session spread. */
export const MIN_STORED_SESSIONS = 3

/**
 * Degrees of freedom per round of each estimator, relative to the sample SD's n − 1: simulated on
 * normal noise, the signed-rank σ's log varies as a sample SD's of 0.7 × (n − 1) rounds; 1.4826 ×
 * MAD's efficiency is 37%.
 */
const EFFICIENCY: Record<SigmaMethod, number> = { 'signed-rank': 0.7, mad: 0.37, sd: 1 }

/** What a plan is sized at for one gated metric. */
export interface PlanSigmas {
  /** The predictive median: what a typical following run faces. */
  typical: number
  /** The PLAN_QUANTILE predictive quantile (or upper confidence bound). */
  plan: number
  /** Stored sessions used besides this one (0: this session's upper bound alone). */
  sessions: number
  /** Set when this σ is above the stored sessions' FAR_ABOVE_QUANTILE predictive quantile. */
  farAbove?: { factor: number; bound: number }
}

type Estimate = Pick<SessionSigma, 'sigma' | 'rounds' | 'sigmaMethod'> & { absolute?: boolean }

/** The sampling variance of log σ̂ from this many rounds: 1 / (2 · effective degrees of freedom). */
export function logSigmaVariance(estimate: Estimate): number {
  return 1 / (2 * effectiveDf(estimate))
}

/** The sample SD's n − 1 scaled by the estimator's efficiency (a run's σ without a method is what noiseSigma gives). */
function effectiveDf(estimate: Estimate): number {
  const method = estimate.sigmaMethod ?? (estimate.absolute ? 'mad' : 'signed-rank')
  return Math.max(1, (estimate.rounds - 1) * EFFICIENCY[method])
}

/** The one-sided `confidence` upper bound of σ from one session: σ̂ · √(df / χ²₁₋c(df)). */
export function sigmaUpperBound(estimate: Estimate, confidence = PLAN_QUANTILE): number {
  const df = effectiveDf(estimate)
  return estimate.sigma * Math.sqrt(df / chiSquareQuantile(1 - confidence, df))
}

interface RandomEffects {
  mean: number
  /** Between-session variance of log σ (method of moments, never below 0). */
  between: number
  /** Variance of the mean. */
  meanVariance: number
  sessions: number
}

/** Method-of-moments random effects on log σ̂: τ² is the spread of the sessions less what their rounds explain. */
export function randomEffects(estimates: readonly Estimate[]): RandomEffects {
  const logs = estimates.map((e) => Math.log(e.sigma))
  const k = logs.length
  const mean = logs.reduce((sum, y) => sum + y, 0) / k
  const spread = logs.reduce((sum, y) => sum + (y - mean) ** 2, 0) / Math.max(1, k - 1)
  const within = estimates.reduce((sum, e) => sum + logSigmaVariance(e), 0) / k
  const between = Math.max(0, spread - within)
  return { mean, between, meanVariance: (between + within) / k, sessions: k }
}

/** The q predictive quantile of a new session's σ̂ (with `within` its own sampling variance of log σ̂). */
export function predictiveQuantile(fit: RandomEffects, within: number, q: number): number {
  const sd = Math.sqrt(fit.between + within + fit.meanVariance)
  return Math.exp(fit.mean + studentTQuantile(q, Math.max(1, fit.sessions - 1)) * sd)
}

/**
 * The σs to plan one metric at: with MIN_STORED_SESSIONS stored sessions of it or more, the
 * predictive median and PLAN_QUANTILE quantile over them and this one (within- plus between-session
 * variance), and whether this σ is far above the stored ones; with fewer, this σ and its
 * PLAN_QUANTILE upper confidence bound.
 */
export function planSigmas(row: Estimate, stored: readonly Estimate[]): PlanSigmas {
  const usable = stored.filter((e) => e.sigma > 0 && e.rounds >= 2)
  if (!(row.sigma > 0) || usable.length < MIN_STORED_SESSIONS)
    return { typical: row.sigma, plan: sigmaUpperBound(row), sessions: 0 }
  const within = logSigmaVariance(row)
  const all = randomEffects([...usable, row])
  const before = randomEffects(usable)
  const bound = predictiveQuantile(before, within, FAR_ABOVE_QUANTILE)
  return {
    typical: Math.exp(all.mean),
    plan: predictiveQuantile(all, within, PLAN_QUANTILE),
    sessions: usable.length,
    ...(row.sigma > bound ? { farAbove: { factor: row.sigma / Math.exp(before.mean), bound } } : {}),
  }
}

/** The stored σs of one calibrated metric: every session's estimate of the same series and metric. */
export function storedEstimates(
  row: Pick<NoiseRow, 'key' | 'metric' | 'absolute'>,
  sessions: readonly Pick<NoiseSession, 'sigmas'>[],
): Estimate[] {
  return sessions.flatMap((session) =>
    session.sigmas
      .filter((s) => s.key === row.key && s.metric === row.metric)
      .map((s) => ({ ...s, absolute: row.absolute })),
  )
}

/** This calibration as a session of the noise history. */
export function calibrationSession(results: ResultsFile, rows: readonly NoiseRow[]): NoiseSession {
  return {
    measuredAt: results.meta.startedAt,
    commit: results.meta.head.sha,
    sigmas: rows.map((row) => ({
      key: row.key,
      metric: row.metric,
      sigma: row.sigma,
      rounds: row.rounds,
      sigmaMethod: row.sigmaMethod,
    })),
  }
}
