import type { BenchmarkOutcome } from '../pipeline'
import {
  announceRun,
  gatePosting,
  refuseStaleTrustedHead,
  reportFailure,
  type GatePosting,
  type GateRun,
} from '../modes/failure'
import type { Settings } from '../settings/types'
import { savePendingGates, type PendingGate } from './state'

/**
 * The gating statuses of one run: pending for every benchmark before the first starts, error for one
 * that fails. A pending is settled only once the benchmark's final status was written: the post step
 * turns what was never settled (a cancelled run, a final status GitHub refused) into `error`.
 */
export class GateKeeper {
  private readonly gates: PendingGate[] = []
  private readonly posting: GatePosting

  constructor(
    private readonly settings: Settings,
    private readonly run: GateRun,
  ) {
    this.posting = gatePosting(settings, run)
  }

  /** Pending for each benchmark; first, a trusted run whose head moved on is refused, posting nothing. */
  async announce(benchmarks: string[]): Promise<void> {
    if (this.posting !== null) await refuseStaleTrustedHead(this.run)
    if (this.posting !== 'own' || !this.settings.status) return
    for (const benchmark of benchmarks) {
      const statusId = await announceRun(this.run, this.settings, benchmark)
      if (statusId === null) continue
      const { headSha, runUrl } = this.run.context
      this.gates.push({ benchmark, headSha, runUrl, statusId, settled: false })
      savePendingGates(this.gates)
    }
  }

  /**
   * The benchmark reached its end: a verdict or a reported failure, whose final status is set (the
   * post step leaves it alone) or was not (it stays for the post step, and the step fails). The
   * announce job's pending is its final word until the deciding job speaks.
   */
  settled(benchmark: string, outcome: BenchmarkOutcome): void {
    const gate = this.gates.find((g) => g.benchmark === benchmark)
    if (!gate) return
    // Only this benchmark's own status settles its gate, never another's posted in its turn.
    const ownStatus = outcome.statusSet && outcome.benchmark === benchmark
    if (ownStatus || this.settings.mode === 'announce') gate.settled = true
    else gate.reason = UNSETTLED_DESCRIPTION
    savePendingGates(this.gates)
  }

  /** The benchmarks whose pending this run could not replace with a final status. */
  unsettled(): string[] {
    return this.gates.filter((g) => !g.settled).map((g) => g.benchmark)
  }

  /** A failed benchmark: told on the pull request when this run speaks for its gate. */
  failed(benchmark: string, error: unknown): Promise<BenchmarkOutcome> {
    return reportFailure(this.run, this.settings, benchmark, error, this.posting)
  }

  /** Whether a failure of `mode: report` is told on the pull request rather than only refused. */
  get reportsFailures(): boolean {
    return this.posting !== null
  }
}

/** What the post step says on a pending whose final status GitHub did not take. */
export const UNSETTLED_DESCRIPTION = 'loadgate could not set the final status; see the run'

/** The step's error line for gates whose final status could not be written. */
export function unsettledText(benchmarks: string[]): string {
  const contexts = benchmarks.map((b) => `loadgate/${b}`).join(', ')
  return (
    `loadgate could not set the final status of ${contexts} (the warnings above say why); ` +
    'the post step turns its pending into error'
  )
}
