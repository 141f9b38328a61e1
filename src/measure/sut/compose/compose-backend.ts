import { rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Arm } from '../../../model/types'
import { errorMessage, LoadgateError, SettingsError } from '../../../util/errors'
import { run } from '../../../util/exec'
import { Git } from '../../../util/git'
import { requireFile } from '../../../util/require-file'
import { track, type Resource } from '../../cleanup'
import type { ArmInstance, ResourceSampling, SystemOptions, SystemUnderTest } from '../sut-backend'
import { borrowedHarnessFailure, lendHarness } from './borrow-harness'
import { checkComposeFiles } from './compose-file-checks'
import { composeModelProblem, readComposeModel } from './compose-model'
import { engineVersion } from './engine'
import { isImageOverrideFile, removeImage, writeImageOverride } from './arm-images'
import { confineStack } from './cpuset'
import { frequentHealthCheckNote, healthCheckIntervals, isFrequent } from './health-checks'
import { containerProcesses, CpuMeter, ResourceSampler } from './resources'
import { oneShotServices, startLevels } from './service-readiness'
import { ArmStacks } from './arm-stacks'
import type { StartedContainer } from './container-listing'
import type { ComposeStack, ComposeContainer, StartOrder } from './stack'
import { addWorktree, worktreeFolder } from './worktree'
import { buildEnv, prepare, withheldNote } from './prepare'

export function createComposeSystem(options: SystemOptions): SystemUnderTest {
  return new ComposeSystem(options)
}

/**
 * Each arm is a Compose project built from its own tree: the checkout for the head, a git
 * worktree of the base commit for the base. Every stack and worktree is tracked, so an
 * interrupt or the post step can remove it.
 */
class ComposeSystem implements SystemUnderTest {
  private composeFilesChecked: Promise<void> | undefined
  /** Services already named for lacking a healthcheck. */
  private readonly noted = new Set<string>()
  /** Arms whose health checks have been looked at (their first stack tells), and services named for them. */
  private readonly healthChecksRead = new Set<Arm>()
  private readonly frequentCheckNoted = new Set<string>()
  /** Each started arm's current containers: a trial of one arm meters the others' CPU as the run's. */
  private readonly armContainers = new Map<Arm, () => readonly StartedContainer[]>()

  /** Whether the `pass-env` variables this job withholds from the build were named (once per run). */
  private withheldNoted = false

  constructor(private readonly options: SystemOptions) {}

  private noteWithheld(): void {
    this.withheldNoted = true
    const note = withheldNote(this.options.settings.passEnv)
    if (note) this.options.onProgress(note)
  }

  async start(arm: Arm, slot = arm === 'base' ? 0 : 1): Promise<ArmInstance> {
    const { settings, bench, baseSha } = this.options
    // Both arms' files, before the first arm starts: a missing file or a clash would only show later.
    this.composeFilesChecked ??= checkComposeFiles({
      git: new Git(settings.workspace),
      workspace: settings.workspace,
      composeFile: bench.composeFile,
      baseSha,
      baseMayLack: Boolean(this.options.borrowHarness),
    }).then(() => this.checkModel(settings.workspace))
    await this.composeFilesChecked
    if (!this.withheldNoted) this.noteWithheld()
    const removers: Array<() => Promise<void>> = []
    let stacks: ArmStacks | null = null
    const stop = async () => {
      // The stacks first, then what they need (images, override), then the worktree that holds the file.
      // Each is tried even when one before it failed (an engine that is down keeps its images,
      // but the override file and the worktree still go); the first failure is reported.
      const failures: unknown[] = []
      for (const remove of [() => stacks?.removeAll(), ...removers.reverse()])
        await Promise.resolve(remove()).catch((error: unknown) => failures.push(error))
      removers.length = 0
      if (failures.length) throw failures[0]
    }
    let borrowed: string[] = []
    try {
      const tree = await this.tree(arm, removers)
      const where = arm === 'base' ? `the base commit ${this.options.baseSha!.slice(0, 12)}` : 'the checkout'
      if (arm === 'base' && this.options.borrowHarness) borrowed = await lendHarness(this.options, tree)
      await requireFile(tree, bench.composeFile, 'compose-file', where)
      // The head's checkout was checked with the files above; the base's tree exists only now.
      if (arm === 'base') await this.checkModel(tree)
      const env = buildEnv(settings.passEnv)
      if (bench.prepare) await prepare(bench.prepare, tree, arm, env)
      const file = path.join(tree, bench.composeFile)
      const images = await writeImageOverride(file, name(this.options.runId, bench.name, arm), env)
      removers.push(track({ kind: 'image-override', id: images.overrideFile, path: '' }, images.remove))
      for (const image of images.images)
        removers.push(track({ kind: 'image', id: image, path: '' }, () => removeImage(image)))
      const projectName = (what: string) => name(this.options.runId, bench.name, what)
      stacks = new ArmStacks(projectName, file, images.overrideFile, await startOrderOf(file, env), env)
      const stack = stacks.first(slot)
      this.options.onProgress(`starting ${arm} (${stack.project})`)
      await stack.up(this.options.startTimeoutSeconds, () => {})
      const containers = await stack.containers()
      this.noteUncheckedServices(containers)
      await this.noteFrequentHealthChecks(arm, containers)
      const instance = await this.instance(arm, stack, slot, stacks, async () => {
        this.armContainers.delete(arm)
        await stop()
      })
      return borrowed.length ? Object.assign(instance, { borrowed }) : instance
    } catch (error) {
      await stop().catch(() => undefined)
      throw borrowedHarnessFailure(error, borrowed)
    }
  }

  /**
   * Names, once per run, every running service without a healthcheck (in the compose file or the
   * image): a start takes such a service as ready once it runs, so the first trial may meet it still
   * starting. The warm-up absorbs some of that; only the service can say when it is ready.
   */
  private noteUncheckedServices(containers: ComposeContainer[]): void {
    const unchecked = containers
      .filter((c) => c.state === 'running' && !c.health && !this.noted.has(c.service))
      .map((c) => c.service)
    if (unchecked.length === 0) return
    for (const service of unchecked) this.noted.add(service)
    const names = unchecked.map((s) => `'${s}'`).join(', ')
    const one = unchecked.length === 1
    this.options.onProgress(
      `warning: ${one ? 'service' : 'services'} ${names} (${this.options.bench.composeFile}) ` +
        `${one ? 'has' : 'have'} no healthcheck: the load starts once ${one ? 'it runs' : 'they run'}, ` +
        `not once ${one ? 'it is' : 'they are'} ready; give ${one ? 'it' : 'each'} one (docs/setup.md)`,
    )
  }

  /**
   * Names, once per run, the services whose health checks go on during the trials, from each arm's
   * first stack (a head may change its checks; the same service in both arms is named once).
   * Reading them is advice only: a failure is ignored.
   */
  private async noteFrequentHealthChecks(arm: Arm, containers: ComposeContainer[]): Promise<void> {
    if (this.healthChecksRead.has(arm)) return
    this.healthChecksRead.add(arm)
    const running = containers.filter((c) => c.state === 'running' && !this.frequentCheckNoted.has(c.service))
    const intervals = await healthCheckIntervals(running.map((c) => c.id)).catch(
      () => new Map<string, number>(),
    )
    const checks = running.flatMap((c) =>
      intervals.has(c.id) ? [{ service: c.service, intervalSeconds: intervals.get(c.id)! }] : [],
    )
    const note = frequentHealthCheckNote(checks)
    if (!note) return
    for (const check of checks.filter(isFrequent)) this.frequentCheckNoted.add(check.service)
    this.options.onProgress(note)
  }

  /** The running stack as an arm; after a recreation its port and containers are read anew. */
  private async instance(
    arm: Arm,
    first: ComposeStack,
    firstSlot: number,
    stacks: ArmStacks,
    stop: () => Promise<void>,
  ): Promise<ArmInstance> {
    const { bench, startTimeoutSeconds } = this.options
    let stack = first
    let slot = firstSlot
    let url = await stack.url(bench.service, bench.port)
    let containers = [...stack.started]
    this.armContainers.set(arm, () => containers)
    const others = () => [...this.armContainers].flatMap(([other, of]) => (other === arm ? [] : of()))
    return {
      get url() {
        return url
      },
      get instance() {
        return containers.map((c) => c.id.slice(0, 12))
      },
      get slot() {
        return slot
      },
      sampleResources: () => sample(new ResourceSampler(containers), new CpuMeter(others())),
      processes: () => containerProcesses(containers),
      recreate: async (to = slot) => {
        stack = await stacks.next(to, (fresh) => fresh.start(startTimeoutSeconds, () => {}))
        slot = to
        url = await stack.url(bench.service, bench.port)
        containers = [...stack.started]
      },
      retired: () => stacks.retired(),
      pause: () => stack.pause(),
      resume: () => stack.unpause(),
      confine: (cpus) =>
        confineStack(
          containers.map((c) => c.id),
          cpus,
          [Number(new URL(url).port)],
        ),
      stop,
    }
  }

  /**
   * The tree's compose file as Compose resolves it, checked before anything is built: a port the
   * service does not publish, or a health check the engine cannot run, is a one-line settings
   * error now rather than after a build. A file Compose cannot read yet (before prepare) is left
   * to the read that names the images.
   */
  private async checkModel(tree: string): Promise<void> {
    const { bench } = this.options
    const env = buildEnv(this.options.settings.passEnv)
    const model = await readComposeModel(path.join(tree, bench.composeFile), env).catch(() => null)
    if (!model) return
    const problem = composeModelProblem(model, {
      service: bench.service,
      port: bench.port,
      ...(bench.portInput ? { portInput: bench.portInput } : {}),
      file: bench.composeFile,
      engine: await engineVersion(),
    })
    if (problem) throw new SettingsError(problem)
  }

  private async tree(arm: Arm, removers: Array<() => Promise<void>>): Promise<string> {
    const { workspace } = this.options.settings
    if (arm === 'head') return workspace
    if (!this.options.baseSha) throw new LoadgateError('compare needs a base commit')
    const worktree = await addWorktree(new Git(workspace), this.options.baseSha)
    removers.push(track({ kind: 'worktree', id: worktree.dir, path: workspace }, worktree.remove))
    return worktree.dir
  }
}

/** How every start orders this arm's services; null (wait as `up --wait` does) when the file cannot say. */
async function startOrderOf(file: string, env: Record<string, string>): Promise<StartOrder | null> {
  const model = await readComposeModel(file, env).catch(() => null)
  const levels = model && startLevels(model)
  return levels && { levels, oneShot: oneShotServices(model) }
}

function sample(sampler: ResourceSampler, others: CpuMeter): ResourceSampling {
  // Counters are read while the load generator starts up: both arms are measured the same way.
  others.start()
  const started = sampler.start().then(
    () => '',
    (error: unknown) => `container state unreadable: ${errorMessage(error)}`,
  )
  return { started, stop: () => sampler.stop(), otherArmsCpuSeconds: () => others.end() }
}

/** A Docker Compose project (or image) name: lower case letters, digits, dashes. */
function name(runId: string, bench: string, what: string): string {
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  return `loadgate-${clean(runId).slice(0, 30)}-${clean(bench).slice(0, 20)}-${what}`
}

/** Removes a stack, image, image override or worktree a killed run recorded: what the post step calls. */
export async function removeComposeLeftover(resource: Resource): Promise<void> {
  if (resource.kind === 'compose') {
    const file = existsSync(resource.path) ? ['-f', resource.path] : []
    // A paused stack is thawed first, so nothing is left frozen whatever `down` makes of it.
    await run('docker', ['compose', '-p', resource.id, ...file, 'unpause'], {
      timeoutMs: 60_000,
      cleanup: true,
    }).catch(() => undefined)
    await run(
      'docker',
      [
        'compose',
        '-p',
        resource.id,
        ...file,
        'down',
        '--volumes',
        '--remove-orphans',
        '--rmi',
        'local',
        '--timeout',
        '5',
      ],
      { timeoutMs: 180_000, cleanup: true },
    )
  } else if (resource.kind === 'image') {
    await removeImage(resource.id)
  } else if (resource.kind === 'image-override') {
    // Only ever a file this backend wrote: the state it comes from is the run's, but a path is a path.
    if (!isImageOverrideFile(resource.id)) throw new Error(`not an image override file: ${resource.id}`)
    await rm(resource.id, { force: true })
  } else if (resource.kind === 'worktree') {
    const git = new Git(resource.path)
    await git.tryRun(['worktree', 'remove', '--force', resource.id], { cleanup: true })
    await git.tryRun(['worktree', 'prune'], { cleanup: true })
    await rm(worktreeFolder(resource.id), { recursive: true, force: true })
  } else {
    throw new Error(`unknown kind of resource '${resource.kind}'`)
  }
}
