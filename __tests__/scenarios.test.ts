import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { renderComment } from '../src/report/markdown'
import type { Comparison } from '../src/types'
import { assertNothingLeft } from './helpers/docker'
import { makeExampleRepo } from './helpers/example-repo'

// Stacks modeled on published performance-report failures (compose/scenarios/), each gated by
// the real CLI on a base/head pair. The comment each produced is saved in test-output/scenarios/.

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const c of cleanups) await c()
})

async function gate(options: {
  name: string
  script: string
  service: string
  headEnv: string
  rounds: number
  extra?: string[]
  reverse?: boolean
}): Promise<Comparison> {
  const repo = await makeExampleRepo({
    files: { [`compose/scenarios/${options.name}/.env`]: `${options.headEnv}\n` },
  })
  cleanups.push(repo.cleanup)
  const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-scenario-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  const refs = options.reverse ? ['--base', 'HEAD', '--head', 'HEAD~1'] : ['--base', 'HEAD~1']
  const result = spawnSync(
    'node',
    [
      path.resolve('dist/cli.js'),
      'compare',
      ...refs,
      '--compose-file',
      `compose/scenarios/${options.name}/compose.yaml`,
      '--service',
      options.service,
      '--port',
      '8080',
      '--k6-script',
      `compose/scenarios/${options.name}/k6/${options.script}`,
      '--prepare',
      'bash compose/scenarios/prepare.sh',
      '--k6-env',
      'DURATION=2s',
      '--warmup',
      '1s',
      '--min-rounds',
      String(options.rounds),
      '--max-rounds',
      String(options.rounds),
      '--work-dir',
      work,
      ...(options.extra ?? []),
    ],
    { cwd: repo.dir, encoding: 'utf8', timeout: 600_000 },
  )
  assert.ok(
    result.status === 0 || result.status === 1,
    `loadgate failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
  )
  const comparison = JSON.parse(
    await readFile(path.join(work, 'api', 'comparison.json'), 'utf8'),
  ) as Comparison
  await mkdir('test-output/scenarios', { recursive: true })
  const label = `${options.name}${options.reverse ? '-reversed' : ''}`
  await writeFile(`test-output/scenarios/${label}.md`, renderComment(comparison, {}))
  assertNothingLeft()
  return comparison
}

describe('real-world scenarios', () => {
  test(
    'dependency down: every request ends in 5xx after retries → INVALID with the error rate and codes, never approved',
    { timeout: 600_000 },
    async () => {
      const c = await gate({
        name: 'dependency-down',
        script: 'search.js',
        service: 'search',
        headEnv: 'INDEX_DOWN=1',
        rounds: 3,
        extra: ['--name', 'api'],
      })
      assert.equal(c.verdict, 'INVALID')
      assert.match(c.headline, /^Invalid run — head returned 100\.0% errors \(HTTP 50[03] ×\d+/)
      assert.equal(c.blocking, true)
      const body = renderComment(c, {})
      assert.doesNotMatch(
        body.split('<details>')[0]!,
        /\| p95 \|/,
        'no latency comparison of failed requests',
      )
    },
  )

  test(
    'blocked event loop: moving /query off the path is a large IMPROVEMENT of /status; reversed it is a REGRESSION',
    { timeout: 900_000 },
    async () => {
      const fixed = await gate({
        name: 'blocked-event-loop',
        script: 'event-loop.js',
        service: 'app',
        headEnv: 'BLOCKING=0',
        rounds: 10,
        extra: ['--name', 'api'],
      })
      const status = (c: Comparison) =>
        c.series.find((s) => s.name === 'GET /status')!.metrics.find((m) => m.metric === 'p95')!
      assert.equal(status(fixed).verdict, 'IMPROVEMENT', fixed.headline)
      assert.ok(status(fixed).change! < -0.5, `p95 of /status changed ${status(fixed).change}`)
      const broken = await gate({
        name: 'blocked-event-loop',
        script: 'event-loop.js',
        service: 'app',
        headEnv: 'BLOCKING=0',
        rounds: 10,
        reverse: true,
        extra: ['--name', 'api'],
      })
      assert.equal(broken.verdict, 'REGRESSION', broken.headline)
      assert.equal(status(broken).verdict, 'REGRESSION')
      assert.match(broken.headline, /GET \/status/)
    },
  )

  test(
    'faster median, wilder tail: the spread and p99 are flagged even though p95 < 2000ms is met',
    { timeout: 600_000 },
    async () => {
      const c = await gate({
        name: 'wild-tail',
        script: 'work.js',
        service: 'app',
        headEnv: 'SPEEDUP_PERCENT=5\nSTALL_RATE=0.02',
        rounds: 6,
        extra: ['--name', 'api', '--thresholds', 'p95 < 2000ms'],
      })
      const work = c.series.find((s) => s.name === 'GET /work')!
      assert.equal(work.dispersion.flagged, true)
      assert.ok(work.dispersion.ratio! > 5, `spread ratio ${work.dispersion.ratio}`)
      assert.equal(work.metrics.find((m) => m.metric === 'p99')!.change! > 1, true)
      assert.equal(work.metrics.find((m) => m.metric === 'p95')!.target?.pass, true)
      const body = renderComment(c, {})
      const visible = body.split('<details>')[0]!
      // As posted: markdown-escaped, `\(work\)` and `&lt;`.
      assert.match(visible, /⚠️ \*\*Latency spread of GET \/work \\\(work\\\) changed \d+\.\d×\*\*/)
      assert.match(visible, /✅ p95 of GET \/work \\\(work\\\) &lt; 2000ms: head \d/)
    },
  )
})
