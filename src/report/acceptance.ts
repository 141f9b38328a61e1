import { acceptanceSchema, type Acceptance } from '../model/acceptance'
import type { Comparison } from '../model/types'
import { escapeMarkdown } from './escape'

// An accepted result in the sticky comment: a hidden, encoded record a later run reads back, and
// a note people read. Base64 keeps the reason (untrusted text) from ever closing the HTML comment.

const TAG = '<!-- loadgate-accepted '
const BLOCK = /<!-- loadgate-accepted ([A-Za-z0-9_-]+) -->\n(?:> .*\n)*\n?/

/** The block that goes under the comment's marker line. */
export function acceptanceBlock(acceptance: Acceptance): string {
  const data = Buffer.from(JSON.stringify(acceptance)).toString('base64url')
  const when = acceptance.at.slice(0, 16).replace('T', ' ')
  const how = acceptance.via === 'label' ? 'by label' : 'by comment'
  return (
    `${TAG}${data} -->\n` +
    `> [!NOTE]\n` +
    `> **Accepted** ${how} by @${escapeMarkdown(acceptance.by)} on ${when} UTC for ${acceptance.headSha.slice(0, 7)}: ` +
    `${escapeMarkdown(acceptance.reason)}\n` +
    `> The result below blocked this commit; the status now passes. A new commit is judged afresh.\n\n`
  )
}

/** The comment with `acceptance` under its marker line, in place of any earlier acceptance. */
export function withAcceptance(body: string, acceptance: Acceptance): string {
  const plain = body.replace(BLOCK, '')
  const end = plain.indexOf('\n')
  return `${plain.slice(0, end + 1)}${acceptanceBlock(acceptance)}${plain.slice(end + 1)}`
}

/** The acceptance recorded in a comment, or null when there is none or it does not validate. */
export function acceptanceIn(body: string): Acceptance | null {
  const match = BLOCK.exec(body)
  if (!match) return null
  try {
    const parsed = acceptanceSchema.safeParse(
      JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The commit status description of an accepted result (GitHub keeps 140 characters). */
export function acceptedDescription(acceptance: Acceptance): string {
  const text = `Accepted by @${acceptance.by}: ${acceptance.reason.replace(/\s+/g, ' ')}`
  return text.length <= 140 ? text : `${text.slice(0, 139)}…`
}

/**
 * Under a blocked (failure) result: the exact command that accepts it, with the head's full sha,
 * so that the acceptance names what the maintainer saw and the normal path stays one paste.
 */
export function acceptCommandHint(comparison: Comparison): string {
  const sha = comparison.meta.head.sha
  const failure = comparison.blocking && !['INVALID', 'NOTHING_GATED'].includes(comparison.verdict)
  if (!failure || !/^[0-9a-f]{40}$/.test(sha)) return ''
  return (
    '\n\nTo accept this result for this commit (write access; the reason is kept with the acceptance):\n\n' +
    `\`\`\`\n/loadgate accept ${sha} <reason>\n\`\`\``
  )
}
