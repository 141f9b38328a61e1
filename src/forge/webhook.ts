/** What became of a delivery: sent, or why not (never naming the URL). */
export type Delivery = { delivered: true } | { delivered: false; reason: string }

/**
 * A webhook URL is a credential (Slack's carries its token in the path): every text that leaves
 * this file has it, its path and its query replaced.
 */
export function scrubUrl(text: string, url: string): string {
  const parsed = URL.parse(url)
  const secrets = [url, parsed?.href, parsed ? `${parsed.pathname}${parsed.search}` : '', parsed?.search]
    .filter((s): s is string => !!s && s.length > 1)
    .sort((a, b) => b.length - a.length)
  return secrets.reduce((out, secret) => out.split(secret).join('[webhook]'), text)
}

/** fetch's own messages are vague ("fetch failed"); the cause's code says what happened. */
function failureOf(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError')
    return `no answer within ${timeoutMs / 1000} s`
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error)
}

async function attempt(url: string, body: string, timeoutMs: number): Promise<Delivery & { retry: boolean }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'loadgate' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    // The answer's body is the receiver's (Slack says "ok"): read so the connection is freed, never shown.
    await response.arrayBuffer().catch(() => undefined)
    if (response.ok) return { delivered: true, retry: false }
    // A request the receiver refuses (404: a deleted webhook) fails the same way the second time.
    const retry = response.status >= 500 || response.status === 429 || response.status === 408
    return { delivered: false, reason: `HTTP ${response.status}`, retry }
  } catch (error) {
    return { delivered: false, reason: failureOf(error, timeoutMs), retry: true }
  }
}

/**
 * Posts `payload` as JSON to the webhook: each try gets `timeoutMs`, a failure that may pass (no
 * answer, a 5xx) is tried once more. Never throws: a receiver that is down costs a warning, not a run.
 */
export async function deliverWebhook(
  url: string,
  payload: unknown,
  options: { timeoutMs: number; retryDelayMs?: number },
): Promise<Delivery> {
  const body = JSON.stringify(payload)
  const first = await attempt(url, body, options.timeoutMs)
  if (first.delivered) return { delivered: true }
  if (!first.retry) return { delivered: false, reason: scrubUrl(first.reason, url) }
  await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1000))
  const second = await attempt(url, body, options.timeoutMs)
  if (second.delivered) return { delivered: true }
  const reasons =
    first.reason === second.reason ? `${first.reason}, twice` : `${first.reason}, then ${second.reason}`
  return { delivered: false, reason: scrubUrl(reasons, url) }
}
