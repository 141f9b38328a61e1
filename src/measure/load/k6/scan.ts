/**
 * Reads the fields of k6's point lines straight from the bytes, without JSON.parse:
 *   {"metric":"NAME","type":"Point","data":{"time":"RFC3339","value":NUMBER,"tags":{…}|null…}}
 * Every reader returns false on anything it does not recognise (another key order, an exponent,
 * an escape in a metric name); the caller then parses that line with JSON.parse, so an unexpected
 * shape costs speed, never correctness.
 */

export const POINT_PREFIX = Buffer.from('{"metric":"')
const AFTER_NAME = Buffer.from('","type":"Point","data":{"time":"')
const VALUE_KEY = Buffer.from(',"value":')
const TAGS_KEY = Buffer.from(',"tags":')
const NULL = Buffer.from('null')

const QUOTE = 0x22
const BACKSLASH = 0x5c
const ZERO = 0x30
const MINUS = 0x2d
const PLUS = 0x2b
const DOT = 0x2e
const COMMA = 0x2c
const OPEN = 0x7b
const CLOSE = 0x7d
const COLON = 0x3a
const Z = 0x5a
const T = 0x54
const MAX_EXACT = 2 ** 53

/** What one point line holds; reused from line to line. */
export interface PointScan {
  nameStart: number
  nameEnd: number
  /** Milliseconds since the epoch, truncated as Date.parse truncates. */
  time: number
  value: number
  /** Byte range of the tags object, `{` to `}` inclusive; tagsStart < 0 for `"tags":null`. */
  tagsStart: number
  tagsEnd: number
}

export function newPointScan(): PointScan {
  return { nameStart: 0, nameEnd: 0, time: 0, value: 0, tagsStart: -1, tagsEnd: -1 }
}

function matches(buf: Buffer, at: number, end: number, expected: Buffer): boolean {
  if (at + expected.length > end) return false
  for (let i = 0; i < expected.length; i++) if (buf[at + i] !== expected[i]) return false
  return true
}

/** The metric name's byte range of a point line; false when it is not one or the name has an escape. */
export function scanName(buf: Buffer, start: number, end: number, out: PointScan): boolean {
  if (!matches(buf, start, end, POINT_PREFIX)) return false
  const nameStart = start + POINT_PREFIX.length
  const nameEnd = buf.indexOf(QUOTE, nameStart)
  if (nameEnd < 0 || nameEnd >= end || buf[nameEnd - 1] === BACKSLASH) return false
  out.nameStart = nameStart
  out.nameEnd = nameEnd
  return true
}

/** Time, value and where the tags are, after scanName. */
export function scanPoint(buf: Buffer, end: number, out: PointScan): boolean {
  let at = out.nameEnd
  if (!matches(buf, at, end, AFTER_NAME)) return false
  at += AFTER_NAME.length
  at = scanTime(buf, at, end, out)
  if (at < 0 || !matches(buf, at, end, VALUE_KEY)) return false
  at = scanNumber(buf, at + VALUE_KEY.length, end, out)
  if (at < 0 || !matches(buf, at, end, TAGS_KEY)) return false
  at += TAGS_KEY.length
  if (matches(buf, at, end, NULL)) {
    out.tagsStart = -1
    out.tagsEnd = -1
    return true
  }
  const close = scanFlatObject(buf, at, end)
  if (close < 0) return false
  out.tagsStart = at
  out.tagsEnd = close + 1
  return true
}

function digits(buf: Buffer, at: number, count: number): number {
  let n = 0
  for (let i = 0; i < count; i++) {
    const d = buf[at + i]! - ZERO
    if (d < 0 || d > 9) return -1
    n = n * 10 + d
  }
  return n
}

/** `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)"`; returns the index after the closing quote. */
function scanTime(buf: Buffer, at: number, end: number, out: PointScan): number {
  const separators = buf[at + 4] === MINUS && buf[at + 7] === MINUS && buf[at + 10] === T
  if (at + 20 > end || !separators || buf[at + 13] !== COLON || buf[at + 16] !== COLON) return -1
  const year = digits(buf, at, 4)
  const month = digits(buf, at + 5, 2)
  const day = digits(buf, at + 8, 2)
  const hour = digits(buf, at + 11, 2)
  const minute = digits(buf, at + 14, 2)
  const second = digits(buf, at + 17, 2)
  if (year < 0 || month < 1 || day < 1 || hour < 0 || minute < 0 || second < 0) return -1
  let i = at + 19
  let ms = 0
  if (buf[i] === DOT) {
    i++
    let place = 100
    while (i < end && buf[i]! >= ZERO && buf[i]! <= ZERO + 9) {
      ms += (buf[i]! - ZERO) * place
      place = place / 10 >= 1 ? place / 10 : 0
      i++
    }
  }
  let offsetMinutes = 0
  if (buf[i] === Z) {
    i++
  } else if (buf[i] === PLUS || buf[i] === MINUS) {
    const hours = digits(buf, i + 1, 2)
    const minutes = digits(buf, i + 4, 2)
    if (hours < 0 || minutes < 0 || buf[i + 3] !== COLON) return -1
    offsetMinutes = (buf[i] === PLUS ? 1 : -1) * (hours * 60 + minutes)
    i += 6
  } else {
    return -1
  }
  if (buf[i] !== QUOTE) return -1
  out.time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000
  return i + 1
}

/**
 * A JSON number of at most 15 significant digits and no exponent, as m / 10^k: both exact in a
 * double, so the one division rounds exactly as JSON.parse does. Anything else is parsed by Number.
 */
function scanNumber(buf: Buffer, at: number, end: number, out: PointScan): number {
  let i = at
  const negative = buf[i] === MINUS
  if (negative) i++
  let mantissa = 0
  let scale = 0
  let fraction = false
  let count = 0
  for (; i < end; i++) {
    const c = buf[i]!
    if (c >= ZERO && c <= ZERO + 9) {
      mantissa = mantissa * 10 + (c - ZERO)
      count++
      if (fraction) scale++
    } else if (c === DOT && !fraction) {
      fraction = true
    } else {
      break
    }
  }
  if (count === 0) return -1
  if (buf[i] !== COMMA && buf[i] !== CLOSE) {
    // An exponent (1e-07) or something stranger: the general parser decides.
    let stop = i
    while (stop < end && buf[stop] !== COMMA && buf[stop] !== CLOSE) stop++
    const value = Number(buf.toString('latin1', at, stop))
    if (Number.isNaN(value)) return -1
    out.value = value
    return stop
  }
  if (mantissa >= MAX_EXACT || scale > 22) {
    out.value = Number(buf.toString('latin1', at, i))
  } else {
    const value = scale === 0 ? mantissa : mantissa / 10 ** scale
    out.value = negative ? -value : value
  }
  return i
}

/** A flat object of strings (k6's tags), `{` at `at`; returns the index of its `}`, or -1. */
function scanFlatObject(buf: Buffer, at: number, end: number): number {
  if (buf[at] !== OPEN) return -1
  let i = at + 1
  if (buf[i] === CLOSE) return i
  for (;;) {
    i = skipString(buf, i, end)
    if (i < 0 || buf[i] !== COLON) return -1
    i = skipString(buf, i + 1, end)
    if (i < 0) return -1
    if (buf[i] === CLOSE) return i
    if (buf[i] !== COMMA) return -1
    i++
  }
}

/** A JSON string starting at `at`; returns the index after its closing quote, or -1. */
function skipString(buf: Buffer, at: number, end: number): number {
  if (buf[at] !== QUOTE) return -1
  let i = at + 1
  for (;;) {
    const quote = buf.indexOf(QUOTE, i)
    if (quote < 0 || quote >= end) return -1
    let backslashes = 0
    while (buf[quote - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    i = quote + 1
  }
}
