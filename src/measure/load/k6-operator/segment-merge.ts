import { createReadStream, createWriteStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { parseK6Output, type ParsedTrial } from '../k6/parse'

/**
 * The one place the runners' outputs meet the segment merge of `mode: merge`: every runner ran one
 * execution segment of the same trial, and the trial is the union of their raw requests.
 * Same signature as the segment merge (files of one trial → one parsed trial), so it can be wired
 * to it in one line. Until then the runners' gzip files are joined into one multi-member gzip
 * (`into`, which is also the trial's raw output) and parsed as one k6 output: every request of
 * every runner, percentiles over their union. The parser counts the trial (and `discardSeconds`)
 * from the first point it reads, so the earliest-starting runner's file goes first.
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
  return parseK6Output(options.into, { discardSeconds: options.discardSeconds ?? 0 })
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
