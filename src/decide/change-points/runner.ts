import type { RunRecord } from '../../model/types'

const LABELS = { os: 'OS/kernel', cpuModel: 'CPU', cores: 'cores', image: 'runner image' } as const

/** What differs between the runners of two runs, e.g. "CPU AMD EPYC 7763 → Intel Xeon 8370C" ("" when nothing). */
export function runnerChange(before: RunRecord, after: RunRecord): string {
  const a = before.meta.runner
  const b = after.meta.runner
  return (Object.keys(LABELS) as Array<keyof typeof LABELS>)
    .filter((field) => (a[field] ?? '') !== (b[field] ?? ''))
    .map((field) => `${LABELS[field]} ${a[field] ?? 'unknown'} → ${b[field] ?? 'unknown'}`)
    .join('; ')
}
