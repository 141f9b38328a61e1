// What a build cache saves a pull request's run of the bundled example: both arms built as loadgate
// builds them (`prepare` in each tree, then `docker compose build`), first as on a fresh hosted
// runner (an empty Go build cache), then as a later run whose cache was restored (e.g. by
// actions/cache). Prints the seconds of each part and the size of what the cache holds.
// The Docker side is FROM scratch + COPY here, so the compiler cache is where the time is; the
// engine's build cache stays as the first arm's build left it, as on one runner.
//   node --import tsx bench/cost/build-cache.ts [repeats=3]
import { execFileSync } from 'node:child_process'
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

const repeats = Number(process.argv[2] ?? 3)
const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-build-cache-'))
const goCache = path.join(root, 'go-build')
const env = { ...process.env, GOCACHE: goCache, PATH: `${process.env.PATH}:/usr/local/go/bin` }

/** Seconds of one command. */
function timed(cmd: string, args: string[], cwd: string): number {
  const started = performance.now()
  execFileSync(cmd, args, { cwd, env, stdio: 'ignore' })
  return (performance.now() - started) / 1000
}

/** Both arms' trees, at the same paths every run (a runner's workspace path does not change). */
async function trees(): Promise<string[]> {
  const dirs = ['base', 'head'].map((arm) => path.join(root, arm))
  for (const dir of dirs) {
    await rm(dir, { recursive: true, force: true })
    await cp('compose', path.join(dir, 'compose'), {
      recursive: true,
      filter: (src) => !src.split(path.sep).includes('bin') && path.basename(src) !== '.env',
    })
  }
  await writeFile(path.join(dirs[1]!, 'compose', '.env'), 'LATENCY_PERCENT=10\n')
  return dirs
}

async function buildBoth(label: string): Promise<{ prepare: number; images: number }> {
  let prepare = 0
  let images = 0
  for (const [i, dir] of (await trees()).entries()) {
    prepare += timed('bash', ['compose/prepare.sh'], dir)
    const project = `loadgate-build-cache-${process.pid}-${label}-${i}`
    images += timed('docker', ['compose', '-p', project, '-f', 'compose/compose.yaml', 'build', '-q'], dir)
    execFileSync('docker', ['compose', '-p', project, '-f', 'compose/compose.yaml', 'down', '--rmi', 'all'], {
      cwd: dir,
      stdio: 'ignore',
    })
  }
  return { prepare, images }
}

const duSize = () => execFileSync('du', ['-sh', goCache], { encoding: 'utf8' }).split('\t')[0]
const rows: string[] = []
try {
  for (let r = 1; r <= repeats; r++) {
    // A fresh runner: no Go build cache, and no Docker build cache (this prunes the engine's whole
    // build cache: the bench is meant for a machine with nothing else building).
    await rm(goCache, { recursive: true, force: true })
    execFileSync('docker', ['builder', 'prune', '-af'], { stdio: 'ignore' })
    const cold = await buildBoth(`cold${r}`)
    const warm = await buildBoth(`warm${r}`)
    rows.push(
      `| ${r} | ${cold.prepare.toFixed(1)} + ${cold.images.toFixed(1)} | ${warm.prepare.toFixed(1)} + ${warm.images.toFixed(1)} | ${duSize()} |`,
    )
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
console.log(
  `Both arms of the bundled example built, seconds (prepare + docker compose build), ${os.cpus().length} cores:`,
)
console.log('')
console.log(
  '| repeat | fresh runner (empty Go build cache) | later run (cache restored) | Go build cache size |',
)
console.log('|---:|---:|---:|---:|')
for (const row of rows) console.log(row)
