import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { isFrozen, recoverStuck, thawFrozen } from '../../../src/measure/sut/compose/freezer'

// The rescue of a stack the engine is stuck on (a health check's exec frozen mid-start, a race this
// test does not stage): real Docker, a real container, its real cgroup.
const IMAGE = `loadgate-freezer-test-${process.pid}`
let dir = ''
let id = ''

const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8' }).trim()

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-freezer-'))
  await writeFile(path.join(dir, 'go.mod'), 'module example.com/idle\n\ngo 1.21\n')
  await writeFile(
    path.join(dir, 'main.go'),
    'package main\n\nimport "time"\n\nfunc main() { time.Sleep(time.Hour) }\n',
  )
  await writeFile(path.join(dir, 'Dockerfile'), 'FROM scratch\nCOPY idle /idle\nENTRYPOINT ["/idle"]\n')
  execFileSync('go', ['build', '-o', 'idle', '.'], {
    cwd: dir,
    env: {
      ...process.env,
      CGO_ENABLED: '0',
      GOTOOLCHAIN: 'local',
      PATH: `${process.env.PATH}:/usr/local/go/bin`,
    },
  })
  docker('build', '-q', '-t', IMAGE, dir)
  id = docker('run', '-d', '--rm', IMAGE).slice(0, 12)
})

after(async () => {
  if (id) docker('rm', '-f', id)
  docker('image', 'rm', '-f', IMAGE)
  await rm(dir, { recursive: true, force: true })
})

const state = () => docker('inspect', '--format', '{{.State.Status}}', id)

// `docker pause` leaves what a stuck pause leaves: a frozen cgroup the engine counts paused. The
// recovery must not need the engine until the cgroup is thawed, and must end where the engine agrees
// (a bare thaw leaves a container it counts paused and refuses to unpause: "container not paused").
describe('a container the engine is stuck on, brought back through its cgroup', () => {
  test('to running: thawed, frozen again where the engine counts it paused, then unpaused', async () => {
    docker('pause', id)
    assert.equal(await isFrozen(id), true)
    assert.equal(await recoverStuck([id], 'running'), true)
    assert.equal(state(), 'running')
    assert.equal(await isFrozen(id), false)
  })

  test('to paused: frozen and counted paused, so a later unpause works', async () => {
    docker('pause', id)
    assert.equal(await recoverStuck([id], 'paused'), true)
    assert.equal(state(), 'paused')
    assert.equal(await isFrozen(id), true)
    docker('unpause', id)
    assert.equal(state(), 'running')
  })

  test('nothing frozen: not a hang this can undo, so it says so', async () => {
    assert.deepEqual(await thawFrozen([id, 'f00dcafe0000']), [])
    assert.equal(await recoverStuck([id], 'running'), false)
  })
})
