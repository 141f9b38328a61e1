import type { Arm, ServiceResources } from '../../model/types'
import type { BenchmarkSettings, Settings } from '../../settings/types'
import { LoadgateError } from '../../util/errors'

/**
 * The base arm could not start with the harness borrowed from the head (its build or start failed):
 * there is no base to compare with, and the head can still be measured alone.
 */
export class BorrowedHarnessError extends LoadgateError {
  constructor(
    /** Why the base could not start, without the borrowed files. */
    readonly reason: string,
    readonly borrowed: string[],
  ) {
    super(`the base commit cannot be measured with the head's harness (${borrowed.join(', ')}): ${reason}`)
  }
}

export interface ResourceSampling {
  /** Resolves with '' once sampling runs, or with why the arm's state cannot be read. */
  started: Promise<string>
  /** Ends the sampling: per service, what it used while sampled (null figures where not measurable). */
  stop(): Promise<ServiceResources[]>
  /**
   * After `stop`: CPU seconds the run's other arms' containers used while sampled (an idle arm's
   * timers, the other arm of a duet), null where unreadable; absent where the backend sees none.
   */
  otherArmsCpuSeconds?(): Promise<number | null>
}

/** One running arm of the system under test. */
export interface ArmInstance {
  /** Where the load generator sends its requests (it may change when the arm is recreated). */
  readonly url: string
  /** What identifies the running instance (Compose: its container ids); absent where unknown. */
  readonly instance?: string[]
  /** Where the arm runs as the results record it (no credentials); absent for arms started here. */
  readonly address?: string
  /** The stack slot the arm runs in now (its Compose project); absent where the arms have no slots. */
  readonly slot?: number
  /** Files of the head's harness copied into this arm's tree, which lacked them (see borrow-harness). */
  readonly borrowed?: string[]
  /** Starts measuring the arm's resource use for one trial. */
  sampleResources(): ResourceSampling
  /**
   * Replaces the arm's instance with a fresh one of the same build, in `slot` when given, and
   * waits until it is ready; the replaced one is removed in the background (`retired`). Absent
   * where an arm cannot be recreated (an environment running elsewhere).
   */
  recreate?(slot?: number): Promise<void>
  /** Resolves once the instances `recreate` replaced are removed; rejects with the first failure. */
  retired?(): Promise<void>
  /** Host PIDs of the arm's running processes, for a profiler; absent where they cannot be seen. */
  processes?(): Promise<number[]>
  /** Freezes every process of the arm while the other arm is measured; absent where impossible. */
  pause?(): Promise<void>
  /** Thaws what `pause` froze; does nothing when the arm is not paused. */
  resume?(): Promise<void>
  /**
   * Runs the arm's processes on the CPUs of a CPU list (`0`, `2-3`) only, until confined again;
   * absent where the arm runs elsewhere or its CPUs cannot be chosen.
   */
  confine?(cpus: string): Promise<void>
  /** Removes everything the arm created; safe to call once the start failed half-way. */
  stop(): Promise<void>
}

/** Brings up the code of each arm for measurement. */
export interface SystemUnderTest {
  /**
   * Starts one arm (in stack slot `slot`, where the backend has slots) and waits until it is
   * ready; on failure, whatever it started is removed.
   */
  start(arm: Arm, slot?: number): Promise<ArmInstance>
}

export interface SystemOptions {
  settings: Settings
  bench: BenchmarkSettings
  /** Names what this run starts (Compose projects), so a later cleanup can find it. */
  runId: string
  /** The base commit, for arms built from its tree. */
  baseSha?: string
  /**
   * A base tree without the compose file may borrow the head's harness (compose file, prepare, the
   * Dockerfiles and env files they name); never in a trusted run, whose base must be its own.
   */
  borrowHarness?: boolean
  /** How long an arm may take to become ready. */
  startTimeoutSeconds: number
  onProgress: (message: string) => void
}
