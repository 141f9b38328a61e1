import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'

const NEWLINE = 0x0a

/** Calls `handle` with each line's byte range of a gzip (or plain) file, streaming; nothing is decoded here. */
export async function forEachLine(
  file: string,
  handle: (buffer: Buffer, start: number, end: number) => void,
): Promise<void> {
  const source = createReadStream(file, { highWaterMark: 1 << 20 })
  let stream: NodeJS.ReadableStream = source
  if (file.endsWith('.gz')) {
    const gunzip = createGunzip({ chunkSize: 1 << 20 })
    // pipe() does not forward the source's errors (a missing file): pass them on.
    source.on('error', (error) => gunzip.destroy(error))
    stream = source.pipe(gunzip)
  }
  let rest: Buffer | null = null
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buffer: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
    let start = 0
    let end = buffer.indexOf(NEWLINE, start)
    while (end >= 0) {
      if (end > start) handle(buffer, start, end)
      start = end + 1
      end = buffer.indexOf(NEWLINE, start)
    }
    rest = start < buffer.length ? buffer.subarray(start) : null
  }
  if (rest) handle(rest, 0, rest.length)
}
