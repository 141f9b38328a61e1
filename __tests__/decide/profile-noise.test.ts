import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { diffProfiles } from '../../src/decide/profile-diff'
import { profileRecordingSchema, type ArmProfile } from '../../src/model/profile'
import { renderFlameGraph, renderProfileMarkdown } from '../../src/report/profile'
import { renderTerminal } from '../../src/report/terminal'
import { comparisons } from '../../testkit/comparisons'
import { ALL_REQUESTS } from '../../src/model/metrics'

function arm(requests: number, stacks: Record<string, number>): ArmProfile {
  return { requests, samples: Object.values(stacks).reduce((a, b) => a + b, 0), stacks }
}

function profile(base: Record<string, number>, head: Record<string, number>) {
  const recording = { hz: 1000, seconds: 10, arms: { base: arm(1000, base), head: arm(1000, head) } }
  return diffProfiles(profileRecordingSchema.parse(recording))
}

/**
 * The bundled example's LATENCY_PERCENT, as profiled: the head waits longer, its CPU per request in
 * functions moves +2% (1862 → 1904 samples over as many requests), and a few functions move by
 * chance: SHA-256 +18% on ~300 samples, a write from 0 to 5 samples, a futex that parks more. Its
 * threads switch more (300 → 500 samples under the scheduler): the total grows +11%, by waiting.
 */
const waiting = () =>
  profile(
    {
      'api;serve;handler': 1500,
      'api;serve;sha256.blockSHANI': 300,
      'api;runtime.futex': 62,
      'api;runtime.futex;__schedule [k]': 300,
    },
    {
      'api;runtime.futex;__schedule [k]': 500,
      'api;serve;handler': 1400,
      'api;serve;sha256.blockSHANI': 354,
      'api;runtime.futex': 145,
      'api;serve;net/http.(*Request).write': 5,
    },
  )

/** EXTRA_CPU_PERCENT: the head computes 400 µs per request more in one function. */
const computing = () =>
  profile(
    { 'api;serve;handler': 1000, 'api;serve;sha256.blockSHANI': 300 },
    {
      'api;serve;handler': 1000,
      'api;serve;extraCPUWork': 400,
      'api;serve;sha256.blockSHANI': 330,
      'api;serve;net/http.(*Request).write': 5,
    },
  )

/** A blocked comparison with this profile, whose median request (all requests' p50) the head made `addedMs` slower. */
function withProfile(diff: ReturnType<typeof profile>, addedMs = 2) {
  const c = comparisons.regression()
  const all = structuredClone(c.series[0]!)
  all.key = ALL_REQUESTS
  const p50 = all.metrics.find((m) => m.metric === 'p50')!
  p50.head = p50.base! + addedMs
  return { ...c, series: [...c.series, all], profile: diff }
}

describe('"Where the CPU went" names only what its samples bear out', () => {
  test('CPU per request unchanged beyond noise, far below the added time: no function table, the waiting sentence instead', () => {
    // 1862 → 1904 µs per request in functions; ±1.96 standard errors of 3,766 samples is ±120 µs.
    const markdown = renderProfileMarkdown(waiting(), 2000)
    assert.ok(
      markdown.includes(
        "CPU per request unchanged (+2%, switching threads aside; within its samples' noise, at most 162 µs more a request against 2.00 ms added to the median): the added time is spent waiting (I/O, locks, sleeps, the scheduler), not computing.",
      ),
      markdown,
    )
    assert.doesNotMatch(markdown, /\| function \||sha256|futex \||write/)
    const terminal = renderTerminal(withProfile(waiting()), { color: false })
    assert.match(terminal, /Where the CPU went, µs of CPU per request base → head: 2162 → 2404 \(\+11%\)/)
    assert.match(
      terminal,
      /^ {4}CPU per request unchanged \(\+2%, switching threads aside; [^)]*\): the added time is spent waiting/m,
    )
    assert.doesNotMatch(terminal, /sha256|futex/)
  })

  test('no waiting is claimed where the noise could hold the added time, or no time was added', () => {
    // The same profile, the head 0.2 ms slower: 162 µs of possible CPU is most of it.
    for (const added of [200, null]) {
      const markdown = renderProfileMarkdown(waiting(), added)
      assert.doesNotMatch(markdown, /unchanged|waiting/, markdown)
      // The futex's own CPU (62 → 145 samples) grew beyond noise; SHA-256's +18% did not.
      const rows = markdown.split('\n').filter((line) => line.startsWith('| `'))
      assert.deepEqual(
        rows.map((r) => r.split('`')[1]),
        ['runtime.futex'],
        markdown,
      )
    }
  })

  test('a head that got faster is not said to wait, however far its CPU fell', () => {
    const faster = profile({ 'api;serve;handler': 3000 }, { 'api;serve;handler': 1000 })
    const markdown = renderProfileMarkdown(faster, -300)
    assert.doesNotMatch(markdown, /unchanged|waiting/, markdown)
  })

  test('CPU that grew beyond noise but is a small part of the added time: most of it is waiting', () => {
    // 1300 → 1735 µs per request (+33%), at most 543 µs with its noise, against 5 ms added.
    const markdown = renderProfileMarkdown(computing(), 5000)
    assert.ok(
      markdown.includes(
        'CPU per request +33% (at most 543 µs more a request against 5.00 ms added to the median): most of the added time is spent waiting (I/O, locks, sleeps, the scheduler), not computing.',
      ),
      markdown,
    )
    assert.doesNotMatch(markdown, /\| function \|/)
  })

  test('CPU per request grew: the function that computes more is named, the ones within noise are not', () => {
    const diff = computing()
    assert.equal(diff.functions[0]?.name, 'extraCPUWork', 'the surest growth ranks first')
    // Computing: the median request 0.4 ms slower, as much as the CPU added.
    const markdown = renderProfileMarkdown(diff, 400)
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `'))
    // SHA-256 +10% on 300 samples and a write from 0 to 5 samples are within noise.
    assert.deepEqual(rows, ['| `extraCPUWork` | 0.00 → 400 (new) | 0.00 → 400 (new) |'], markdown)
    const terminal = renderTerminal(withProfile(diff, 0.4), { color: false })
    assert.match(
      terminal,
      /^ {4}extraCPUWork {2}self 0\.00 → 400 \(new\), with what it calls 0\.00 → 400 \(new\)$/m,
    )
    assert.doesNotMatch(terminal, /sha256|Request\)\.write/)
  })

  test('the flame graph colours a frame only where its change is beyond noise', () => {
    const svg = renderFlameGraph(computing())
    const fill = (name: string) =>
      svg.match(
        new RegExp(`<title>${name.replace(/[.()*]/g, '\\$&')} —[^<]*</title><rect [^>]*fill="([^"]+)"`),
      )?.[1]
    assert.equal(fill('sha256.blockSHANI'), 'hsl(40,10%,75%)', 'grey: +10% on 300 samples')
    assert.equal(fill('handler'), 'hsl(40,10%,75%)', 'grey: unchanged')
    assert.equal(fill('extraCPUWork'), 'hsl(0,80%,55%)', 'red: new and beyond noise')
  })
})
