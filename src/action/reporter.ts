import * as core from '@actions/core'
import type { Reporter } from '../report/reporter'
import { logLine } from './log'
import { appendSummary } from './summary'

/** The runner's log (with collapsible groups) and the job summary. */
export function actionReporter(): Reporter {
  return {
    info: (message) => core.info(logLine(message)),
    warning: (message) => core.warning(logLine(message)),
    group: (title, work) => core.group(logLine(title), work),
    summary: (markdown) => appendSummary(markdown),
  }
}
