import type { BaselineKind } from '../model/types'
import type { TargetKind } from './target'
import type { RunMode } from './run-mode'
import { fail } from './values'

/** This job's share of the load: segment `index` of `count` equal k6 execution segments. */
export interface Segment {
  /** 1-based. */
  index: number
  count: number
}

export const MAX_SEGMENTS = 64

/** `i/N` → segment; only a rerun compare against deployed targets can be split over machines. */
export function segmentFrom(
  text: string,
  context: { mode: RunMode; baseline: BaselineKind; target: TargetKind; deploy?: string },
): Segment | null {
  if (!text) return null
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 2 || count > MAX_SEGMENTS || index < 1 || index > count)
    fail('segment', text, `i/N with 1 ≤ i ≤ N and 2 ≤ N ≤ ${MAX_SEGMENTS}, e.g. 2/3`)
  if (context.mode !== 'compare' || context.baseline !== 'rerun')
    fail('segment', text, 'mode compare with baseline rerun: segments are merged into one comparison')
  if (context.target !== 'url')
    fail('segment', text, "'target: url': every segment job must load the same deployed environments")
  if (context.deploy)
    fail(
      'segment',
      text,
      'base-url and head-url instead of deploy: each segment job would deploy environments of its own',
    )
  return { index, count }
}

/** k6's flags for one segment: `--execution-segment 1/3:2/3 --execution-segment-sequence 0,1/3,2/3,1`. */
export function executionSegmentArgs(segment: Segment): string[] {
  const bound = (i: number) => (i === 0 ? '0' : i === segment.count ? '1' : `${i}/${segment.count}`)
  const sequence = Array.from({ length: segment.count + 1 }, (_, i) => bound(i))
  return [
    '--execution-segment',
    `${bound(segment.index - 1)}:${bound(segment.index)}`,
    '--execution-segment-sequence',
    sequence.join(','),
  ]
}

/** The `segment-dirs` lines: required by mode merge, refused elsewhere. */
export function segmentDirsFrom(text: string, mode: RunMode): string[] {
  const dirs = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  if (mode === 'merge' && dirs.length === 0)
    fail('segment-dirs', '', 'the folders of the segment jobs (one per line) for mode merge')
  if (mode !== 'merge' && dirs.length > 0) fail('segment-dirs', dirs[0]!, "'mode: merge' with it")
  return dirs
}
