import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'

const NEWLINE = 0x0a
const CHUNK = 1 << 20

/** Calls `handle` with each line's byte range of a gzip (or plain) file, streaming; nothing is decoded here. */
export async function forEachLine(
  file: string,
  handle: (buffer: Buffer, start: number, end: number) => void,
): Promise<void> {
  const source = createReadStream(file, { highWaterMark: CHUNK })
  let stream: NodeJS.ReadableStream = source
  if (file.endsWith('.gz')) {
    const gunzip = createGunzip({ chunkSize: CHUNK })
    // pipe() does not forward the source's errors (a missing file): pass them on.
    source.on('error', (error) => gunzip.destroy(error))
    stream = source.pipe(gunzip)
  }
  let rest: Buffer | null = null
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0
    let end = chunk.indexOf(NEWLINE)
    if (rest) {
      // Only the line cut at the chunk's edge is copied, never the whole chunk.
      if (end < 0) {
        rest = Buffer.concat([rest, chunk])
        continue
      }
      const line = Buffer.concat([rest, chunk.subarray(0, end)])
      if (line.length > 0) handle(line, 0, line.length)
      start = end + 1
      end = chunk.indexOf(NEWLINE, start)
    }
    while (end >= 0) {
      if (end > start) handle(chunk, start, end)
      start = end + 1
      end = chunk.indexOf(NEWLINE, start)
    }
    rest = start < chunk.length ? chunk.subarray(start) : null
  }
  if (rest) handle(rest, 0, rest.length)
}
