import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { ArmInstances, DUET_PAUSE_NOTE } from '../../src/measure/arm-instances'
import { COMPILED_WARMUP_SECONDS } from '../../src/decide/runtime-warmup'
import { chooseByRuntime } from '../../src/measure/runtime-choices'
import type { ArmInstance } from '../../src/measure/sut'
import type { Settings } from '../../src/settings/types'

/** An arm whose processes are real host processes, read from /proc as a Compose stack's are. */
function armRunning(pids: number[], events: string[], name: string): ArmInstance {
  return {
    url: `http://${name}`,
    sampleResources: () => ({ started: Promise.resolve(''), stop: () => Promise.resolve([]) }),
    stop: () => Promise.resolve(),
    processes: () => Promise.resolve(pids),
    pause: () => Promise.resolve(void events.push(`pause ${name}`)),
    resume: () => Promise.resolve(void events.push(`resume ${name}`)),
  }
}

type Chosen = Pick<Settings, 'warmupSeconds' | 'warmupByRuntime' | 'pauseIdleArm'> &
  Partial<Pick<Settings, 'armsUnderLoad'>>

async function choose(settings: Chosen, pids: number[]) {
  const events: string[] = []
  const instances = new ArmInstances({ freshInstances: 'run', ...settings }, (m) => events.push(m))
  instances.add('base', armRunning(pids, events, 'base'))
  instances.add('head', armRunning(pids, events, 'head'))
  const said: string[] = []
  const choices = await chooseByRuntime(settings, instances, (m) => said.push(m))
  await instances.measuring('head', () => Promise.resolve(events.push('trial head')))
  return { choices, said, events, described: instances.describe() }
}

/** A process with no JIT runtime: coreutils' sleep, for as long as the test needs it. */
async function withSleep<T>(work: (pid: number) => Promise<T>): Promise<T> {
  const sleep = spawn('sleep', ['30'], { stdio: 'ignore' })
  try {
    return await work(sleep.pid!)
  } finally {
    sleep.kill()
  }
}

const auto: Chosen = { warmupSeconds: 10, warmupByRuntime: true, pauseIdleArm: 'auto' }

describe('choices by runtime: the warm-up and the idle arm, from the processes in /proc', () => {
  test('a JIT runtime (this Node.js process) warms up 30 s and is never frozen; the log says why', async () => {
    const { choices, said, events, described } = await choose(auto, [process.pid])
    assert.deepEqual(choices.idleArmAuto, { pause: false, runtimes: ['Node.js'] })
    assert.equal(choices.warmupSeconds, 30)
    assert.deepEqual(events, ['trial head'], 'the idle arm kept running through the trial')
    assert.equal(described.pauseIdleArm, false, 'the results record what was done')
    assert.match(said[0]!, /^pause-idle-arm auto: the idle arm keeps running, for the Node\.js JIT compiler/)
    assert.match(said[1]!, /^warmup auto: 30 s/)
  })

  test('no JIT runtime: the idle arm is paused during every trial, as before auto', async () => {
    await withSleep(async (pid) => {
      const { choices, said, events, described } = await choose(auto, [pid])
      assert.deepEqual(choices.idleArmAuto, { pause: true, runtimes: [] })
      assert.equal(choices.warmupSeconds, COMPILED_WARMUP_SECONDS)
      assert.deepEqual(events, ['pause base', 'trial head', 'resume base'])
      assert.equal(described.pauseIdleArm, true)
      assert.match(said[0]!, /the idle arm is paused during every trial \(no JIT runtime found\)/)
    })
  })

  test('a setting given is kept whatever runs; nothing is read when neither asks', async () => {
    const fixed = await choose({ warmupSeconds: 5, warmupByRuntime: false, pauseIdleArm: true }, [
      process.pid,
    ])
    assert.deepEqual(fixed.choices, { warmupSeconds: 5 })
    assert.deepEqual(fixed.said, [])
    assert.deepEqual(fixed.events, ['pause base', 'trial head', 'resume base'], 'paused though it is a JIT')
    const never = await choose({ ...auto, pauseIdleArm: false }, [process.pid])
    assert.equal(never.choices.idleArmAuto, undefined)
    assert.deepEqual(never.events, ['trial head'])
  })

  test('in duet no arm is idle: auto chooses nothing about pausing, and the results say why', async () => {
    const { choices, said, described } = await choose({ ...auto, armsUnderLoad: 'both' }, [process.pid])
    assert.equal(choices.idleArmAuto, undefined)
    assert.equal(said.length, 1, 'only the warm-up is said')
    assert.equal(described.pauseIdleArm, false)
    assert.equal(described.instancesNote, DUET_PAUSE_NOTE, 'the results say why nothing was paused')
  })

  test('processes that cannot be seen keep the pause, as before auto', async () => {
    const { choices } = await choose(auto, [999_999_999])
    assert.deepEqual(choices.idleArmAuto, { pause: true, runtimes: [] })
    assert.equal(choices.warmupSeconds, 10)
  })
})
