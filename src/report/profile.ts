import type { FlameNode, FunctionCost, ProfileDiff, Unsymbolized } from '../model/profile'
import { changeBeyondNoise, waitingNotComputing } from '../decide/profile-noise'
import { ALL_REQUESTS } from '../model/metrics'
import type { Comparison } from '../model/types'
import { escapeHtml, escapeMarkdown, markdownCode } from './escape'
import { unsymbolizedText } from './profile-symbols'

/** Rows of the comment's table (the diff keeps a few more for the report). */
const COMMENT_ROWS = 5

function micros(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}

function change(before: number, after: number): string {
  if (before === 0) return after === 0 ? '0' : 'new'
  const relative = after / before - 1
  return `${relative >= 0 ? '+' : '−'}${Math.abs(relative * 100).toFixed(0)}%`
}

function row(f: FunctionCost): string {
  return (
    `| ${markdownCode(f.name)} | ${micros(f.selfBase)} → ${micros(f.selfHead)} (${change(f.selfBase, f.selfHead)}) ` +
    `| ${micros(f.totalBase)} → ${micros(f.totalHead)} (${change(f.totalBase, f.totalHead)}) |`
  )
}

/**
 * What the profile says, for the comment and the terminal alike: the functions whose own CPU per
 * request grew beyond what their sample counts allow, the surest first; or, where the arm's CPU per
 * request did not change beyond noise, that the added time is waiting, not computing; or, where
 * most samples have no symbol, no verdict on the functions (the report says why and the fix).
 */
export function profileFindings(
  profile: ProfileDiff,
  addedMicros: number | null,
  rows = COMMENT_ROWS,
): { waiting: string } | { grown: FunctionCost[] } | { unsymbolized: Unsymbolized } {
  const waiting = waitingNotComputing(profile, addedMicros)
  if (waiting) {
    const percent = `${waiting.change >= 0 ? '+' : '−'}${Math.abs(waiting.change * 100).toFixed(0)}%`
    const aside =
      profile.switching && profile.switching.base + profile.switching.head > 0
        ? ', switching threads aside'
        : ''
    const bound =
      `at most ${micros(Math.max(0, waiting.atMost))} µs more a request against ` +
      `${micros(addedMicros! / 1000)} ms added to the median`
    return {
      waiting: waiting.changed
        ? `CPU per request ${percent}${aside} (${bound}): most of the added time is spent waiting ` +
          '(I/O, locks, sleeps, the scheduler), not computing.'
        : `CPU per request unchanged (${percent}${aside}; within its samples' noise, ${bound}): ` +
          'the added time is spent waiting (I/O, locks, sleeps, the scheduler), not computing.',
    }
  }
  if (profile.unsymbolized) return { unsymbolized: profile.unsymbolized }
  const grown = profile.functions.filter((f) => changeBeyondNoise(profile, f.selfBase, f.selfHead) === 1)
  return { grown: grown.slice(0, rows) }
}

/** µs the head added to the median request (all requests' p50), or null where not measured. */
export function addedMedianMicros(comparison: Comparison): number | null {
  const p50 = comparison.series.find((s) => s.key === ALL_REQUESTS)?.metrics.find((m) => m.metric === 'p50')
  return p50?.base != null && p50.head != null ? (p50.head - p50.base) * 1000 : null
}

/** "µs of CPU per request, base → head …: 1187 → 1202 (+1%)", as both reports open it. */
export function profileTotalText(profile: ProfileDiff): string {
  return `${micros(profile.totalBase)} → ${micros(profile.totalHead)} (${change(profile.totalBase, profile.totalHead)})`
}

/** One function's figures, for the terminal: `extraCPUWork  self 0.00 → 129 (new), with what it calls …`. */
export function functionCostText(f: FunctionCost): { name: string; figures: string } {
  return {
    name: f.name,
    figures:
      `self ${micros(f.selfBase)} → ${micros(f.selfHead)} (${change(f.selfBase, f.selfHead)}), ` +
      `with what it calls ${micros(f.totalBase)} → ${micros(f.totalHead)} (${change(f.totalBase, f.totalHead)})`,
  }
}

/**
 * "Where the CPU went": the functions whose own CPU per request grew beyond noise, from the
 * profiling pair. Honest about its weight: one trial per arm, with its sample counts.
 */
export function renderProfileMarkdown(
  profile: ProfileDiff,
  addedMicros: number | null = null,
  rows = COMMENT_ROWS,
): string {
  if (profile.unavailable) return `_No CPU profile: ${escapeMarkdown(profile.unavailable)}._`
  const findings = profileFindings(profile, addedMicros, rows)
  const heading =
    `**Where the CPU went** — µs of CPU per request, base → head, over the arm's processes: ` +
    `${profileTotalText(profile)}. ` +
    `One profiling trial per arm after the verdict (${profile.samples.base} and ${profile.samples.head} samples); ` +
    'a function is listed only where its change is beyond what its samples allow; ' +
    'time in the kernel counts as the own CPU of the function that entered it, except switching threads. ' +
    'The flame graph is in report.html, the stacks in profile-base.folded and profile-head.folded.'
  const table =
    'waiting' in findings
      ? [findings.waiting]
      : 'unsymbolized' in findings
        ? [unsymbolizedText(findings.unsymbolized, markdownCode)]
        : findings.grown.length === 0
          ? ["No function's own CPU per request grew beyond what its samples allow."]
          : ['| function | self | with what it calls |', '|---|---:|---:|', ...findings.grown.map(row)]
  // Unnamed compiled code first: where it grew, the table's rows are not the whole story.
  const unnamed = 'unsymbolized' in findings ? [] : unnamedJitLine(profile)
  return [heading, ...unnamed, '', ...table, ...switchingLine(profile)].join('\n')
}

/**
 * Compiled code perf could not name: one line, not a ranked row, and how to get its names (where
 * it is most of the samples, the line that replaces the table says so instead).
 */
function unnamedJitLine({ unnamedJit }: ProfileDiff): string[] {
  if (!unnamedJit) return []
  return [
    '',
    `JIT code without symbols: ${micros(unnamedJit.base)} → ${micros(unnamedJit.head)} ` +
      `(${change(unnamedJit.base, unnamedJit.head)}) µs per request in code a runtime compiled without a perf map, ` +
      'so no function can be named or ranked. For names, the runtime must keep a perf map while it runs: ' +
      'Node `--perf-basic-prof`, the JVM a perf map agent or `jcmd <pid> Compiler.perfmap` (JDK 17+), ' +
      'Python 3.12 `-X perf` (docs/profiling.md).',
  ]
}

/** The kernel's thread switching, told apart from the table: it follows waits and concurrency, not one function. */
function switchingLine({ switching }: ProfileDiff): string[] {
  if (!switching || (switching.base === 0 && switching.head === 0)) return []
  return [
    '',
    `Switching threads (the kernel parking, waking and preempting them): ${micros(switching.base)} → ` +
      `${micros(switching.head)} (${change(switching.base, switching.head)}) µs per request, in no function's row: ` +
      'it follows waits and concurrency rather than any one function; the flame graph shows whose stacks switched.',
  ]
}

const WIDTH = 1200
const ROW = 17

/** Red where head spends more per request than base, blue where less, grey where alike or within noise. */
function colour(node: FlameNode, profile: ProfileDiff): string {
  const beyond = changeBeyondNoise(profile, node.base, node.head)
  if (beyond === 0) return 'hsl(40,10%,75%)'
  const base = Math.max(node.base, 1e-9)
  const ratio = node.head / base
  if (node.base === 0) return 'hsl(0,80%,55%)'
  if (ratio >= 1.05) return `hsl(0,${Math.min(80, 20 + (ratio - 1) * 120).toFixed(0)}%,60%)`
  if (ratio <= 0.95) return `hsl(220,${Math.min(80, 20 + (1 - ratio) * 120).toFixed(0)}%,62%)`
  return 'hsl(40,10%,75%)'
}

/**
 * The differential flame graph as inline SVG: head's CPU per request gives each frame its width,
 * the change from base its colour; every frame's tooltip has both figures. Names are escaped.
 */
export function renderFlameGraph(profile: ProfileDiff): string {
  const root = profile.flame
  if (!root || root.head <= 0) return ''
  const scale = WIDTH / root.head
  const rects: string[] = []
  let depth = 0
  const draw = (node: FlameNode, x: number, level: number) => {
    const width = node.head * scale
    if (width < 0.5) return
    depth = Math.max(depth, level)
    const y = level * ROW
    const label = `${node.name} — head ${micros(node.head)} µs/request, base ${micros(node.base)} (${change(node.base, node.head)})`
    const text =
      width > 40
        ? `<text x="${(x + 3).toFixed(1)}" y="${y + 12}">${escapeHtml(fit(node.name, width))}</text>`
        : ''
    rects.push(
      `<g class="frame"><title>${escapeHtml(label)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colour(node, profile)}"/>${text}</g>`,
    )
    let offset = x
    for (const child of node.children) {
      draw(child, offset, level + 1)
      offset += child.head * scale
    }
  }
  draw(root, 0, 0)
  const height = (depth + 1) * ROW
  return (
    `<figure class="flame"><figcaption>Differential flame graph: width is head's CPU per request, ` +
    `red grew and blue shrank against base beyond what their samples allow (hover a frame for both figures)</figcaption>` +
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="differential flame graph" viewBox="0 0 ${WIDTH} ${height}" width="100%" font-family="monospace" font-size="11">` +
    `${rects.join('')}</svg></figure>`
  )
}

/** As much of a name as fits in `width` pixels of 11px monospace. */
function fit(name: string, width: number): string {
  const chars = Math.floor((width - 6) / 6.6)
  return name.length <= chars ? name : `${name.slice(0, Math.max(1, chars - 1))}…`
}
