import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { loadgateOnBase, refuseHeadAlone } from '../../src/modes/base-harness'
import { Git } from '../../src/util/git'
import { commitAll, git, writeFiles } from '../../testkit/git-repos'

const bench = { name: 'api', k6Script: 'k6/api.js' }

async function repository(): Promise<{
  dir: string
  commit: (files: Record<string, string>) => Promise<string>
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-base-harness-'))
  git(dir, 'init', '-q')
  git(dir, 'config', 'user.name', 'loadgate tests')
  git(dir, 'config', 'user.email', 'tests@loadgate.invalid')
  return {
    dir,
    commit: async (files) => {
      await writeFiles(dir, files)
      return commitAll(dir, 'commit')
    },
  }
}

describe('NO_BASE only for the pull request that adopts loadgate', () => {
  test('a base with only its service code may be passed over; one with loadgate may not', async () => {
    const repo = await repository()
    try {
      const g = new Git(repo.dir)
      const bare = await repo.commit({ 'src/main.go': 'package main\n' })
      assert.deepEqual(await loadgateOnBase(g, bare, bench), [])
      assert.equal(await refuseHeadAlone(g, bare, bench, 'prepare failed'), null)

      const adopted = await repo.commit({
        'k6/api.js': 'export default function () {}\n',
        '.github/workflows/perf.yml': 'jobs:\n  gate:\n    steps:\n      - uses: acme/loadgate@v1\n',
        '.github/workflows/lint.yml': 'jobs: {}\n',
      })
      assert.deepEqual(await loadgateOnBase(g, adopted, bench), ['k6/api.js', '.github/workflows/perf.yml'])
      const refused = await refuseHeadAlone(g, adopted, bench, 'service api never became healthy')
      assert.ok(refused, 'a base that has loadgate and cannot start does not pass')
      assert.match(
        refused.message,
        /^the base commit has loadgate already \(k6\/api\.js, \.github\/workflows\/perf\.yml\) but could not be measured: service api never became healthy;/,
      )

      const configured = await repo.commit({ 'loadgate.yml': 'min-rounds: 10\n' })
      assert.ok((await loadgateOnBase(g, configured, bench)).includes('loadgate.yml'))
    } finally {
      await rm(repo.dir, { recursive: true, force: true })
    }
  })
})
