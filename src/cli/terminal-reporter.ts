import type { Reporter } from '../report/reporter'
import { withoutWorkflowCommands as line } from '../util/control-characters'

/**
 * The CLI's Reporter: progress on stdout (stderr under --json, whose stdout is the document), warnings
 * on stderr. Messages carry history and results text; the CLI may run in a workflow step, whose
 * runner reads workflow commands in its output, so none can start one.
 */
export function terminalReporter(json: boolean): Reporter {
  const log = json
    ? (m: string) => process.stderr.write(`${line(m)}\n`)
    : (m: string) => process.stdout.write(`${line(m)}\n`)
  return {
    info: log,
    warning: (message) => process.stderr.write(`warning: ${line(message)}\n`),
    group: async (title, work) => {
      log(`▸ ${title}`)
      return work()
    },
    summary: () => {},
    // The table (or the --json document) follows and carries the headline.
    printsResults: true,
  }
}
