/** The latest default-branch run of a benchmark: fine, under an open shift, or blocked (invalid or a regression). */
export type BadgeState = 'ok' | 'shifted' | 'failing'

const COLOURS: Record<BadgeState, string> = { ok: '#2e7d32', shifted: '#c05621', failing: '#c62828' }

/**
 * A badge as an SVG document, drawn by shields.io's badge-maker (its text widths are measured per
 * character in Verdana): "loadgate <benchmark>" and the state. badge-maker XML-escapes every text
 * and attribute, and its title says both for screen readers and tooltips.
 */
export async function renderBadge(benchmark: string, state: BadgeState): Promise<string> {
  // Loaded when a badge is drawn: its font tables (about 1 MB) stay out of every other run's start.
  const { makeBadge } = await import('badge-maker')
  const svg = makeBadge({
    label: `loadgate ${benchmark}`,
    message: state,
    labelColor: '#555',
    color: COLOURS[state],
    style: 'flat',
  })
  return `${svg}\n`
}
