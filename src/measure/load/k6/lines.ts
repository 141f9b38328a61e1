import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import { formatBytes } from '../../../model/format'
import { LoadgateError } from '../../../util/errors'

const NEWLINE = 0x0a
const CHUNK = 1 << 20

/** Far above any line k6 writes (one metric point with its tags): an endless line is refused. */
export const MAX_LINE_BYTES = 1 << 20

/** Bounds on what one file may hold once decompressed: its bytes and its longest line. */
export interface LineLimits {
  /** Decompressed bytes (unbounded when unset): a gzip bomb stops here. */
  maxBytes?: number
  /** One line's bytes (default MAX_LINE_BYTES): a line is held whole until its end, so this bounds memory. */
  maxLineBytes?: number
}

/**
 * Calls `handle` with each line's byte range of a gzip (or plain) file, streaming; nothing is
 * decoded here. Over a limit it stops with one line naming the file.
 */
export async function forEachLine(
  file: string,
  handle: (buffer: Buffer, start: number, end: number) => void,
  limits: LineLimits = {},
): Promise<void> {
  const maxLine = limits.maxLineBytes ?? MAX_LINE_BYTES
  const source = createReadStream(file, { highWaterMark: CHUNK })
  let stream: NodeJS.ReadableStream = source
  if (file.endsWith('.gz')) {
    const gunzip = createGunzip({ chunkSize: CHUNK })
    // pipe() does not forward the source's errors (a missing file): pass them on.
    source.on('error', (error) => gunzip.destroy(error))
    stream = source.pipe(gunzip)
  }
  // The line cut at a chunk's edge, kept as pieces and joined once at its end: never re-copied.
  const partial = new PartialLine()
  let total = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length
      if (limits.maxBytes !== undefined && total > limits.maxBytes)
        throw new LoadgateError(
          `${file} holds more than ${limits.maxBytes} bytes (${formatBytes(limits.maxBytes)}) once decompressed: ` +
            "expected one trial's k6 output",
        )
      let start = 0
      let end = chunk.indexOf(NEWLINE)
      if (partial.bytes > 0) {
        if (end < 0) {
          partial.add(chunk, file, maxLine)
          continue
        }
        partial.add(chunk.subarray(0, end), file, maxLine)
        const line = partial.take()
        handle(line, 0, line.length)
        start = end + 1
        end = chunk.indexOf(NEWLINE, start)
      }
      while (end >= 0) {
        if (end - start > maxLine) throw lineTooLong(file, maxLine)
        if (end > start) handle(chunk, start, end)
        start = end + 1
        end = chunk.indexOf(NEWLINE, start)
      }
      if (start < chunk.length) partial.add(chunk.subarray(start), file, maxLine)
    }
  } finally {
    source.destroy()
  }
  if (partial.bytes > 0) {
    const line = partial.take()
    handle(line, 0, line.length)
  }
}

class PartialLine {
  private pieces: Buffer[] = []
  bytes = 0

  add(piece: Buffer, file: string, maxLine: number): void {
    this.bytes += piece.length
    if (this.bytes > maxLine) throw lineTooLong(file, maxLine)
    this.pieces.push(piece)
  }

  take(): Buffer {
    const line = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.bytes)
    this.pieces = []
    this.bytes = 0
    return line
  }
}

function lineTooLong(file: string, maxLine: number): LoadgateError {
  return new LoadgateError(
    `${file} has a line longer than ${formatBytes(maxLine)}: expected k6's JSON output, one point a line`,
  )
}
