// Does where the two arms run change how much a duet round varies? Two stacks of one reference
// service (the same code), under load at once, fresh instances every repetition, as a duet round of
// `arms-under-load: both` runs them. Per repetition, the head/base log-ratio of every endpoint's p50
// and p95 (identical code: every ratio is noise). Two placements, alternated:
// - shared: the kernel's scheduler places every process;
// - apart: each arm's containers, its k6 and the proxy of its published port on a CPU of their own
//   (`docker update --cpuset-cpus`, `taskset`), which arm gets which CPU drawn per repetition, so a
//   faster CPU is noise, not bias (what duet does since it splits the CPUs).
// Prints, per placement, the SD of the per-repetition log-ratios. Load goes to loopback only.
// ARMS=one-at-a-time measures the arms one after the other instead (the other stack paused, the
// order drawn per repetition), and apart then puts both stacks on one half of the CPUs and k6 on the
// other, which half drawn per repetition: whether the kernel's placement of the load generator
// beside the service is what varies from trial to trial.
// SERVICE=bundled runs the bundled example (compose/) instead of the CPU-bound service.
//   node --import tsx bench/detection/duet-placement.ts [repetitions=10] [seconds=10]
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseK6Output } from '../../src/measure/load/k6/parse'
import { run } from '../../src/util/exec'
import { buildStacks, compose, freshStacks, loadOneArm, removeStacks, runK6At, SERVICE } from './two-stacks'

const repetitions = Number(process.argv[2] ?? 10)
const seconds = Number(process.argv[3] ?? 10)
const PROJECTS = [`lgplace${process.pid}a`, `lgplace${process.pid}b`]
const cpus = os.cpus().length
const SEQUENTIAL = process.env.ARMS === 'one-at-a-time'
if (cpus < 2) throw new Error('apart needs two CPUs')

const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-placement-'))

let seed = 20261126
const coin = () => ((seed = (seed * 16807) % 2147483647) & 1) === 1

/** Both arms' k6 at once; each under `taskset` when it has a CPU. Returns each arm's output file. */
async function loadBoth(ports: string[], duration: string, label: string, cpuOf?: string[]) {
  return Promise.all(
    ports.map(async (port, arm) => {
      const outFile = path.join(work, `${label}-${arm}.json.gz`)
      await runK6At(port, duration, outFile, cpuOf?.[arm])
      return outFile
    }),
  )
}

/** One arm after the other, in the drawn order, the other arm's stack paused; k6 on `k6Cpus` when given. */
async function loadInTurn(ports: string[], duration: string, label: string, k6Cpus?: string) {
  const order = coin() ? [0, 1] : [1, 0]
  const files: string[] = []
  for (const arm of order) {
    const outFile = path.join(work, `${label}-${arm}.json.gz`)
    await loadOneArm(ports[arm]!, PROJECTS[1 - arm]!, duration, outFile, k6Cpus)
    files[arm] = outFile
  }
  return files
}

type Placement = 'shared' | 'apart'
const ratios: Record<Placement, Map<string, number[]>> = { shared: new Map(), apart: new Map() }

try {
  await buildStacks(PROJECTS)
  for (let r = 1; r <= repetitions; r++) {
    for (const placement of (r % 2 ? ['shared', 'apart'] : ['apart', 'shared']) as Placement[]) {
      const ports = await freshStacks(PROJECTS)
      let cpuOf: string[] | undefined
      let k6Cpus: string | undefined
      if (placement === 'apart') {
        const half = Math.floor(cpus / 2)
        const sets = [`0-${half - 1}`, `${half}-${cpus - 1}`]
        cpuOf = coin() ? sets : [sets[1]!, sets[0]!]
        // One at a time: both stacks on one half, k6 on the other.
        if (SEQUENTIAL) [cpuOf, k6Cpus] = [[cpuOf[0]!, cpuOf[0]!], cpuOf[1]!]
        for (const [arm, project] of PROJECTS.entries()) {
          const ids = (await compose(project, 'ps', '-q')).stdout.split('\n').filter(Boolean)
          await run('docker', ['update', '--cpuset-cpus', cpuOf[arm]!, ...ids])
          // The userland proxy behind the published port carries every request: it goes along.
          const hostPort = ports[arm]!.split(':')[1]!
          const proxies = (
            await run('pgrep', ['-f', `docker-proxy.*-host-port ${hostPort}( |$)`], { allowExitCodes: [1] })
          ).stdout
          for (const pid of proxies.split('\n').filter(Boolean))
            await run('taskset', ['-a', '-p', '-c', cpuOf[arm]!, pid])
        }
      }
      const load = (duration: string, label: string) =>
        SEQUENTIAL ? loadInTurn(ports, duration, label, k6Cpus) : loadBoth(ports, duration, label, cpuOf)
      await load('3s', `warm-${r}-${placement}`)
      const files = await load(`${seconds}s`, `trial-${r}-${placement}`)
      const [a, b] = await Promise.all(files.map((f) => parseK6Output(f)))
      for (const series of a!.series) {
        const other = b!.series.find((s) => s.key === series.key)
        if (!other || series.key === 'all requests') continue
        for (const metric of ['p50', 'p95'] as const) {
          const key = `${series.key} ${metric}`
          const list = ratios[placement].get(key) ?? ratios[placement].set(key, []).get(key)!
          list.push(Math.log(other.latency![metric] / series.latency![metric]))
        }
      }
      const where = k6Cpus
        ? ` (stacks on ${cpuOf![0]}, k6 on ${k6Cpus})`
        : cpuOf
          ? ` (CPUs ${cpuOf.join(' / ')})`
          : ''
      process.stderr.write(`repetition ${r} ${placement}${where} done\n`)
    }
  }
} finally {
  await removeStacks(PROJECTS)
  await rm(work, { recursive: true, force: true })
}

const sd = (v: number[]) => {
  const m = v.reduce((x, y) => x + y, 0) / v.length
  return Math.sqrt(v.reduce((x, y) => x + (y - m) ** 2, 0) / (v.length - 1))
}
console.log(
  `${SEQUENTIAL ? 'One-at-a-time' : 'Duet'} rounds of ${SERVICE.folder}/, identical code, ${seconds}-s trials at ${SERVICE.rate}/s, ${cpus} CPUs:`,
)
console.log('SD of the per-repetition head/base log-ratio\n')
console.log(`| series metric | shared (${repetitions} reps) | apart (${repetitions} reps) |`)
console.log('|---|---:|---:|')
for (const key of [...ratios.shared.keys()].sort())
  console.log(
    `| ${key} | ${(100 * sd(ratios.shared.get(key)!)).toFixed(1)}% | ${(100 * sd(ratios.apart.get(key) ?? [0, 0])).toFixed(1)}% |`,
  )
