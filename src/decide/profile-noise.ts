import type { ProfileDiff } from '../model/profile'

/** What the noise of a figure follows: the arms' totals and their samples. */
type Counted = Pick<ProfileDiff, 'totalBase' | 'totalHead' | 'samples'>

// How far a profile's figures can move by chance. perf samples each arm's processes at a fixed
// rate of CPU time, so the samples a function gets in a trial are Poisson: a count k varies by √k.
// Each figure is µs of CPU per request, k samples × (µs per sample ÷ requests), so the difference
// head − base varies by √(k_head·s_head² + k_base·s_base²), s being an arm's µs per request that
// one sample stands for (its total over its samples: the figures the profiling trial has). That
// is sampling noise alone: one trial per arm cannot show a trial's own variation (GC, scheduling),
// which only adds to it. So "within noise" is sure; "beyond noise" still rests on one trial.

/**
 * A function is ranked as changed only past 3.09 standard errors (one-sided 0.1%): a table weighs
 * some 50 functions, and at this level a within-noise one is ranked in under 5% of profiles. A
 * count of 0 is taken as 1, so 0 → 5 samples (+500% of nothing) is not read as a certain change.
 */
const Z_FUNCTION = 3.09
/** The arm's CPU per request as a whole: one figure, two-sided 5%. */
const Z_TOTAL = 1.96

/** µs of CPU per request that one sample stands for, in each arm. */
function perSample(profile: Counted): { base: number; head: number } {
  return {
    base: profile.samples.base > 0 ? profile.totalBase / profile.samples.base : 0,
    head: profile.samples.head > 0 ? profile.totalHead / profile.samples.head : 0,
  }
}

/** The standard error of head − base (µs per request) for figures `base` and `head` of this profile. */
function standardError(profile: Counted, base: number, head: number, floor: number): number {
  const s = perSample(profile)
  const samplesBase = s.base > 0 ? base / s.base : 0
  const samplesHead = s.head > 0 ? head / s.head : 0
  return Math.sqrt(Math.max(samplesHead, floor) * s.head ** 2 + Math.max(samplesBase, floor) * s.base ** 2)
}

/**
 * How much a function's CPU per request surely grew: head − base less its noise; above 0, it grew
 * beyond what its sample counts allow. The table ranks by it, the surest growth first.
 */
export function sureGrowth(profile: Counted, base: number, head: number): number {
  return head - base - Z_FUNCTION * standardError(profile, base, head, 1)
}

/** −1 where base → head shrank beyond noise, +1 where it grew beyond noise, 0 within it. */
export function changeBeyondNoise(profile: Counted, base: number, head: number): -1 | 0 | 1 {
  const margin = Z_FUNCTION * standardError(profile, base, head, 1)
  return head - base > margin ? 1 : base - head > margin ? -1 : 0
}

/**
 * The arm's CPU per request in functions, base and head: the total without switching threads,
 * which follows waits (a slower head parks and wakes its threads more) rather than computing.
 */
export function computingCpu(profile: Counted & Pick<ProfileDiff, 'switching'>): {
  base: number
  head: number
} {
  return {
    base: profile.totalBase - (profile.switching?.base ?? 0),
    head: profile.totalHead - (profile.switching?.head ?? 0),
  }
}

/**
 * Whether the head's slowdown is waiting, not computing: even the top of its CPU per request's
 * growth in functions (+1.96 standard errors) is under half the time the head added to the median
 * request, so were every µs of it on the request's path, most of the added time is still not CPU.
 * `changed`: whether that CPU moved beyond noise at all. Where the samples are too few to bound it
 * so tightly, or no time was added (a profile of a run that did not slow), nothing is claimed.
 */
export function waitingNotComputing(
  profile: Counted & Pick<ProfileDiff, 'switching'>,
  addedMicros: number | null,
): { change: number; atMost: number; changed: boolean } | null {
  const { base, head } = computingCpu(profile)
  const margin = Z_TOTAL * standardError(profile, base, head, 0)
  const atMost = head - base + margin
  if (addedMicros === null || !(addedMicros > 0) || !(atMost < addedMicros / 2)) return null
  return { change: base > 0 ? head / base - 1 : 0, atMost, changed: Math.abs(head - base) > margin }
}
