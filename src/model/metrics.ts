import type { CustomMetricType, Direction, MetricComparison, MetricId, SeriesTrial, Trial } from './types'

/** Key of the aggregate series over every request of a trial; under an open model it carries the throughput gate. */
export const ALL_REQUESTS = 'all requests'
/** The series that holds the script's own custom metrics. */
export const CUSTOM_SERIES = 'custom metrics'

/** A trial's per-request series, without the aggregate (which would count every request twice). */
export function requestSeries(trial: Pick<Trial, 'series'>): SeriesTrial[] {
  return trial.series.filter((s) => s.key !== ALL_REQUESTS)
}

/** What `custom:<name>` means without a stat: a Trend's p95, a Counter's rate, a Rate's or Gauge's value. */
export const DEFAULT_CUSTOM_STAT: Record<CustomMetricType, string> = {
  trend: 'p95',
  rate: 'value',
  counter: 'rate',
  gauge: 'value',
}

/** One value of one metric in one trial, or null where it was not measured. */
export function metricValue(trial: Trial, key: string, metric: MetricId): number | null {
  if (metric.startsWith('custom:')) {
    const [, name, stat] = metric.split(':')
    const custom = trial.custom.find((c) => c.name === name)
    if (!custom) return null
    return custom.values[stat ?? DEFAULT_CUSTOM_STAT[custom.type]] ?? null
  }
  const series = trial.series.find((s) => s.key === key)
  if (!series) return null
  if (metric === 'throughput') return series.throughput
  if (metric === 'error_rate') return series.errorRate
  if (metric === 'checks') {
    const total = trial.checks.passes + trial.checks.fails
    return total ? trial.checks.passes / total : null
  }
  return series.latency?.[metric as 'p50'] ?? null
}

export function unitOf(metric: MetricId): MetricComparison['unit'] {
  if (metric === 'throughput' || metric.endsWith(':rate')) return 'req/s'
  if (metric === 'error_rate' || metric === 'checks') return 'ratio'
  if (metric.startsWith('custom:') && metric.endsWith(':value')) return 'value'
  return 'ms'
}

/** What a metric's numbers mean when nobody says otherwise. */
export function metricDefaults(metric: MetricId): { direction: Direction; absolute: boolean; unit: string } {
  if (metric === 'throughput' || metric === 'checks')
    return { direction: 'higher', absolute: metric === 'checks', unit: metric === 'checks' ? '%' : '/s' }
  if (metric === 'error_rate') return { direction: 'lower', absolute: true, unit: '%' }
  if (metric.startsWith('custom:')) {
    const stat = metric.split(':')[2] ?? ''
    if (stat === 'rate') return { direction: 'higher', absolute: false, unit: '/s' }
    if (stat === 'value') return { direction: 'lower', absolute: true, unit: '' }
    return { direction: 'lower', absolute: false, unit: 'ms' }
  }
  return { direction: 'lower', absolute: false, unit: 'ms' }
}
