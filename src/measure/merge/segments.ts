import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { readResults } from '../../model/results-file'
import type { ResultsFile } from '../../model/types'
import { LoadgateError } from '../../util/errors'

/** One segment job's results.json and the folder its raw k6 outputs are in. */
export interface SegmentResults {
  dir: string
  results: ResultsFile
  index: number
  count: number
}

/** Who named the folders, for the messages: the action's input, or the CLI's arguments. */
export const SEGMENT_DIRS_INPUT = "Input 'segment-dirs'"
const MAX_DEPTH = 4

/** Every results.json under the folders (a segment job's work-dir, or the folder its artifacts were downloaded to). */
export async function findResultsFiles(
  dirs: readonly string[],
  source = SEGMENT_DIRS_INPUT,
): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => null)
    if (!entries) {
      if (depth === 0) throw new LoadgateError(`${source} names '${dir}': expected a readable folder`)
      return
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name)
      // Symbolic links are not followed: a downloaded artifact may not point outside itself.
      if (entry.isFile() && entry.name === 'results.json') found.push(full)
      else if (entry.isDirectory() && depth < MAX_DEPTH) await walk(full, depth + 1)
    }
  }
  for (const dir of dirs) await walk(dir, 0)
  return found
}

/** Names of the benchmarks with segment results under the folders, sorted. */
export async function segmentBenchmarks(
  dirs: readonly string[],
  source = SEGMENT_DIRS_INPUT,
): Promise<string[]> {
  const names = new Set<string>()
  for (const file of await findResultsFiles(dirs, source)) {
    const results = await readResults(file)
    if (results.meta.segment) names.add(results.benchmark)
  }
  return [...names].sort()
}

/**
 * The segment results of one benchmark, validated as untrusted input: every file against the
 * results schema, one file per segment 1..N, and all of them the same run (seed, schedule,
 * settings, commits, script). Any mismatch is one line naming the files; nothing is changed.
 */
export async function readSegments(
  dirs: readonly string[],
  benchmark: string,
  source = SEGMENT_DIRS_INPUT,
): Promise<SegmentResults[]> {
  const segments: SegmentResults[] = []
  for (const file of await findResultsFiles(dirs, source)) {
    const results = await readResults(file)
    if (results.benchmark !== benchmark || !results.meta.segment) continue
    segments.push({ dir: path.dirname(file), results, ...results.meta.segment })
  }
  const where = dirs.join(', ')
  if (segments.length === 0) {
    throw new LoadgateError(
      `${source} (${where}) holds no segment results of benchmark '${benchmark}': expected the ` +
        "work-dir of every job that ran with 'segment: i/N'",
    )
  }
  const count = segments[0]!.count
  const otherCount = segments.find((s) => s.count !== count)
  if (otherCount) {
    throw new LoadgateError(
      `Segment results of '${benchmark}' disagree on the number of segments: ${describe(segments[0]!)} and ` +
        `${describe(otherCount)}; expected every job of one matrix`,
    )
  }
  const byIndex = new Map<number, SegmentResults>()
  for (const segment of segments) {
    const twin = byIndex.get(segment.index)
    if (twin)
      throw new LoadgateError(
        `Segment ${segment.index}/${count} of '${benchmark}' is there twice: ${twin.dir} and ${segment.dir}`,
      )
    byIndex.set(segment.index, segment)
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i))
  if (missing.length > 0) {
    throw new LoadgateError(
      `Segment ${missing.map((i) => `${i}/${count}`).join(', ')} of '${benchmark}' is missing from ${where}: ` +
        'expected the work-dir of every segment job (did one fail before uploading?)',
    )
  }
  const ordered = [...byIndex.values()].sort((a, b) => a.index - b.index)
  for (const segment of ordered.slice(1)) assertSameRun(ordered[0]!, segment)
  return ordered
}

function describe(segment: SegmentResults): string {
  return `${segment.dir} is ${segment.index}/${segment.count}`
}

/** What must be equal for the segments to be parts of one load. */
function runIdentity(results: ResultsFile): Record<string, unknown> {
  const { meta } = results
  return {
    run: meta.runId,
    seed: meta.seed,
    'base commit': meta.base?.sha ?? null,
    'head commit': meta.head.sha,
    'k6 script': meta.hashes.k6Script,
    targets: meta.targets ?? null,
    settings: results.settings,
    mode: [results.mode, results.baseline],
  }
}

function assertSameRun(first: SegmentResults, other: SegmentResults): void {
  const expected = runIdentity(first.results)
  const actual = runIdentity(other.results)
  for (const field of Object.keys(expected)) {
    if (JSON.stringify(expected[field]) !== JSON.stringify(actual[field])) {
      throw new LoadgateError(
        `Segment ${other.index}/${other.count} (${other.dir}) differs from segment ${first.index}/${first.count} ` +
          `in its ${field}: expected every segment job to run the identical run`,
      )
    }
  }
  // A job that stopped early ran fewer rounds, but the ones it ran follow the same seeded order.
  const [shorter, longer] = [first.results.schedule, other.results.schedule].sort(
    (a, b) => a.length - b.length,
  )
  if (JSON.stringify(shorter) !== JSON.stringify(longer!.slice(0, shorter!.length))) {
    throw new LoadgateError(
      `Segment ${other.index}/${other.count} (${other.dir}) ran its rounds in another order than segment ` +
        `${first.index}/${first.count}: expected the same seed and schedule in every segment job`,
    )
  }
}
