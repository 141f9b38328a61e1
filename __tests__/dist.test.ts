import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true })
  const files: string[] = []
  for (const entry of entries) {
    const relative = path.join(prefix, entry.name)
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)))
    else files.push(relative)
  }
  return files.sort()
}

test('committed dist/ matches a fresh build of src/', async () => {
  const fresh = await mkdtemp(path.join(os.tmpdir(), 'loadgate-dist-'))
  try {
    execFileSync('node', ['scripts/build.mjs', fresh], { stdio: 'pipe' })
    const expected = await listFiles(fresh)
    const actual = await listFiles('dist')
    assert.deepEqual(actual, expected, 'dist/ has different files: run `npm run build` and commit dist/')
    for (const file of expected) {
      const [a, b] = await Promise.all([readFile(path.join('dist', file)), readFile(path.join(fresh, file))])
      assert.ok(
        a.equals(b),
        `dist/${file} differs from a fresh build: run \`npm run build\` and commit dist/`,
      )
    }
  } finally {
    await rm(fresh, { recursive: true, force: true })
  }
})
