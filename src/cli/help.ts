import { watchedMetricsText } from '../settings/default-gates'
import { builtInDefault } from '../settings/input-lookup'
import type { InputName } from '../settings/inputs'
import { flagHelp, flagUsage, GROUPS, settingsIn, type Group } from './flag-groups'
import { LINE_LIST_FLAGS, type MeasureCommand } from './flags'

const HELP_WIDTH = 100
const FLAG_COLUMN = 30

/** A command's own flags (beside the settings), by the group they belong in. */
type OwnFlags = Partial<Record<Group, Array<[usage: string, summary: string]>>>

const SETTINGS_NOTE = `Settings are the action's inputs, read from loadgate.yml at the repository root (or --config
<file>); a flag overrides its key. ${LINE_LIST_FLAGS.map((f) => `--${f}`).join(', ')} add up when repeated;
other flags are given once. Every flag with its meaning and default: docs/cli.md#flags.`

const HELP: Record<string, () => string> = {
  main: () => `loadgate — gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base <ref> [--head <ref>] [options]
      measure base and head here, interleaved; print the verdict
  loadgate record [options]
      measure HEAD and store it in the gh-pages branch of origin
  loadgate calibrate [--write] [options]
      A/A rounds of HEAD: noise floor per gated metric, the plan it needs and its cost
  loadgate report <file> [--json]
      print a comparison.json (or results.json) as a table
  loadgate merge <dir>... [--out <dir>] [--json]
      merge the outputs of segment jobs (segment: i/N) and decide
  loadgate dashboard <dir> [--port <n>]
      serve the dashboard of a gh-pages checkout (<dir>/<data-dir>)
  loadgate history <dir> [--json]
      list the change points of a gh-pages checkout's history
  loadgate import <file> --benchmark <name> [--commit <ref>]
      add a k6 summary or github-action-benchmark's data.js to the history, as imported runs

Without --config, compare, record and calibrate read loadgate.yml at the repository root.
Run 'loadgate help <command>' (or 'loadgate <command> --help') for a command's options,
'loadgate --version' for the version.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names or nothing is gated,
            2 bad usage or settings, 3 the run failed (the message says why; trials are kept).`,
  compare: () => `loadgate compare --base <ref> [--head <ref>] [options]

Starts the Compose stack of the base (a git worktree) and of the head (default: the working tree,
uncommitted changes included and named so), runs the k6 script against each in randomized
interleaved rounds, and prints the comparison. Results and report.html go to a work folder outside
the repository.

${measureOptions('compare', {
  'What to run': [
    ['--base <ref>', 'the commit or ref to compare against (required)'],
    ['--head <ref>', 'the commit to measure (default: the working tree)'],
  ],
  Output: [['--json', 'print one JSON array (a comparison per benchmark), not the tables']],
})}`,
  record: () => `loadgate record [options]
       loadgate record --push-only <file> [--gh-pages-branch <branch>] [--data-dir <dir>]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Refuses a working tree with uncommitted
changes: the run is stored under the commit. --push-only pushes a run that was measured but could
not be pushed (the file the failed record saved), measuring nothing.

${measureOptions('record', {
  Output: [['--json', 'print one JSON array (an outcome per benchmark), not the lines']],
})}`,
  calibrate: () => `loadgate calibrate [--write] [--json] [options]

Measures HEAD against itself (both arms the same commit, max-rounds rounds, never extended) and
prints, per gated series and metric, the noise floor, the smallest change the configured plan
detects, and the rounds (or the trial length) that detect every minimum effect, each with what a
run of it costs.
Refuses a working tree with uncommitted changes: only one arm would have them.

${measureOptions('calibrate', {
  Output: [
    ['--json', 'print one JSON array (a calibration per benchmark), not the tables'],
    ['--write', 'put the suggested min-rounds and max-rounds into the loadgate.yml read'],
  ],
})}`,
  report: () => `loadgate report <file> [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR), or the
results.json of a compare run, as a table.`,
  merge: () => `loadgate merge <dir>... [--out <dir>] [--fail-on <verdicts>] [--json]

Reads the work-dirs of the jobs that ran one load in segments ('segment: i/N', e.g. the artifacts
of a matrix), merges the raw k6 requests of every (round, arm) into one trial, and prints the
comparison under the thresholds the segments ran with. A round whose segments did not all succeed
is invalid. Writes results.json, comparison.json and report.html per benchmark to --out (default
loadgate-merged).`,
  dashboard: () => `loadgate dashboard <dir> [--port <n>] [--data-dir <dir>]

Serves <dir> (a checkout of the gh-pages branch) on http://127.0.0.1:<port> and prints the address.
--data-dir is the folder of loadgate's data in it (default: ${builtInDefault('data-dir')}).`,
  history: () => `loadgate history <dir> [--json] [--branch <branch>] [--data-dir <dir>]

Lists the lasting shifts (change points) in the recorded runs of a gh-pages checkout, per
benchmark, series and gated metric
(the default thresholds: ${watchedMetricsText()}).
Each shift names the last run before it and the first after it, and says "environment changed" when
the runner (OS and kernel, CPU, cores, image) changed there rather than the code.

  --branch <branch>                  runs of this branch only (default: the one with the most runs)
  --json                             print the shifts as one JSON array
  --data-dir <dir>                   loadgate's folder in the checkout (default: ${builtInDefault('data-dir')})
  --change-point-max-p <p>           largest p-value of a change point (default: ${builtInDefault('change-point-max-p')})
  --change-point-min-change <change> smallest relative change (default: ${builtInDefault('change-point-min-change')})
  --change-point-min-runs <n>        runs needed on each side (default: ${builtInDefault('change-point-min-runs')})`,
  import: () => `loadgate import <file> --benchmark <name> [options]

Adds another tool's history to the gh-pages branch of 'origin' as imported runs: a k6 summary
(--summary-export, or handleSummary's data as JSON) or github-action-benchmark's data.js. Imported
runs are drawn on the dashboard, marked "imported"; never a baseline, nor counted in the run-to-run
spread or a change point. Importing a file again adds nothing.
See docs/import.md.

  --benchmark <name>                 the benchmark the runs are of (required)
  --commit <ref>                     k6 summary: the commit it measured (required)
  --date <time>                      k6 summary: when it ran (default: the commit's time)
  --suite <name>                     data.js: the suite to import, when it holds several
  --branch <branch>                  the branch the runs are drawn under (default: origin's default)
  --gh-pages-branch <branch>         the history branch (default: ${builtInDefault('gh-pages-branch')})
  --data-dir <dir>                   loadgate's folder in it (default: ${builtInDefault('data-dir')})
  --retention <n>                    newest runs the charts keep (default: loadgate.yml's; 0: all)
  --config <file>                    settings file (default: loadgate.yml at the repository root)`,
}

/** The --help text of a command (the overview for an unknown one). */
export function helpText(command: string): string {
  return (HELP[command] ?? HELP.main!)()
}

/** A measuring command's options, grouped: each summarised flag on its line, the others named after them. */
function measureOptions(command: MeasureCommand, own: OwnFlags): string {
  const lines: string[] = []
  for (const group of [...GROUPS, 'Other'] as const) {
    const settings = settingsIn(command, group)
    const entries = [
      ...(own[group] ?? []),
      ...settings
        .filter((input) => flagHelp(input.name).summary)
        .map((input) => [flagUsage(input), withDefault(input.name as InputName)] as [string, string]),
    ]
    const named = settings.filter((input) => !flagHelp(input.name).summary).map(flagUsage)
    if (entries.length === 0 && named.length === 0) continue
    if (lines.length > 0) lines.push('')
    lines.push(`${group}:`)
    for (const [usage, summary] of entries) lines.push(...flagLines(usage, summary))
    if (named.length > 0) lines.push(...wrapList(`also: ${named.join(', ')}`, HELP_WIDTH - 2, '        '))
  }
  return `${lines.join('\n')}\n\n${SETTINGS_NOTE}`
}

/** A flag's summary with its built-in default, where it has one. */
function withDefault(name: InputName): string {
  const summary = flagHelp(name).summary ?? ''
  const fallback = builtInDefault(name)
  return fallback ? `${summary} (default: ${fallback})` : summary
}

/** `  --flag <value>   summary`, the summary wrapped beside the flag (below it when the flag is long). */
function flagLines(usage: string, summary: string): string[] {
  const width = HELP_WIDTH - 2 - FLAG_COLUMN
  const wrapped = wrapWords(summary, width)
  const pad = ' '.repeat(FLAG_COLUMN)
  if (usage.length >= FLAG_COLUMN) return [`  ${usage}`, ...wrapped.map((line) => `  ${pad}${line}`)]
  return wrapped.map((line, i) => `  ${i === 0 ? usage.padEnd(FLAG_COLUMN) : pad}${line}`)
}

/** A comma-separated list wrapped at its commas, continuation lines indented. */
function wrapList(text: string, width: number, indent: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const item of text.split(', ')) {
    const next = line ? `${line}, ${item}` : item
    if (line && next.length > width - indent.length) {
      lines.push(`${line},`)
      line = item
    } else line = next
  }
  return [...lines, line].map((l, i) => `  ${i === 0 ? '' : indent}${l}`)
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
