import { builtInDefault, describeInput } from '../settings/input-lookup'
import { commandSettings, type MeasureCommand } from './flags'

const HELP_WIDTH = 100

const SETTINGS_HEADING =
  "Settings (same names and defaults as the action's inputs; or put them in loadgate.yml and pass --config):"

const HELP: Record<string, () => string> = {
  main: () => `loadgate — gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base REF [--head REF] [settings]   measure base and head here, interleaved; print the verdict
  loadgate record [settings]                           measure HEAD and store it in the gh-pages branch of origin
  loadgate calibrate [--write] [settings]              A/A rounds of HEAD: noise floor per gated metric, the plan it needs and its cost
  loadgate report FILE [--json]                        print a comparison.json (or results.json) as a table
  loadgate merge DIR... [--out DIR] [--json]           merge the outputs of segment jobs (segment: i/N) and decide
  loadgate dashboard DIR [--port N]                    serve the dashboard of a gh-pages checkout (DIR/<data-dir>)
  loadgate history DIR [--json]                        list the change points of a gh-pages checkout's history

Run 'loadgate help COMMAND' (or 'loadgate COMMAND --help') for a command's options,
'loadgate --version' for the version.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names (default REGRESSION, INVALID) or
            nothing is gated (NOTHING_GATED),
            2 bad usage or settings, 3 the run failed (the message says why; measured trials are kept).`,
  compare: () => `loadgate compare --base REF [--head REF] [settings]

Starts the Compose stack of REF (a git worktree) and of the head (default: the working tree, uncommitted
changes included and named so), runs the k6 script against each in randomized interleaved rounds, and
prints the comparison. Results and report.html go to a work folder outside the repository.

${SETTINGS_HEADING}
${settingsHelp('compare')}
Output:
  --json            print one JSON array (a comparison per benchmark) instead of the tables`,
  record: () => `loadgate record [settings]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Refuses a working tree with uncommitted
changes: the run is stored under the commit.

${SETTINGS_HEADING}
${settingsHelp('record')}
Pushing a run that was measured but could not be pushed (nothing is measured):
  --push-only FILE  the run file the failed record saved (or that run's results.json); takes
                    --gh-pages-branch, --data-dir, --retention and --config as above`,
  calibrate: () => `loadgate calibrate [--write] [--json] [settings]

Measures HEAD against itself (both arms the same commit, max-rounds rounds, never extended) and prints,
per gated series and metric, the noise floor (1.4826 × MAD of the per-round differences), the smallest
change the configured plan (min-rounds, max-rounds, thresholds) detects with 90% power at its first
look, and the rounds - or, keeping them, the trial length or rate - that detect every minimum effect,
each with what a run of it costs. --calibrate-budget 10m: the plan that fits ten minutes, or the change
each gated metric settles under in that time.
Refuses a working tree with uncommitted changes: only one arm would have them.

${SETTINGS_HEADING}
${settingsHelp('calibrate')}
Output:
  --json            print one JSON array (a calibration per benchmark) instead of the tables
  --write           put the suggested min-rounds and max-rounds into the --config file, keeping its
                    other settings and comments`,
  report: () => `loadgate report FILE [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR), or the
results.json of a compare run, as a table.`,
  merge: () => `loadgate merge DIR... [--out DIR] [--fail-on VERDICTS] [--json]

Reads the work-dirs of the jobs that ran one load in segments ('segment: i/N', e.g. the artifacts of a
matrix), merges the raw k6 requests of every (round, arm) into one trial, and prints the comparison
under the thresholds the segments ran with. A round whose segments did not all succeed is invalid.
Writes results.json, comparison.json and report.html per benchmark to --out (default loadgate-merged).`,
  dashboard: () => `loadgate dashboard DIR [--port N] [--data-dir ${builtInDefault('data-dir')}]

Serves DIR (a checkout of the gh-pages branch) on http://127.0.0.1:PORT and prints the address.`,
  history: () => `loadgate history DIR [--json] [--branch B] [--data-dir ${builtInDefault('data-dir')}]

Lists the lasting shifts (change points) in the recorded runs of a gh-pages checkout, per benchmark,
series and gated metric (the default thresholds: p50 and p90 per endpoint, throughput of all requests).
Each shift names the last run before it and the first after it, and says "environment changed" when
the runner (OS and kernel, CPU, cores, image) changed there rather than the code.

  --branch B                      runs of this branch only (default: the branch with the most runs)
  --json                          print the shifts as one JSON array
  --change-point-max-p P          largest p-value of a change point (default ${builtInDefault('change-point-max-p')})
  --change-point-min-change X     smallest relative change (default ${builtInDefault('change-point-min-change')})
  --change-point-min-runs N       runs needed on each side (default ${builtInDefault('change-point-min-runs')})`,
}

/** The --help text of a command (the overview for an unknown one). */
export function helpText(command: string): string {
  return (HELP[command] ?? HELP.main!)()
}

/** One `--flag  description` entry per setting of `command`, descriptions wrapped beside the flags. */
function settingsHelp(command: MeasureCommand): string {
  const inputs = commandSettings(command)
  const column = Math.max(...inputs.map((input) => input.name.length)) + 4
  return inputs
    .map((input) => {
      const lines = wrapWords(describeInput(input, 'cli'), HELP_WIDTH - 2 - column)
      const flag = `--${input.name}`.padEnd(column)
      return lines.map((line, i) => `  ${i === 0 ? flag : ' '.repeat(column)}${line}`).join('\n')
    })
    .join('\n')
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return [...lines, line]
}
