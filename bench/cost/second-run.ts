// A pull request's run of the bundled example as the shipped pull-request.yml makes it, twice: first
// as on a fresh runner (empty Go build cache, the engine's build cache pruned), then as the next run,
// whose Go build cache actions/cache restored (the same GOCACHE folder). Each is a real
// `loadgate compare` (3 short rounds: the builds are what is measured); the seconds from the stacks'
// start to the first trial — `prepare` and `docker compose build` of both arms, then `up --wait` —
// come from the results file's meta.timing, beside `prepare`'s share timed here apart.
//   node --import tsx bench/cost/second-run.ts
// Run it on a quiet machine: the figures are wall time. It prunes the engine's whole build cache.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { makeExampleRepo } from '../../testkit/example-repo'

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')
const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-second-run-'))
const goCache = path.join(root, 'go-build')
const env = { ...process.env, GOCACHE: goCache, PATH: `${process.env.PATH}:/usr/local/go/bin`, NO_COLOR: '1' }
const repo = await makeExampleRepo({
  headEnv: 'LATENCY_PERCENT=10',
  files: {
    'loadgate.yml': [
      'compose-file: compose/compose.yaml',
      'service: api',
      'port: 8080',
      'k6-script: compose/k6/api.js',
      'prepare: bash compose/prepare.sh',
      'k6-env: { DURATION: 2s, RATE: 100 }',
      'warmup: 2s',
      'fresh-instances: run',
      'min-rounds: 3',
      'max-rounds: 3',
      'fail-on: INVALID',
      '',
    ].join('\n'),
  },
})

/** One compare; the seconds from the stacks' start to the first trial, and the wall time. */
async function compare(label: string): Promise<{ stacks: number; wall: number }> {
  const workDir = path.join(root, label)
  const run = spawnSync(
    process.execPath,
    ['--import', TSX, CLI, 'compare', '--base', repo.baseSha, '--work-dir', workDir, '--json'],
    { cwd: repo.dir, env: { ...env, GITHUB_RUN_ID: `second${process.pid}${label}` }, encoding: 'utf8' },
  )
  if (run.status !== 0 && run.status !== 1) throw new Error(`compare failed (${run.status}): ${run.stderr}`)
  const results = JSON.parse(await readFile(path.join(workDir, 'api', 'results.json'), 'utf8'))
  return { stacks: results.meta.timing.stacksStartSeconds, wall: results.meta.timing.wallSeconds }
}

/** `prepare` of both arms alone, with the cache as it is now (the part a restored cache saves). */
function prepareSeconds(): number {
  const started = performance.now()
  for (let i = 0; i < 2; i++)
    execFileSync('bash', ['compose/prepare.sh'], { cwd: repo.dir, env, stdio: 'ignore' })
  return (performance.now() - started) / 1000
}

try {
  await rm(goCache, { recursive: true, force: true })
  execFileSync('docker', ['builder', 'prune', '-af'], { stdio: 'ignore' })
  const first = await compare('first')
  const second = await compare('second')
  const prepared = prepareSeconds()
  const cache = execFileSync('du', ['-sh', goCache], { encoding: 'utf8' }).split('\t')[0]
  console.log('| run | stacks started (builds of both arms included) | whole run |')
  console.log('|---|---:|---:|')
  console.log(`| first (fresh runner) | ${first.stacks.toFixed(1)} s | ${first.wall.toFixed(1)} s |`)
  console.log(
    `| second (Go build cache restored, ${cache}) | ${second.stacks.toFixed(1)} s | ${second.wall.toFixed(1)} s |`,
  )
  console.log(
    `second/first stacks' start: ${(second.stacks / first.stacks).toFixed(2)}×; prepare of both arms with the cache warm: ${prepared.toFixed(1)} s`,
  )
} finally {
  await repo.cleanup()
  await rm(root, { recursive: true, force: true })
}
