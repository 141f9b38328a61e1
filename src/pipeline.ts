import { createForge, type RunContext } from './forge'
import { acceptMode } from './modes/accept'
import { announceMode } from './modes/announce'
import { calibrateMode } from './modes/calibrate'
import { compareMode } from './modes/compare'
import { mergeMode } from './modes/merge'
import { recordMode } from './modes/record'
import { reportMode } from './modes/report'
import { segmentMode } from './modes/segment'
import { skipMode } from './modes/skip'
import type { BenchmarkOutcome } from './modes/mode-context'
import type { Reporter } from './report/reporter'
import type { BenchmarkSettings, Settings } from './settings/types'
import { LoadgateError } from './util/errors'

export type { BenchmarkOutcome } from './modes/mode-context'

/**
 * Runs one benchmark through the stages its mode needs: measure → decide → record → report.
 * Settings are read before; the forge (GitHub) is where results go, or none for a local run.
 */
export async function runBenchmark(
  settings: Settings,
  bench: BenchmarkSettings | null,
  context: RunContext,
  reporter: Reporter,
): Promise<BenchmarkOutcome> {
  const run = { settings, context, reporter, forge: createForge(context, settings.githubToken) }
  if (settings.mode === 'report') return reportMode(run, bench)
  if (settings.mode === 'accept') return acceptMode(run)
  if (!bench)
    throw new LoadgateError('No benchmark configured: set k6-script (or benchmarks in loadgate.yml)')
  if (settings.mode === 'announce') return announceMode(run, bench)
  if (settings.mode === 'skip') return skipMode(run, bench)
  if (settings.mode === 'record') return recordMode(run, bench)
  if (settings.mode === 'calibrate') return calibrateMode(run, bench)
  if (settings.mode === 'merge') return mergeMode(run, bench)
  if (settings.segment) return segmentMode(run, bench)
  return compareMode(run, bench)
}
