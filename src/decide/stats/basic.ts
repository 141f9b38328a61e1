export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const s = sorted(values)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ]
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
    -1.328068155288572e1,
  ]
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ]
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416]
  const low = 0.02425
  if (p <= 0) return -Infinity
  if (p >= 1) return Infinity
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p))
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    )
  }
  if (p > 1 - low) return -normalQuantile(1 - p)
  const q = p - 0.5
  const r = q * q
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  )
}

/** Standard normal CDF (Zelen & Severo 26.2.17 via erfc, |error| < 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z))
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly
  return z >= 0 ? 1 - tail : tail
}

/** Holm's step-down adjustment: adjusted p-values controlling the family-wise error rate. */
export function holm(pValues: readonly number[]): number[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0])
  const adjusted = new Array<number>(pValues.length)
  let running = 0
  order.forEach(([p, index], rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p))
    adjusted[index] = running
  })
  return adjusted
}

/**
 * Binomial(n, ½) order-statistic interval of the median: [x₍j₎, x₍n+1−j₎], each bound missing in at
 * most `sideAlpha` (≥ 95% by default), or null bounds when n is too small (n < 6 by default).
 */
export function medianInterval(
  values: number[],
  sideAlpha = 0.025,
): {
  median: number
  low: number | null
  high: number | null
} {
  const s = sorted(values)
  const n = s.length
  let j = 0
  let cumulative = 0
  let term = 2 ** -n // P(Bin = 0)
  // Largest j with P(Bin(n, ½) ≤ j − 1) ≤ sideAlpha.
  while (j < n && cumulative + term <= sideAlpha) {
    cumulative += term
    j++
    term = (term * (n - j + 1)) / j
  }
  return { median: median(s)!, low: j > 0 ? s[j - 1]! : null, high: j > 0 ? s[n - j]! : null }
}
