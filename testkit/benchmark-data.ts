// github-action-benchmark's data.js as its action writes it (`window.BENCHMARK_DATA = {...}`),
// generated: `entries` runs of one suite, a day apart, one commit each.

export interface BenchmarkDataOptions {
  entries: number
  suite?: string
  /** The first run's time; each next one a day later. */
  start?: Date
  /** The benches of run i (default: a p95 and a throughput of two endpoints, in the tool's units). */
  benches?: (
    i: number,
  ) => Array<{ name: string; value: number; unit: string; range?: string; extra?: string }>
  /** More suites beside the first (same runs). */
  otherSuites?: string[]
}

export function defaultBenches(i: number) {
  return [
    { name: 'GET /items p95', value: 12 + (i % 5) * 0.5, unit: 'ms' },
    { name: 'GET /items p50', value: 8000 + (i % 3) * 100, unit: 'us' },
    { name: 'GET /items throughput', value: 400 + i, unit: 'req/s' },
    { name: 'POST /orders', value: 0.021 + i / 10000, unit: 's/op', range: '± 0.002' },
    { name: 'POST /orders allocations', value: 512, unit: 'B/op' },
  ]
}

export function benchmarkEntries(options: BenchmarkDataOptions) {
  const start = options.start ?? new Date(Date.UTC(2025, 0, 1, 9))
  return Array.from({ length: options.entries }, (_, i) => {
    const id = (0xa000 + i).toString(16).padStart(40, 'b')
    return {
      commit: {
        author: { email: 'dev@example.com', name: 'Dev Eloper', username: 'dev' },
        committer: { email: 'dev@example.com', name: 'Dev Eloper', username: 'dev' },
        distinct: true,
        id,
        message: `change ${i}\n\nbody of change ${i}`,
        timestamp: new Date(start.getTime() + i * 86_400_000 - 60_000).toISOString().replace('Z', '+00:00'),
        tree_id: id.split('').reverse().join(''),
        url: `https://github.com/acme/shop/commit/${id}`,
      },
      date: start.getTime() + i * 86_400_000,
      tool: 'customSmallerIsBetter',
      benches: (options.benches ?? defaultBenches)(i),
    }
  })
}

export function benchmarkDataJs(options: BenchmarkDataOptions): string {
  const suite = options.suite ?? 'Benchmark'
  const runs = benchmarkEntries(options)
  const entries: Record<string, unknown> = { [suite]: runs }
  for (const other of options.otherSuites ?? []) entries[other] = runs
  const data = { lastUpdate: Date.now(), repoUrl: 'https://github.com/acme/shop', entries }
  return `window.BENCHMARK_DATA = ${JSON.stringify(data, null, 2)}\n`
}
