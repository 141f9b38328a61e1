import { formatValue } from '../model/format'
import { unitOf } from '../model/metrics'
import type { MetricComparison, MetricThreshold } from '../model/types'
import type { Classification } from './classify'
import { median, medianInterval } from './stats/basic'

type Target = NonNullable<MetricComparison['target']>

function meets(comparator: Target['comparator'], value: number, limit: number): boolean {
  if (comparator === '<') return value < limit
  if (comparator === '<=') return value <= limit
  if (comparator === '>') return value > limit
  return value >= limit
}

/**
 * Whether the head meets the rule's absolute target, judged on the median of its trials with an
 * order-statistic bound each side (binomial, exact at any distribution of the trials) at the look's
 * level `sideAlpha`: `pass` false when even the bound on the good side misses (missed beyond doubt),
 * true when even the bound on the bad side meets it, null when the trials allow both (or none were
 * measured). `baseMisses`: the base's median misses it too.
 */
export function checkTarget(
  t: MetricThreshold,
  head: number[],
  base: number[],
  sideAlpha: number,
): MetricComparison['target'] {
  if (!t.target) return undefined
  if (head.length === 0) return { ...t.target, actual: null, pass: null }
  const { comparator, value } = t.target
  const { low, high } = medianInterval(head, sideAlpha)
  const lowerIsGood = comparator === '<' || comparator === '<='
  const good = lowerIsGood ? low : high
  const bad = lowerIsGood ? high : low
  const missed = good !== null && !meets(comparator, good, value)
  const met = bad !== null && meets(comparator, bad, value)
  const baseMedian = median(base)
  return {
    ...t.target,
    actual: median(head),
    pass: missed ? false : met ? true : null,
    low,
    high,
    ...(baseMedian !== null ? { baseMisses: !meets(comparator, baseMedian, value) } : {}),
  }
}

/**
 * A gated metric's verdict once its target is judged: TARGET_MISSED (its own verdict, which names the
 * bound and whether the base misses it alike) where the target is missed beyond doubt and the change
 * itself is no REGRESSION; INCONCLUSIVE in place of a pass where the trials cannot tell met from missed.
 */
export function withTarget(
  result: Classification,
  m: Pick<MetricComparison, 'metric' | 'target'>,
): Classification {
  const t = m.target
  if (!t || t.actual === null) return result
  const unit = unitOf(m.metric)
  const value = (v: number | null | undefined) => (v == null ? '?' : formatValue(unit, v))
  const also = (note: string) => (result.note ? `${result.note}; ${note}` : note)
  const lowerIsGood = t.comparator === '<' || t.comparator === '<='
  if (t.pass === false) {
    const bound = `${lowerIsGood ? 'at least' : 'at most'} ${value(lowerIsGood ? t.low : t.high)}`
    const base = t.baseMisses ? '; the base misses it too' : ''
    const note = `misses the target ${t.source}: head ${value(t.actual)}, ${bound} beyond doubt${base}`
    return result.verdict === 'REGRESSION'
      ? { ...result, note: also(note) }
      : { verdict: 'TARGET_MISSED', note: also(note) }
  }
  if (t.pass === null && (result.verdict === 'NO_CHANGE' || result.verdict === 'IMPROVEMENT')) {
    return {
      verdict: 'INCONCLUSIVE',
      note: also(
        `target ${t.source} neither met nor missed beyond doubt: head ${value(t.actual)} [${value(t.low)}, ${value(t.high)}]`,
      ),
    }
  }
  return result
}
