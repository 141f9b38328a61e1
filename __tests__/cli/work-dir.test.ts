import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { EARLIER_RUNS_KEPT, earlierRunsDir, startClean } from '../../src/cli/work-dir'

test("a new run starts empty and keeps the earlier runs' reports", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-work-dir-'))
  const dir = path.join(root, 'work')
  try {
    assert.equal(await startClean(dir), null, 'nothing to keep the first time')
    for (let run = 1; run <= EARLIER_RUNS_KEPT + 2; run++) {
      await mkdir(path.join(dir, 'api'), { recursive: true })
      await writeFile(path.join(dir, 'api', 'report.html'), `run ${run}`)
      const when = new Date(Date.UTC(2026, 0, run))
      await utimes(dir, when, when)
      const kept = await startClean(dir)
      assert.ok(kept, `run ${run} was kept`)
      assert.equal(await readFile(path.join(kept, 'api', 'report.html'), 'utf8'), `run ${run}`)
      assert.deepEqual(await readdir(dir), [], 'the new run starts empty')
    }
    const earlier = (await readdir(earlierRunsDir(dir))).sort()
    assert.equal(earlier.length, EARLIER_RUNS_KEPT)
    const oldest = await readFile(path.join(earlierRunsDir(dir), earlier[0]!, 'api', 'report.html'), 'utf8')
    assert.equal(oldest, 'run 3', 'the oldest runs go first')
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})
