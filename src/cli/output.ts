import type { Comparison } from '../model/types'
import { renderTerminal } from '../report/terminal'
import { jsonWithoutWorkflowCommands, linesWithoutWorkflowCommands } from '../util/control-characters'
import { helpText } from './help'
import { WORKING_TREE_LABEL } from './working-tree'

export const EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 } as const

export function writeOut(text: string): void {
  process.stdout.write(text)
}

/** A --json document: the CLI may run in a workflow step, whose runner reads commands in its output. */
export function writeJson(value: unknown): void {
  writeOut(`${jsonWithoutWorkflowCommands(value)}\n`)
}

/** An error or a warning on stderr, one or more lines, none of which can start a workflow command. */
export function writeErr(text: string): void {
  process.stderr.write(`${linesWithoutWorkflowCommands(text)}\n`)
}

export function printComparison(comparison: Comparison, json: boolean): void {
  if (json) return writeJson(comparison)
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
