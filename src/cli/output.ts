import type { Comparison } from '../model/types'
import { renderTerminal } from '../report/terminal'
import { helpText } from './help'
import { WORKING_TREE_LABEL } from './working-tree'

export const EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 } as const

export function writeOut(text: string): void {
  process.stdout.write(text)
}

export function printComparison(comparison: Comparison, json: boolean): void {
  if (json) return writeOut(`${JSON.stringify(comparison, null, 2)}\n`)
  writeOut(`${renderTerminal(comparison, { color: colorWanted(process.stdout) })}\n`)
  writeOut(`${commitsLine(comparison)}\n`)
}

/**
 * Colour on a terminal, as the conventions say: FORCE_COLOR (any value but 0 or false) forces it,
 * as it does for Node itself; else a non-empty NO_COLOR (no-color.org) or TERM=dumb turns it off.
 */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase())
  if (env.NO_COLOR) return false
  return Boolean(stream.isTTY) && env.TERM !== 'dumb'
}

/** Which commits were measured; a dirty head is named as the working tree it was. */
function commitsLine(comparison: Comparison): string {
  const { base, head } = comparison.meta
  const headText =
    head.ref === WORKING_TREE_LABEL
      ? `${WORKING_TREE_LABEL} on top of ${head.sha.slice(0, 12)}`
      : head.sha.slice(0, 12)
  return `base ${base ? base.sha.slice(0, 12) : 'none'} → head ${headText}`
}

export function printHelp(command: string): number {
  writeOut(`${helpText(command)}\n`)
  return EXIT.ok
}
