import { escapeHtml } from './escape'

/** The latest default-branch run of a benchmark: fine, under an open shift, or blocked (invalid or a regression). */
export type BadgeState = 'ok' | 'shifted' | 'failing'

const COLOURS: Record<BadgeState, string> = { ok: '#2e7d32', shifted: '#c05621', failing: '#c62828' }

/** Verdana 11px is about 7 px a character: close enough for a badge's two boxes. */
function textWidth(text: string): number {
  return Math.round(text.length * 7 + 10)
}

/**
 * A badge as an SVG document (the style README badges have): "loadgate <benchmark>" and the state.
 * Every text is XML-escaped, and the title says both for screen readers and tooltips.
 */
export function renderBadge(benchmark: string, state: BadgeState): string {
  const label = escapeHtml(`loadgate ${benchmark}`)
  const value = escapeHtml(state)
  const left = textWidth(`loadgate ${benchmark}`)
  const right = textWidth(state)
  const width = left + right
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${label}: ${value}">`,
    `<title>${label}: ${value}</title>`,
    `<rect width="${left}" height="20" fill="#555"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="${COLOURS[state]}"/>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11">',
    `<text x="${left / 2}" y="14">${label}</text>`,
    `<text x="${left + right / 2}" y="14">${value}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n')
}
