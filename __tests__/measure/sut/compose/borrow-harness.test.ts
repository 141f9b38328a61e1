import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { borrowHarness } from '../../../../src/measure/sut/compose/borrow-harness'
import { readComposeModel } from '../../../../src/measure/sut/compose/compose-model'
import { copyExample } from '../../../../testkit/example-repo'

// The pull request that adopts loadgate: the head has the bundled example's harness, the base only
// its service code. Compose resolves the head's file for real (`docker compose config`).
const HARNESS = [
  'compose/compose.yaml',
  'compose/api/Dockerfile',
  'compose/store/Dockerfile',
  'compose/prepare.sh',
]
const roots: string[] = []

after(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true })
})

async function trees(): Promise<{ head: string; base: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-borrow-'))
  roots.push(root)
  const head = path.join(root, 'head')
  const base = path.join(root, 'base')
  await copyExample(head)
  await copyExample(base)
  for (const file of [...HARNESS, 'compose/k6']) await rm(path.join(base, file), { recursive: true })
  // The base's code differs from the head's: it must stay the base's.
  await writeFile(path.join(base, 'compose/api/main.go'), 'package main // the base\n')
  return { head, base }
}

async function borrow(head: string, base: string): Promise<string[]> {
  return borrowHarness({
    head,
    base,
    composeFile: 'compose/compose.yaml',
    prepare: 'bash compose/prepare.sh',
    model: await readComposeModel(path.join(head, 'compose/compose.yaml')),
  })
}

describe("borrowing the head's harness for a base without one", () => {
  test('the compose file, prepare and the Dockerfiles it names are copied; the base code stays its own', async () => {
    const { head, base } = await trees()
    assert.deepEqual(await borrow(head, base), [...HARNESS].sort())
    for (const file of HARNESS)
      assert.equal(
        await readFile(path.join(base, file), 'utf8'),
        await readFile(path.join(head, file), 'utf8'),
      )
    assert.equal(await readFile(path.join(base, 'compose/api/main.go'), 'utf8'), 'package main // the base\n')
  })

  test('a file the base has is never overwritten, and a build context it lacks is not copied', async () => {
    const { head, base } = await trees()
    await writeFile(path.join(base, 'compose/api/Dockerfile'), 'FROM scratch # the base\n')
    await rm(path.join(base, 'compose/store'), { recursive: true })
    const borrowed = await borrow(head, base)
    assert.deepEqual(borrowed, ['compose/compose.yaml', 'compose/prepare.sh'])
    assert.equal(
      await readFile(path.join(base, 'compose/api/Dockerfile'), 'utf8'),
      'FROM scratch # the base\n',
    )
    await assert.rejects(readFile(path.join(base, 'compose/store/main.go')), 'no code of the head is copied')
  })

  test('an env_file the compose file names is borrowed; a base with its own compose file borrows nothing', async () => {
    const { head, base } = await trees()
    const compose = await readFile(path.join(head, 'compose/compose.yaml'), 'utf8')
    await writeFile(
      path.join(head, 'compose/compose.yaml'),
      compose.replace(
        '    environment:\n      STORE_URL',
        '    env_file: [perf.env]\n    environment:\n      STORE_URL',
      ),
    )
    await writeFile(path.join(head, 'compose/perf.env'), 'A=1\n')
    assert.ok((await borrow(head, base)).includes('compose/perf.env'))

    const own = await trees()
    await mkdir(path.join(own.base, 'compose'), { recursive: true })
    await writeFile(path.join(own.base, 'compose/compose.yaml'), 'services: {}\n')
    assert.deepEqual(await borrow(own.head, own.base), [])
    assert.equal(await readFile(path.join(own.base, 'compose/compose.yaml'), 'utf8'), 'services: {}\n')
  })
})
