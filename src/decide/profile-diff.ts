import type { ArmProfile, FlameNode, FunctionCost, ProfileDiff, ProfileRecording } from '../model/profile'
import { sureGrowth } from './profile-noise'
import { unsymbolizedSamples } from './profile-symbols'
import { isUnnamedJit, KERNEL_FRAME, UNNAMED_JIT_FRAME } from '../model/profile'

/** Rows of the comment's table. */
const TABLE_ROWS = 10
/** Flame graph nodes narrower than this share of the widest arm are left out (they are unreadable anyway). */
const MIN_FLAME_SHARE = 0.005
const MAX_FLAME_DEPTH = 60

/** µs of CPU per request that `samples` samples at `hz` stand for. */
function perRequest(samples: number, hz: number, requests: number): number {
  return requests > 0 ? (samples / hz / requests) * 1e6 : 0
}

/** A stack's frames, each per-process map file's unnamed frame as one (stacks of earlier versions). */
function frames(stack: string): string[] {
  return stack
    .split(';')
    .filter(Boolean)
    .map((frame) => (isUnnamedJit(frame) ? UNNAMED_JIT_FRAME : frame))
}

/**
 * Kernel functions of switching threads: a context switch (a thread parking, being preempted, or
 * switched back in, where a timer-sampled kernel piles the switch's skid on finish_task_switch)
 * and waking another thread. A Go service spends a quarter of its samples here at modest load,
 * under `runtime.futex` and `runtime.usleep`; a slower head switches more, so counted as those
 * functions' own CPU they topped the table above the function whose work had grown.
 */
const SWITCHING_FRAME = /^(__schedule|schedule|finish_task_switch|try_to_wake_up)(\.|$)/

function isSwitching(names: string[]): boolean {
  return names.some(
    (name) => name.endsWith(KERNEL_FRAME) && SWITCHING_FRAME.test(name.slice(0, -KERNEL_FRAME.length)),
  )
}

/**
 * Each function's own samples and inclusive samples (anywhere on the stack, once per stack), and
 * the samples spent switching threads, which belong to no function. Any other sample in the kernel
 * is the own CPU of the code that entered it: the kernel's functions are not the team's to change,
 * and a timer-sampled kernel piles interrupt skid onto a few of them (`_raw_spin_unlock_irqrestore`),
 * which would otherwise top the table on any busier head. JIT-compiled code that perf could not
 * name is no function either: its samples are counted apart, and it is in no function's row.
 */
function functionSamples(profile: ArmProfile) {
  const byName = new Map<string, { self: number; total: number }>()
  const entry = (name: string) => byName.get(name) ?? byName.set(name, { self: 0, total: 0 }).get(name)!
  let switching = 0
  let unnamedJit = 0
  for (const [stack, count] of Object.entries(profile.stacks)) {
    const all = frames(stack)
    if (isSwitching(all)) {
      switching += count
      continue
    }
    const names = all.filter((name) => !name.endsWith(KERNEL_FRAME))
    for (const name of new Set(names)) if (!isUnnamedJit(name)) entry(name).total += count
    const leaf = names.at(-1)
    if (leaf && isUnnamedJit(leaf)) unnamedJit += count
    else if (leaf) entry(leaf).self += count
  }
  return { byName, switching, unnamedJit }
}

function flameTree(base: ArmProfile, head: ArmProfile, scale: { base: number; head: number }): FlameNode {
  const root: FlameNode = { name: 'all', head: 0, base: 0, children: [] }
  const add = (profile: ArmProfile, arm: 'base' | 'head') => {
    for (const [stack, count] of Object.entries(profile.stacks)) {
      const value = count * scale[arm]
      let node = root
      node[arm] += value
      for (const name of frames(stack).slice(0, MAX_FLAME_DEPTH)) {
        let child = node.children.find((c) => c.name === name)
        if (!child) node.children.push((child = { name, head: 0, base: 0, children: [] }))
        child[arm] += value
        node = child
      }
    }
  }
  add(base, 'base')
  add(head, 'head')
  const floor = Math.max(root.head, root.base) * MIN_FLAME_SHARE
  const prune = (node: FlameNode): FlameNode => ({
    ...node,
    head: round(node.head),
    base: round(node.base),
    children: node.children
      .filter((c) => Math.max(c.head, c.base) >= floor)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(prune),
  })
  return prune(root)
}

function round(value: number): number {
  return Number(value.toPrecision(4))
}

/**
 * The differential profile: each function's CPU per request in both arms (samples normalised by
 * the requests each profiling trial served, so a head that served fewer requests is not read as
 * cheaper), the functions whose own CPU surely grew most first, the CPU spent switching threads apart
 * from them, and the merged flame graph.
 */
export function diffProfiles(recording: ProfileRecording): ProfileDiff {
  const empty = {
    functions: [],
    totalBase: 0,
    totalHead: 0,
    samples: { base: 0, head: 0 },
    requests: { base: 0, head: 0 },
  }
  if (!recording.arms) return { ...empty, unavailable: recording.unavailable ?? 'no profile was recorded' }
  const { base, head } = recording.arms
  if (base.requests === 0 || head.requests === 0 || base.samples === 0 || head.samples === 0)
    return { ...empty, unavailable: 'a profiling trial served no request or took no sample' }
  const scale = {
    base: perRequest(1, recording.hz, base.requests),
    head: perRequest(1, recording.hz, head.requests),
  }
  const { byName: inBase, switching: switchingBase, unnamedJit: unnamedBase } = functionSamples(base)
  const { byName: inHead, switching: switchingHead, unnamedJit: unnamedHead } = functionSamples(head)
  const names = new Set([...inBase.keys(), ...inHead.keys()])
  const functions: FunctionCost[] = [...names].map((name) => ({
    name,
    selfBase: round((inBase.get(name)?.self ?? 0) * scale.base),
    selfHead: round((inHead.get(name)?.self ?? 0) * scale.head),
    totalBase: round((inBase.get(name)?.total ?? 0) * scale.base),
    totalHead: round((inHead.get(name)?.total ?? 0) * scale.head),
  }))
  const totals = {
    totalBase: round(base.samples * scale.base),
    totalHead: round(head.samples * scale.head),
    samples: { base: base.samples, head: head.samples },
  }
  // The surest growth first, so a function that grew by a few samples does not outrank one whose
  // growth its samples bear out.
  const growth = (f: FunctionCost) => sureGrowth(totals, f.selfBase, f.selfHead)
  functions.sort((a, b) => growth(b) - growth(a) || a.name.localeCompare(b.name))
  const unsymbolized = unsymbolizedSamples(base, head)
  return {
    functions: functions.slice(0, TABLE_ROWS),
    ...totals,
    requests: { base: base.requests, head: head.requests },
    switching: { base: round(switchingBase * scale.base), head: round(switchingHead * scale.head) },
    ...(unnamedBase + unnamedHead > 0 && {
      unnamedJit: { base: round(unnamedBase * scale.base), head: round(unnamedHead * scale.head) },
    }),
    ...(unsymbolized && { unsymbolized }),
    flame: flameTree(base, head, scale),
  }
}
