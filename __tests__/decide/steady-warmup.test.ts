import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { steadiness, STEADY_FLOOR_SECONDS, type LatencyPoint } from '../../src/decide/steady-warmup'
import { COMPILED_WARMUP_SECONDS } from '../../src/decide/runtime-warmup'
import { parseWarmup } from '../../src/settings/values'
import { seededRandom } from '../../src/util/random'

const T0 = 1_700_000_000_000

/**
 * `seconds` of requests at `rate`/s over two endpoints (one 5× slower than the other, in random
 * mix), each at `shape(t)` times its steady latency, with multiplicative noise of `noise`.
 */
function warmup(seconds: number, shape: (t: number) => number, noise = 0.05, rate = 100): LatencyPoint[] {
  const random = seededRandom(7)
  const points: LatencyPoint[] = []
  for (let i = 0; i < seconds * rate; i++) {
    const t = i / rate
    const slow = random() < 0.3
    const jitter = Math.exp(noise * (random() * 2 - 1) * Math.sqrt(3))
    points.push({
      at: T0 + t * 1000,
      ms: (slow ? 5 : 1) * shape(t) * jitter,
      key: slow ? 'GET /slow' : 'GET /fast',
    })
  }
  return points
}

/** The first second at which the rule says steady, following the warm-up as it runs; null if never. */
function steadyAt(points: LatencyPoint[]): number | null {
  for (let s = 1; s <= Math.ceil((points.at(-1)!.at - T0) / 1000); s++) {
    const seen = points.filter((p) => p.at <= T0 + s * 1000)
    if (steadiness(seen, T0).steady) return s
  }
  return null
}

describe('a warm-up ends when its latency is steady', () => {
  test('a service steady from the start ends at the floor, whatever its mix of endpoints', () => {
    assert.equal(steadyAt(warmup(30, () => 1)), STEADY_FLOOR_SECONDS)
  })

  test('a JIT-like warm-up (+60% decaying) goes on until the drift is within 2%', () => {
    // The JVM service's shape: +64%, +39%, +29% … over later latency, second by second.
    const jit = (t: number) => 1 + 0.6 * Math.exp(-t / 6)
    const at = steadyAt(warmup(60, jit, 0.02))
    assert.ok(at !== null && at > 15, `steady at ${at}`)
    // By then, what is left of the drift over a following 8-s trial is small.
    assert.ok(jit(at!) / jit(at! + 8) - 1 < 0.03, `left over ${jit(at!) / jit(at! + 8) - 1}`)
  })

  test('a warm-up still slowing down steadily (a leak, a filling cache) is not called steady', () => {
    assert.equal(steadyAt(warmup(40, (t) => 1 + 0.05 * t)), null)
  })

  test('windows with too few requests tell nothing yet', () => {
    const sparse = warmup(30, () => 1, 0.05, 3)
    assert.equal(steadyAt(sparse), null)
    assert.equal(steadiness(sparse, T0).drift, null)
  })
})

describe('warmup setting', () => {
  test('a duration, auto (by runtime), steady (capped at 60 s) or steady up to a cap', () => {
    const fixed = { untilSteady: false, byRuntime: false }
    assert.deepEqual(parseWarmup('warmup', '10s'), { seconds: 10, ...fixed })
    assert.deepEqual(parseWarmup('warmup', '0'), { seconds: 0, ...fixed })
    assert.deepEqual(parseWarmup('warmup', 'auto'), {
      seconds: COMPILED_WARMUP_SECONDS,
      untilSteady: false,
      byRuntime: true,
    })
    assert.deepEqual(parseWarmup('warmup', 'steady'), { seconds: 60, untilSteady: true, byRuntime: false })
    assert.deepEqual(parseWarmup('warmup', 'Steady up to 2m'), {
      seconds: 120,
      untilSteady: true,
      byRuntime: false,
    })
  })

  test('a cap shorter than the rule can end, or a word it does not know: one line naming both', () => {
    assert.throws(
      () => parseWarmup('warmup', 'steady up to 3s'),
      /^SettingsError: Input 'warmup' is 'steady up to 3s': expected steady up to at least 7s/,
    )
    assert.throws(
      () => parseWarmup('warmup', 'auto up to 90s'),
      /Input 'warmup' is 'auto up to 90s': expected a duration such as '10s', auto, steady, or 'steady up to 90s'/,
    )
  })
})
