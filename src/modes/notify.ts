import { deliverWebhook } from '../forge/webhook'
import { renderNotice, type Notice } from '../report/notify'
import type { NotifySettings } from '../settings/notify'
import type { Reporter } from '../report/reporter'

function what(notice: Notice): string {
  if (notice.event === 'run-blocked') return `the blocked run of ${notice.benchmark}`
  const shift = notice.event === 'shift-opened' ? notice.group[0]! : notice.shift
  return `the ${notice.event === 'shift-opened' ? 'new' : notice.reason} shift of ${shift.benchmark}`
}

/**
 * Tells the team's webhook (`notify-webhook`) about `notice`. Never fails the run: a receiver that
 * is down, slow or refusing costs one warning line, which never names the URL.
 */
export async function notify(
  run: { settings: { notify: NotifySettings }; reporter: Reporter },
  notice: Notice,
): Promise<void> {
  const { webhook, timeoutMs } = run.settings.notify
  if (!webhook) return
  const delivery = await deliverWebhook(webhook, renderNotice(notice), {
    timeoutMs,
    retryDelayMs: Math.min(1000, timeoutMs),
  })
  if (!delivery.delivered)
    run.reporter.warning(
      `notify-webhook: could not tell the webhook about ${what(notice)} (${delivery.reason}); the run goes on`,
    )
}
