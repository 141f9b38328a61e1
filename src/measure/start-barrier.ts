import type { Arm } from '../model/types'

/** How an arm's load generator, ready and held, is released. */
export type Release = () => Promise<void>

/**
 * Holds the load generators of one duet round until every arm's is ready (or has failed to
 * start), then releases them in `order`: their load begins together, and which begins first is
 * the round's seeded draw. An arm that failed before it was ready does not hold the others: they
 * run and finish, and the failure is reported after.
 */
export class StartBarrier {
  private readonly releases = new Map<Arm, Release | null>()
  private readonly released: Promise<Map<Arm, Promise<void>>>
  private open!: (outcomes: Map<Arm, Promise<void>>) => void

  constructor(readonly order: Arm[]) {
    this.released = new Promise((resolve) => (this.open = resolve))
  }

  /** The arm's generator is ready and held; resolves once it is released (rejects if that failed). */
  async ready(arm: Arm, release: Release): Promise<void> {
    this.arrive(arm, release)
    await (await this.released).get(arm)
  }

  /** The arm's generator will never be ready: the others are not held for it. */
  failed(arm: Arm): void {
    this.arrive(arm, null)
  }

  private arrive(arm: Arm, release: Release | null) {
    if (!this.order.includes(arm)) throw new Error(`the ${arm} arm is not in this round`)
    if (this.releases.has(arm)) return
    this.releases.set(arm, release)
    if (this.releases.size < this.order.length) return
    // Started one after the other in the drawn order, none waiting for another's answer.
    const outcomes = new Map<Arm, Promise<void>>()
    for (const arm of this.order) outcomes.set(arm, this.releases.get(arm)?.() ?? Promise.resolve())
    for (const outcome of outcomes.values()) outcome.catch(() => undefined)
    this.open(outcomes)
  }
}
