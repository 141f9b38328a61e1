import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Comparison } from '../model/types'
import { renderHtmlReport } from '../report/html'
import type { ReportLinks } from '../report/markdown'

/**
 * report.html beside the results (the folder a workflow uploads): the report a pull request gets,
 * for a browser, with the differential flame graph when the profiling pair ran.
 */
export async function writeHtmlReport(
  comparison: Comparison,
  resultsDir: string,
  links: ReportLinks = {},
): Promise<string> {
  const file = path.join(resultsDir, 'report.html')
  await writeFile(file, renderHtmlReport(comparison, links))
  return file
}
