import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { ArmInstances, DUET_PAUSE_NOTE } from '../../src/measure/arm-instances'
import type { ArmInstance } from '../../src/measure/sut'

/** An arm that keeps its state in memory: what the seam promises, without a stack behind it. */
function arm(events: string[], name: string, can = { recreate: true, pause: true }): ArmInstance {
  let paused = false
  return {
    url: `http://${name}`,
    sampleResources: () => ({ started: Promise.resolve(''), stop: () => Promise.resolve([]) }),
    stop: () => Promise.resolve(),
    ...(can.recreate ? { recreate: () => Promise.resolve(void events.push(`recreate ${name}`)) } : {}),
    ...(can.pause
      ? {
          pause: () => {
            paused = true
            events.push(`pause ${name}`)
            return Promise.resolve()
          },
          resume: () => {
            if (paused) events.push(`resume ${name}`)
            paused = false
            return Promise.resolve()
          },
        }
      : {}),
  }
}

describe('the arms of a run: the idle one paused, fresh instances', () => {
  test('the idle arm is paused for the trial and thawed even when the trial fails', async () => {
    const events: string[] = []
    const arms = new ArmInstances({ freshInstances: 'round', pauseIdleArm: true }, (m) => events.push(m))
    arms.add('base', arm(events, 'base'))
    arms.add('head', arm(events, 'head'))
    const measured = await arms.measuring('head', () => {
      events.push('trial head')
      return Promise.resolve('the trial')
    })
    assert.equal(measured, 'the trial', "the trial's outcome is passed on")
    await assert.rejects(
      arms.measuring('base', () => Promise.reject(new Error('k6 died'))),
      /k6 died/,
    )
    assert.deepEqual(events, ['pause base', 'trial head', 'resume base', 'pause head', 'resume head'])
  })

  test('pause-idle-arm false pauses nothing; renewal recreates every arm and says how long it took', async () => {
    const events: string[] = []
    const arms = new ArmInstances({ freshInstances: 'round', pauseIdleArm: false }, (m) => events.push(m))
    arms.add('base', arm(events, 'base'))
    arms.add('head', arm(events, 'head'))
    await arms.measuring('head', () => Promise.resolve(events.push('trial head')))
    await arms.renew(2)
    assert.deepEqual(events.slice(0, 3), ['trial head', 'recreate base', 'recreate head'])
    assert.match(events[3]!, /^new instances for round 2: base \d+\.\d s, head \d+\.\d s$/)
  })

  test('arms that can be neither recreated nor paused: said once, recorded as one instance per run', () => {
    const events: string[] = []
    const arms = new ArmInstances({ freshInstances: 'round', pauseIdleArm: true }, (m) => events.push(m))
    arms.add('base', arm(events, 'base', { recreate: false, pause: false }))
    arms.add('head', arm(events, 'head', { recreate: false, pause: false }))
    const described = arms.describe()
    assert.equal(described.freshInstances, 'run')
    assert.equal(described.pauseIdleArm, false)
    assert.match(described.instancesNote ?? '', /cannot be recreated or paused; each arm is one instance/)
    assert.deepEqual(events, [described.instancesNote])
    const asked = new ArmInstances({ freshInstances: 'run', pauseIdleArm: false }, (m) => events.push(m))
    asked.add('head', arm(events, 'head', { recreate: false, pause: false }))
    assert.deepEqual(asked.describe(), { freshInstances: 'run', pauseIdleArm: false }, 'nothing to say')
  })

  test('arms under load at once: nothing is idle, so nothing is paused, and the results and log say why', async () => {
    const events: string[] = []
    const arms = new ArmInstances(
      { freshInstances: 'round', pauseIdleArm: true, armsUnderLoad: 'both' },
      (m) => events.push(m),
    )
    arms.add('base', arm(events, 'base'))
    arms.add('head', arm(events, 'head'))
    const described = arms.describe()
    assert.equal(described.pauseIdleArm, false)
    assert.equal(described.instancesNote, DUET_PAUSE_NOTE)
    assert.deepEqual(events, [DUET_PAUSE_NOTE])
    await arms.measuring('head', () => Promise.resolve())
    assert.deepEqual(events, [DUET_PAUSE_NOTE], 'no pause, no resume')
  })
})
