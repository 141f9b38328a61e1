import type { Reporter } from '../report/reporter'

/** The CLI's Reporter: progress on stdout (stderr under --json, whose stdout is the document), warnings on stderr. */
export function terminalReporter(json: boolean): Reporter {
  const log = json
    ? (m: string) => process.stderr.write(`${m}\n`)
    : (m: string) => process.stdout.write(`${m}\n`)
  return {
    info: log,
    warning: (message) => process.stderr.write(`warning: ${message}\n`),
    group: async (title, work) => {
      log(`▸ ${title}`)
      return work()
    },
    summary: () => {},
    // The table (or the --json document) follows and carries the headline.
    printsResults: true,
  }
}
