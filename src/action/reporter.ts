import * as core from '@actions/core'
import type { Reporter } from '../report/reporter'

/** The runner's log (with collapsible groups) and the job summary. */
export function actionReporter(): Reporter {
  return {
    info: (message) => core.info(message),
    warning: (message) => core.warning(message),
    group: (title, work) => core.group(title, work),
    summary: (markdown) => {
      core.summary.addRaw(markdown, true)
    },
  }
}
