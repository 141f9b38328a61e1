import { open, type FileHandle } from 'node:fs/promises'
import { steadiness, type LatencyPoint } from '../../../decide/steady-warmup'
import type { WarmupEnd } from '../../../model/types'

const POLL_MS = 500
const READ_BYTES = 4 << 20
/** Only these lines are decoded: one per request, the latency the rule reads. */
const DURATION_POINT = '"metric":"http_req_duration","type":"Point"'

interface DurationLine {
  data?: { time?: string; value?: number; tags?: Record<string, string> }
}

/**
 * Follows a running k6's plain JSON output while it warms an instance up, and calls `stop` once
 * the latencies are steady. `end()` stops following and says how the warm-up ended.
 */
export class SteadyWatch {
  private readonly points: LatencyPoint[] = []
  private offset = 0
  private partial = ''
  private last: { drift: number | null; seconds: number } = { drift: null, seconds: 0 }
  private steadyAt: number | null = null
  private timer: NodeJS.Timeout | null = null
  private polling: Promise<void> = Promise.resolve()

  constructor(
    private readonly file: string,
    private readonly stop: () => Promise<void>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch(() => undefined)
    }, POLL_MS)
  }

  async end(): Promise<WarmupEnd> {
    if (this.timer) clearInterval(this.timer)
    await this.polling
    const reason = this.steadyAt === null ? 'cap' : 'steady'
    const seconds = this.steadyAt ?? this.last.seconds
    return { reason, seconds, drift: this.last.drift === null ? null : round4(this.last.drift) }
  }

  private async poll(): Promise<void> {
    if (this.steadyAt !== null) return
    await this.readNewLines()
    const startAt = this.points[0]?.at
    if (startAt === undefined) return
    const verdict = steadiness(this.points, startAt)
    this.last = verdict
    if (!verdict.steady) return
    this.steadyAt = verdict.seconds
    await this.stop()
  }

  private async readNewLines(): Promise<void> {
    let handle: FileHandle
    try {
      handle = await open(this.file, 'r')
    } catch {
      return // k6 has not created its output yet
    }
    try {
      const buffer = Buffer.alloc(READ_BYTES)
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, this.offset)
        if (bytesRead === 0) return
        this.offset += bytesRead
        const lines = (this.partial + buffer.toString('utf8', 0, bytesRead)).split('\n')
        this.partial = lines.pop() ?? ''
        for (const line of lines) this.take(line)
      }
    } finally {
      await handle.close()
    }
  }

  private take(line: string): void {
    if (!line.includes(DURATION_POINT)) return
    let data: DurationLine['data']
    try {
      data = (JSON.parse(line) as DurationLine).data
    } catch {
      return
    }
    const at = Date.parse(data?.time ?? '')
    const ms = data?.value
    if (!Number.isFinite(at) || typeof ms !== 'number') return
    const tags = data?.tags ?? {}
    this.points.push({ at, ms, key: `${tags.scenario} ${tags.method} ${tags.name ?? tags.url}` })
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000
