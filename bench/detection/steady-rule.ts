// When does warmup steady's rule (src/decide/steady-warmup.ts) end a warm-up, and what drift does it
// leave? Simulated warm-ups of two endpoints (one 5× slower, 30% of requests), each request's latency
// log-normal with spread SIGMA, every quarter second the whole machine slower or faster by MACHINE
// (log SD), at RATE requests/s: a service steady from its first request (Go), and one that starts
// 60% slower and decays with a 6-s time constant (a JIT). Prints, per setting, when the rule ended
// 20 warm-ups (shortest/median/longest; 'cap' at 60 s), and for the JIT what drift is left over the
// next 10-s trial. Speed-independent: the rule reads the simulated clock.
//   node --import tsx bench/detection/steady-rule.ts
import { steadiness, type LatencyPoint } from '../../src/decide/steady-warmup'
import { seededRandom } from '../../src/util/random'

const T0 = 1_700_000_000_000
const CAP_SECONDS = 60
const SETTINGS = [
  { sigma: 0.035, rate: 100, machine: 0.005, note: 'the bundled example (sleep-dominated)' },
  { sigma: 0.2, rate: 150, machine: 0.02, note: 'the CPU-bound service, quiet' },
  { sigma: 0.3, rate: 150, machine: 0.03, note: 'the CPU-bound service, busier' },
  { sigma: 0.3, rate: 450, machine: 0.02, note: 'a CPU-bound service at 450/s' },
]

function warmup(shape: (t: number) => number, sigma: number, rate: number, machine: number, seed: number) {
  const random = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random())
  const moments = Array.from({ length: CAP_SECONDS * 4 + 4 }, () => machine * normal())
  const points: LatencyPoint[] = []
  for (let i = 0; i < CAP_SECONDS * rate; i++) {
    const t = i / rate
    const slow = random() < 0.3
    const ms = (slow ? 5 : 1) * shape(t) * Math.exp(sigma * normal() + moments[Math.floor(t * 4)]!)
    points.push({ at: T0 + t * 1000, ms, key: slow ? 'GET /slow' : 'GET /fast' })
  }
  return points
}

/** The first half second at which the rule says steady, following the warm-up as it runs. */
function endsAt(points: LatencyPoint[]): number {
  for (let s = 0.5; s <= CAP_SECONDS; s += 0.5)
    if (
      steadiness(
        points.filter((p) => p.at <= T0 + s * 1000),
        T0,
      ).steady
    )
      return s
  return CAP_SECONDS
}

const jit = (t: number) => 1 + 0.6 * Math.exp(-t / 6)
const spread = (values: number[], unit: string) => {
  const s = [...values].sort((a, b) => a - b)
  return `${s[0]}/${s[s.length >> 1]}/${s.at(-1)}${unit}`
}
for (const { sigma, rate, machine, note } of SETTINGS) {
  const flat: number[] = []
  const jitEnds: number[] = []
  const left: number[] = []
  for (let seed = 1; seed <= 20; seed++) {
    flat.push(endsAt(warmup(() => 1, sigma, rate, machine, seed)))
    const at = endsAt(warmup(jit, sigma, rate, machine, seed))
    jitEnds.push(at)
    left.push(Math.round((jit(at) / jit(at + 10) - 1) * 1000) / 10)
  }
  console.log(
    `σ ${sigma}, ${rate}/s, machine ${machine} (${note}): steady service ends ${spread(flat, ' s')}; ` +
      `JIT ends ${spread(jitEnds, ' s')}, drift left over the next 10 s ${spread(left, '%')}`,
  )
}
