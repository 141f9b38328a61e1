import { Marked, type Tokens } from 'marked'
import type { Comparison } from '../model/types'
import { escapeHtml } from './escape'
import { withoutControlCharacters } from '../util/control-characters'
import { renderSummary, type ReportLinks } from './markdown'
import { renderFlameGraph } from './profile'

const STYLE = `body{font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:4px 10px}th{background:#f6f8fa}
code{background:#f6f8fa;padding:1px 4px;border-radius:4px}details{margin:1rem 0}
figure.flame{margin:1.5rem 0}figure.flame text{pointer-events:none;fill:#1f2328}figure.flame rect{stroke:#fff;stroke-width:.5}
span.undecided{display:inline-block;min-width:1.1em;padding:0 .2em;border:1.5px solid #9a6700;border-radius:50%;color:#9a6700;font-weight:700;line-height:1.1;text-align:center}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}code{background:#161b22}span.undecided{color:#d29922;border-color:#d29922}}`

/**
 * ❔ is drawn pale grey by emoji fonts, under 2:1 on white: on the page it is a question
 * mark in amber (4.9:1 on white, 7.5:1 on the dark theme), named for screen readers.
 */
const UNDECIDED_MARK = '<span class="undecided" role="img" aria-label="undecided">?</span>'

/**
 * marked with links and images only to http(s) (or in-page anchors): the markdown escapes every
 * untrusted string, and should one slip through, a `javascript:` link still cannot form.
 */
const marked = new Marked({
  renderer: {
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens)
      return SAFE_HREF.test(token.href) ? `<a href="${escapeHtml(token.href)}">${text}</a>` : text
    },
    image(token: Tokens.Image): string {
      return SAFE_HREF.test(token.href)
        ? `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}">`
        : escapeHtml(token.text)
    },
  },
})
const SAFE_HREF = /^(https?:\/\/|#)/i

/** Markdown to HTML with only http(s) and in-page links and images. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false })
}

/** The job-summary report as a standalone HTML page (the CLI writes it next to the results). */
export function renderHtmlReport(comparison: Comparison, links: ReportLinks): string {
  // The markdown already escapes every untrusted string; marked only turns it into HTML. Control
  // characters are not markup: none may reach whoever opens the page with `cat` or `less`.
  const body = markdownToHtml(renderSummary(comparison, links)).replaceAll('❔', UNDECIDED_MARK)
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>loadgate · ${escapeHtml(comparison.benchmark)}</title><style>${STYLE}</style></head>
<body>${body}${comparison.profile ? renderFlameGraph(comparison.profile) : ''}</body></html>
`
  return withoutControlCharacters(page, { keepLayout: true })
}
