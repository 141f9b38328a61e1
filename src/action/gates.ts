import type { BenchmarkOutcome } from '../pipeline'
import { announceRun, postsGate, reportFailure, type GateRun } from '../modes/failure'
import type { Settings } from '../settings/types'
import { savePendingGates, type PendingGate } from './state'

/**
 * The gating statuses of one run: pending for every benchmark before the first starts, error for one
 * that fails; the post step reads what was never settled (a cancelled run) from the saved state.
 */
export class GateKeeper {
  private readonly gates: PendingGate[] = []
  private readonly posts: boolean

  constructor(
    private readonly settings: Settings,
    private readonly run: GateRun,
  ) {
    this.posts = postsGate(settings, run)
  }

  async announce(benchmarks: string[]): Promise<void> {
    if (!this.posts || !this.settings.status) return
    for (const benchmark of benchmarks) {
      const statusId = await announceRun(this.run, this.settings, benchmark)
      if (statusId === null) continue
      const { headSha, runUrl } = this.run.context
      this.gates.push({ benchmark, headSha, runUrl, statusId, settled: false })
      savePendingGates(this.gates)
    }
  }

  /** The benchmark reached its end (a verdict or a reported failure): the post step leaves it alone. */
  settled(benchmark: string): void {
    const gate = this.gates.find((g) => g.benchmark === benchmark)
    if (!gate) return
    gate.settled = true
    savePendingGates(this.gates)
  }

  failed(benchmark: string, error: unknown): Promise<BenchmarkOutcome> {
    return reportFailure(this.run, this.settings, benchmark, error, this.posts)
  }
}
