import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Comparison } from '../model/types'
import { renderHtmlReport } from '../report/html'
import { renderTerminal } from '../report/terminal'
import { helpText } from './help'
import { WORKING_TREE_LABEL } from './working-tree'

export const EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 } as const

export function writeOut(text: string): void {
  process.stdout.write(text)
}

export function printComparison(comparison: Comparison, json: boolean): void {
  if (json) return writeOut(`${JSON.stringify(comparison, null, 2)}\n`)
  writeOut(`${renderTerminal(comparison, { color: Boolean(process.stdout.isTTY) })}\n`)
  writeOut(`${commitsLine(comparison)}\n`)
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

/** report.html beside the results: the same report a pull request gets, for a browser. */
export async function writeHtmlReport(comparison: Comparison, resultsDir: string): Promise<string> {
  const file = path.join(resultsDir, 'report.html')
  await writeFile(file, renderHtmlReport(comparison, {}))
  return file
}

export function printHelp(command: string): number {
  writeOut(`${helpText(command)}\n`)
  return EXIT.ok
}
