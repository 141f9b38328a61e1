import type { Arm, ArmsUnderLoad, ResultsFile } from '../model/types'
import type { Settings } from '../settings/types'
import { errorMessage, LoadgateError } from '../util/errors'
import { run } from '../util/exec'
import { cpuSplit, runnerCpuCount, type CpuSplit } from './cpu-split'
import { sideBySide, stackPlacement, trialsAtOnce } from './schedule'
import type { ArmInstance } from './sut'

type InstanceSettings = Pick<ResultsFile['settings'], 'freshInstances' | 'pauseIdleArm' | 'instancesNote'>

/** Said in the log and the results when the arms are measured at once: no arm is idle. */
export const DUET_PAUSE_NOTE =
  'both arms are under load at once (arms-under-load both): no arm is idle or paused'

/** Said where pause-idle-arm asks for a pause that trials run at once leave no room for. */
function atOnceNote(mode: ArmsUnderLoad): string {
  return mode === 'both'
    ? DUET_PAUSE_NOTE
    : "the arms' loads alternate in slices of each trial (arms-under-load alternating): no arm is paused"
}

/**
 * The running arms of one measurement: replaced by fresh instances when `fresh-instances` asks,
 * the arm not under load paused during each trial when `pause-idle-arm` asks, and in duet each arm
 * on CPUs of its own where the machine allows (cpu-split.ts).
 */
export class ArmInstances {
  private readonly instances = new Map<Arm, ArmInstance>()

  /** pause-idle-arm auto's choice, once the arms' runtimes are known (runtime-choices.ts). */
  private pauseChosen: boolean | null = null

  /** Pausing the idle arm applies only when one arm at a time is under load. */
  private get pausesIdleArm(): boolean {
    const pause = this.pauseChosen ?? this.settings.pauseIdleArm !== false
    return pause && !trialsAtOnce(this.settings.armsUnderLoad)
  }

  /** Whether an arm is idle during a trial and every arm can be paused: what pause-idle-arm auto decides. */
  canPauseIdleArm(): boolean {
    return !trialsAtOnce(this.settings.armsUnderLoad) && this.everyArmPausable()
  }

  private everyArmPausable(): boolean {
    return [...this.instances.values()].every((i) => i.pause && i.resume)
  }

  /** pause-idle-arm auto: pause the idle arm during every trial, or leave it running. */
  choosePause(pause: boolean): void {
    this.pauseChosen = pause
  }

  constructor(
    private readonly settings: Pick<Settings, 'freshInstances' | 'pauseIdleArm'> &
      Partial<Pick<Settings, 'armsUnderLoad' | 'seed'>>,
    private readonly say: (message: string) => void,
    private readonly cpuCount = runnerCpuCount(),
  ) {}

  add(arm: Arm, instance: ArmInstance): void {
    this.instances.set(arm, instance)
  }

  get(arm: Arm): ArmInstance {
    const instance = this.instances.get(arm)
    if (!instance) throw new Error(`the ${arm} arm was not started`)
    return instance
  }

  /**
   * What the run does of the settings, for the results; says once what the arms cannot do
   * (an environment running elsewhere can be neither recreated nor paused).
   */
  describe(): InstanceSettings {
    const all = [...this.instances.values()]
    const canRecreate = all.every((i) => i.recreate)
    const canPause = this.everyArmPausable()
    const freshInstances = canRecreate ? this.settings.freshInstances : 'run'
    const pauseIdleArm = canPause && this.pausesIdleArm
    const notRecreated = this.settings.freshInstances !== 'run' && !canRecreate
    const notPaused = this.pausesIdleArm && !canPause
    const duetNote =
      trialsAtOnce(this.settings.armsUnderLoad) && this.settings.pauseIdleArm !== false
        ? atOnceNote(this.settings.armsUnderLoad!)
        : ''
    if (!notRecreated && !notPaused) {
      if (duetNote) this.say(duetNote)
      return { freshInstances, pauseIdleArm, ...(duetNote ? { instancesNote: duetNote } : {}) }
    }
    const cannot = [notRecreated && 'recreated', notPaused && 'paused'].filter(Boolean).join(' or ')
    const note = [
      `the arms run elsewhere and cannot be ${cannot}`,
      notRecreated && 'each arm is one instance for the whole run',
      notPaused && 'the arm not under load keeps running',
      duetNote,
    ]
      .filter(Boolean)
      .join('; ')
    this.say(note)
    return { freshInstances, pauseIdleArm, instancesNote: note }
  }

  /** Host PIDs of every arm's processes; null when any arm's cannot be seen (a URL target). */
  async processes(): Promise<number[] | null> {
    const all = [...this.instances.values()]
    if (!all.every((i) => i.processes)) return null
    const pids = await Promise.all(all.map((i) => i.processes!().catch(() => [] as number[])))
    return pids.flat()
  }

  /** Sets of instances started so far, the first included: the next renewal's placement is drawn for it. */
  private sets = 1

  /**
   * Replaces every arm's instance before `round`, the arms side by side (none is under load, and
   * most of the time is spent waiting for health checks), launched in a seeded order and, where the
   * arms have stack slots, each in the slot drawn for this set of instances; logs how long each took.
   * The replaced instances are removed meanwhile: `retired()` before anything is measured.
   */
  async renew(round: number): Promise<void> {
    const placement = stackPlacement([...this.instances.keys()], this.sets++, this.settings.seed ?? 0)
    const renewing = placement.startOrder
      .map((arm) => [arm, this.get(arm)] as const)
      .filter(([, instance]) => instance.recreate)
    // All settle before a failure is reported: the teardown that follows must not race a recreation.
    const seconds = new Map<Arm, number>()
    await sideBySide(
      renewing.map(async ([arm, instance]) => {
        const started = Date.now()
        await instance.recreate!(instance.slot === undefined ? undefined : placement.slots[arm])
        seconds.set(arm, (Date.now() - started) / 1000)
      }),
    )
    const took = [...this.instances.keys()]
      .sort()
      .filter((arm) => seconds.has(arm))
      .map((arm) => `${arm} ${seconds.get(arm)!.toFixed(1)} s`)
    if (took.length) this.say(`new instances for round ${round}: ${took.join(', ')}`)
  }

  /** Resolves once every instance a renewal replaced is removed: nothing is measured beside a removal. */
  async retired(): Promise<void> {
    await sideBySide(
      [...this.instances.values()].map((instance) => instance.retired?.() ?? Promise.resolve()),
    )
  }

  /** Runs `work` (a trial of `arm`) with every other arm paused; they are thawed whatever happens. */
  async measuring<T>(arm: Arm, work: () => Promise<T>): Promise<T> {
    const idle = this.pausesIdleArm
      ? [...this.instances].filter(([other, i]) => other !== arm && i.pause && i.resume)
      : []
    const paused: Array<[Arm, ArmInstance]> = []
    let outcome: { value: T } | { error: unknown }
    try {
      for (const [other, instance] of idle) {
        paused.push([other, instance])
        await instance.pause!().catch((error: unknown) => {
          throw new LoadgateError(`could not pause the ${other} arm: ${errorMessage(error)}`)
        })
      }
      outcome = { value: await work() }
    } catch (error) {
      outcome = { error }
    }
    const thawed = await Promise.allSettled(paused.map(([, instance]) => instance.resume!()))
    if ('error' in outcome) throw outcome.error
    // A stack left paused would fail every later trial of its arm: that ends the run.
    const failed = thawed.findIndex((t) => t.status === 'rejected')
    if (failed >= 0) {
      const reason = (thawed[failed] as PromiseRejectedResult).reason
      throw new LoadgateError(`could not resume the ${paused[failed]![0]} arm: ${errorMessage(reason)}`)
    }
    return outcome.value
  }

  /** Duet with the CPUs split: the split, and what each arm's instance is confined to now. */
  private split: CpuSplit | null = null
  private readonly confined = new Map<Arm, { instance: string; cpus: string }>()

  /**
   * Duet: gives each arm CPUs of its own when there are two or more, every arm can be confined
   * and `taskset` runs; says which, or why the arms share the CPUs. Sequential runs need none.
   */
  async splitCpus(): Promise<void> {
    if (this.settings.armsUnderLoad !== 'both') return
    const all = [...this.instances.values()]
    if (!all.every((i) => i.confine)) return
    const split = cpuSplit([...this.instances.keys()], this.settings.seed ?? 0, this.cpuCount)
    if (!split) return this.say('duet on one CPU: the arms share it')
    try {
      await run('taskset', ['--version'])
      // A probe that changes nothing: every arm on every CPU. An engine that refuses it (rootless,
      // no cpuset controller) leaves the arms sharing the CPUs, said once.
      const every = `0-${this.cpuCount - 1}`
      for (const instance of all) await instance.confine!(every)
    } catch (error) {
      return this.say(
        `the arms share the CPUs: they could not be given CPUs of their own (${errorMessage(error)})`,
      )
    }
    this.split = split
    this.say(
      `each arm runs on CPUs of its own (${split.halves.join(' and ')}: its containers, its k6, its port's proxy); ` +
        'which arm gets which is drawn per round',
    )
  }

  /** The CPUs `arm` runs `round` on, the arm confined to them first; undefined when not split. */
  async cpusFor(arm: Arm, round: number): Promise<string | undefined> {
    if (!this.split) return undefined
    const cpus = this.split.cpusOf(arm, round)
    const instance = this.get(arm)
    const id = (instance.instance ?? []).join(',')
    const now = this.confined.get(arm)
    if (now?.instance !== id || now.cpus !== cpus) {
      await instance.confine!(cpus)
      this.confined.set(arm, { instance: id, cpus })
    }
    return cpus
  }

  /** Stops every arm; what could not be removed is reported, not thrown. */
  async stopAll(report: (error: unknown) => void): Promise<void> {
    await Promise.all([...this.instances.values()].map((instance) => instance.stop().catch(report)))
  }
}
