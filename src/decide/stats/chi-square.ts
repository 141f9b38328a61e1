import { normalQuantile } from './basic'

/**
 * The p-quantile of the chi-square distribution with `df` degrees of freedom, by Wilson and
 * Hilferty's cube-root normal approximation (within about 1% of the exact quantile from 3 degrees of
 * freedom on, in the 5–95% range a confidence bound on an SD uses).
 */
export function chiSquareQuantile(p: number, df: number): number {
  if (!(df > 0)) return Number.NaN
  const spread = 2 / (9 * df)
  const cube = 1 - spread + normalQuantile(p) * Math.sqrt(spread)
  return df * Math.max(0, cube) ** 3
}
