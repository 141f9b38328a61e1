import { track } from '../../cleanup'
import { sideBySide } from '../../schedule'
import { ComposeStack, type StartOrder } from './stack'

interface Placed {
  stack: ComposeStack
  remove: () => Promise<void>
}

/**
 * The Compose projects one arm runs in over a run: a project of its own for every set of
 * instances, named by the slot drawn for the set and the set's number (`…-s2`, then `…-s1-2`,
 * `…-s1-3`). A renewal starts the new instances without first removing the ones they replace, and
 * never meets a project the other arm is leaving; the replaced stack is removed in the background,
 * while the new one warms up, and `retired()` is awaited before anything is measured.
 */
export class ArmStacks {
  private current: Placed | null = null
  private retiring: Array<Promise<void>> = []
  private sets = 0

  constructor(
    /** The Compose project name for `what` (`s1`, `s1-2`, …). */
    private readonly projectName: (what: string) => string,
    private readonly file: string,
    private readonly overrideFile: string,
    private readonly order: StartOrder | null,
    /** What `pass-env` gives Docker Compose (prepare.ts). */
    private readonly env: Record<string, string> = {},
  ) {}

  /** The arm's first stack, in `slot`. */
  first(slot: number): ComposeStack {
    this.current = this.place(slot)
    return this.current.stack
  }

  /**
   * A stack for the next set of instances in `slot`, started by `start`; the stack it replaces is
   * removed once `start` ends, whether or not the new one could start.
   */
  async next(slot: number, start: (stack: ComposeStack) => Promise<void>): Promise<ComposeStack> {
    const previous = this.current
    this.current = this.place(slot)
    try {
      await start(this.current.stack)
    } finally {
      if (previous) {
        const removal = previous.remove()
        // Handled when `retired()` is awaited; until then a failure must not be an unhandled rejection.
        removal.catch(() => undefined)
        this.retiring.push(removal)
      }
    }
    return this.current.stack
  }

  private place(slot: number): Placed {
    this.sets++
    const what = this.sets === 1 ? `s${slot + 1}` : `s${slot + 1}-${this.sets}`
    const stack = new ComposeStack(this.projectName(what), this.file, this.overrideFile, this.order, this.env)
    return {
      stack,
      remove: track({ kind: 'compose', id: stack.project, path: this.file }, () => stack.down()),
    }
  }

  /** Resolves once every replaced stack is removed; rejects with the first removal that failed. */
  async retired(): Promise<void> {
    await sideBySide(this.retiring.splice(0))
  }

  /** Removes every stack of the arm: the running one, and any replaced one still being removed. */
  async removeAll(): Promise<void> {
    const current = this.current
    this.current = null
    const failures: unknown[] = []
    await current?.remove().catch((error: unknown) => failures.push(error))
    await this.retired().catch((error: unknown) => failures.push(error))
    if (failures.length) throw failures[0]
  }
}
