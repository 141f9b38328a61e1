/** For HTML contexts (attribute values and text): the five characters that matter. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
}

/**
 * Untrusted text inside GitHub markdown (table cells included): HTML-escaped, markdown
 * punctuation backslash-escaped, line breaks folded, so a name like `x|y<script>` or `[a](b)`
 * shows as written and can neither break the table nor inject a link.
 */
export function escapeMarkdown(text: string): string {
  // Quotes only matter inside HTML attributes; as `&#39;` they would meet the `#` escape below
  // and show as the entity itself.
  return text
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/@/g, '@\u200b')
    .replace(/\r?\n/g, ' ')
}

/** A URL for a markdown link: only http(s), with characters that could end the link encoded. */
export function safeUrl(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null
  return url.replace(/[()\s<>"']/g, (c) => encodeURIComponent(c))
}

// C0 and C1 controls (ESC, CR, LF, NEL…), DEL and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
// The same but line feeds and tabs, for a document whose own layout uses them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g

/**
 * Untrusted text for a log line or a terminal: every control character becomes `?`, so a value
 * can neither start a new line (a `::` workflow command) nor move the cursor or recolour output.
 * `keepLayout` keeps line feeds and tabs, for a whole document (HTML) rather than a value.
 */
export function withoutControlCharacters(text: string, options: { keepLayout?: boolean } = {}): string {
  return text.replace(options.keepLayout ? CONTROL_CHARACTERS_BUT_LAYOUT : CONTROL_CHARACTERS, '?')
}
