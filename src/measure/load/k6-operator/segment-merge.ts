import { createReadStream, createWriteStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { parseK6Segments } from '../k6/merge'
import type { ParsedTrial } from '../k6/parse'

/**
 * The one place the runners' outputs meet the segment merge of `mode: merge`: every runner ran one
 * execution segment of the same trial, and the trial is the union of their raw requests, merged by
 * the same code (parseK6Segments: each runner's discard window from its own start, percentiles
 * over the union). The runners' gzip files are also joined into one multi-member gzip (`into`, the
 * trial's raw output), earliest-starting runner first.
 */
export async function mergeSegments(
  files: readonly string[],
  options: { discardSeconds?: number; into: string },
): Promise<ParsedTrial> {
  const starts = await Promise.all(files.map(async (file) => ({ file, start: await firstPointTime(file) })))
  starts.sort((a, b) => a.start - b.start)
  const out = createWriteStream(options.into)
  for (const { file } of starts) await pipeline(createReadStream(file), out, { end: false })
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  )
  return parseK6Segments(files, { discardSeconds: options.discardSeconds ?? 0 })
}

/** The time of a k6 output's first point (k6 writes the VU count at the start); Infinity if none. */
async function firstPointTime(file: string): Promise<number> {
  const source = createReadStream(file)
  const lines = createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity })
  try {
    for await (const line of lines) {
      const time = /"type":"Point".*?"time":"([^"]+)"/.exec(line)?.[1]
      if (time) return Date.parse(time)
    }
    return Number.POSITIVE_INFINITY
  } finally {
    lines.close()
    source.destroy()
  }
}
