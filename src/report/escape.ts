import { withoutControlCharacters } from '../util/control-characters'

/** For HTML contexts (attribute values and text): the five characters that matter. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
}

/**
 * Untrusted text inside GitHub markdown (table cells included): HTML-escaped, markdown
 * punctuation backslash-escaped, line breaks folded, control characters shown as `?`, so a name like `x|y<script>` or `[a](b)`
 * shows as written and can neither break the table nor inject a link.
 */
export function escapeMarkdown(text: string): string {
  // Quotes only matter inside HTML attributes; as `&#39;` they would meet the `#` escape below
  // and show as the entity itself.
  // Other control characters (a bidirectional override among them) become `?`.
  return withoutControlCharacters(text.replace(/\r?\n/g, ' '), { keepLayout: true })
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/@/g, '@\u200b')
}

/**
 * Untrusted text as one markdown code span that is safe in a table cell: inside it no link, image,
 * autolink, mention or HTML can form, and GitHub and marked show it literally. Backticks are
 * dropped (a code span cannot hold its own delimiter safely), `|` is escaped for the table (the
 * backslashes before it dropped), `<!` is split by a zero-width space (no HTML comment, such as
 * loadgate's own tags, in the body), line breaks are folded and control characters shown as `?`.
 */
export function markdownCode(text: string): string {
  const inner = withoutControlCharacters(text.replace(/\r\n|\r|\n/g, ' '))
    .replace(/`/g, '')
    // A backslash right before `|` would escape the table's escape (`\\|`), and marked would end
    // the cell there, outside the code span; `<!` would put loadgate's own tags into the body.
    .replace(/\\+(?=\|)/g, '')
    .replace(/\|/g, '\\|')
    .replace(/<!/g, '<\u200b!')
    .trim()
  return `\`${inner || '?'}\``
}

/** A URL for a markdown link: only http(s), with characters that could end the link encoded. */
export function safeUrl(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null
  return url.replace(/[()\s<>"']/g, (c) => encodeURIComponent(c))
}

/**
 * A URL stored on the history branch (a run's, a pull request comment's) as a link: only one into
 * the repository itself, so a hostile run file cannot make loadgate's issue or notice link elsewhere.
 */
export function repositoryUrl(
  url: string | undefined,
  where: { serverUrl: string; repository: string },
): string | null {
  const safe = safeUrl(url)
  return safe?.startsWith(`${where.serverUrl}/${where.repository}/`) ? safe : null
}
