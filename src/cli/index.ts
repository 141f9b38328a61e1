#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import os from 'node:os'
import { readRunContext, type RunContext } from '../forge/github/context'
import { errorMessage, SettingsError } from '../util/errors'
import { installSignalHandlers } from '../measure/cleanup'
import { Git } from '../util/git'
import { loadSettings } from '../settings/load'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { renderTerminal } from '../report/terminal'
import { renderHtmlReport } from '../report/html'
import { readComparisonArtifact } from '../forge/github/artifact'
import { serveDashboard } from './dashboard-server'
import type { Reporter } from '../report/reporter'
import { hideWorkflowDebugLines } from './debug-lines'

export const EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 } as const

/** Settings the CLI accepts as --flags: the action's inputs, minus what only makes sense on GitHub. */
const SETTING_FLAGS = [
  'name',
  'baseline',
  'prepare',
  'compose-file',
  'service',
  'port',
  'k6-script',
  'k6-env',
  'k6-version',
  'config',
  'min-rounds',
  'max-rounds',
  'warmup',
  'discard-seconds',
  'thresholds',
  'max-error-rate',
  'max-dropped-rate',
  'seed',
  'work-dir',
  'gh-pages-branch',
  'data-dir',
  'retention',
  'fail-on',
]

const HELP: Record<string, string> = {
  main: `loadgate — gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base REF [--head REF] [settings]   measure base and head here, interleaved; print the verdict
  loadgate record [settings]                           measure HEAD and store it in the gh-pages branch of origin
  loadgate report FILE [--json]                        print a comparison.json (or results.json) as a table
  loadgate dashboard DIR [--port N]                    serve the dashboard of a gh-pages checkout (DIR/<data-dir>)

Run 'loadgate COMMAND --help' for a command's options.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names (default REGRESSION, INVALID),
            2 bad usage or settings, 3 the run failed (the message says why; measured trials are kept).`,
  compare: `loadgate compare --base REF [--head REF] [settings]

Starts the Compose stack of REF (a git worktree) and of the head (default: the working tree), runs the
k6 script against each in randomized interleaved rounds, and prints the comparison.

Settings (same names and defaults as the action's inputs; or put them in loadgate.yml and pass --config):
  --k6-script FILE  --service NAME  --port N  --compose-file FILE  --prepare CMD  --k6-env "K=V"
  --min-rounds N  --max-rounds N  --warmup 10s  --discard-seconds N  --thresholds "p95 +10%; p95 < 300ms"
  --max-error-rate 1%  --max-dropped-rate 1%  --seed N  --work-dir DIR  --fail-on "REGRESSION, INVALID"
  --baseline rerun|stored  --name NAME  --config loadgate.yml
Output:
  --json            print the Comparison as JSON instead of a table`,
  record: `loadgate record [settings]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Settings as for 'loadgate compare'.`,
  report: `loadgate report FILE [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR) as a table.`,
  dashboard: `loadgate dashboard DIR [--port N] [--data-dir loadgate]

Serves DIR (a checkout of the gh-pages branch) on http://127.0.0.1:PORT and prints the address.`,
}

function terminalReporter(json: boolean): Reporter {
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
  }
}

async function localContext(workspace: string, head: string): Promise<RunContext> {
  const git = new Git(workspace)
  const headSha = await git.revParse(head)
  const branch = (await git.tryRun(['rev-parse', '--abbrev-ref', 'HEAD'])) ?? ''
  const base = readRunContext({ ...process.env, GITHUB_EVENT_PATH: '', GITHUB_WORKSPACE: workspace })
  return {
    ...base,
    eventName: 'local',
    headSha,
    branch: branch === 'HEAD' ? '' : branch,
    pullRequest: null,
    fromFork: false,
  }
}

async function measureCommand(command: 'compare' | 'record', args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...Object.fromEntries(SETTING_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
    },
  })
  if (values.help) return printHelp(command)
  if (command === 'compare' && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against")
  const cwd = process.cwd()
  const root = (await new Git(cwd).tryRun(['rev-parse', '--show-toplevel'])) ?? ''
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`)
  const json = Boolean(values.json)
  const reporter = terminalReporter(json)
  // Refs name commits of this repository, not of the head's worktree (where HEAD means the head).
  const baseRef = values.base ? await resolveRef(root, String(values.base), 'base') : ''
  let workspace = root
  let headWorktree = ''
  if (values.head) {
    headWorktree = await createWorktree(root, String(values.head))
    workspace = headWorktree
  }
  try {
    const context = await localContext(workspace, 'HEAD')
    const read = (name: string): string => {
      if (name === 'mode') return command
      if (name === 'base-ref') return baseRef
      const value = (values as Record<string, unknown>)[name]
      return typeof value === 'string' ? value : ''
    }
    const settings = loadSettings(read, {
      workspace,
      eventName: 'local',
      defaultWorkDir: path.join(root, '.loadgate'),
    })
    installSignalHandlers()
    const outcomes: BenchmarkOutcome[] = []
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter))
    }
    for (const outcome of outcomes) {
      if (!outcome.resultsFile) continue
      const comparisonFile = path.join(path.dirname(outcome.resultsFile), 'comparison.json')
      if (command === 'compare') await printComparison(comparisonFile, json)
      else process.stdout.write(`${outcome.headline}\n`)
      if (!json) process.stdout.write(`results: ${outcome.resultsFile}\n`)
      if (!json && command === 'compare')
        process.stdout.write(`report:  ${await writeHtmlReport(comparisonFile)}\n`)
    }
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok
  } finally {
    if (headWorktree) await new Git(root).tryRun(['worktree', 'remove', '--force', headWorktree])
  }
}

async function resolveRef(root: string, ref: string, flag: string): Promise<string> {
  return new Git(root).revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--${flag}' is '${ref}': expected a commit or ref of this repository`)
  })
}

async function createWorktree(root: string, ref: string): Promise<string> {
  const git = new Git(root)
  const sha = await resolveRef(root, ref, 'head')
  const dir = path.join(os.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`)
  await git.run(['worktree', 'add', '--detach', dir, sha])
  return dir
}

async function printComparison(file: string, json: boolean): Promise<void> {
  const comparison = await readComparisonArtifact(file)
  if (json) process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`)
  else process.stdout.write(`${renderTerminal(comparison, { color: Boolean(process.stdout.isTTY) })}\n`)
}

/** report.html beside the results: the same report a pull request gets, for a browser. */
async function writeHtmlReport(comparisonFile: string): Promise<string> {
  const comparison = await readComparisonArtifact(comparisonFile)
  const file = path.join(path.dirname(comparisonFile), 'report.html')
  await writeFile(file, renderHtmlReport(comparison, {}))
  return file
}

async function reportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return printHelp('report')
  const file = positionals[0]
  if (!file) throw new SettingsError('loadgate report: expected the path of a comparison.json')
  let target = file
  if (path.basename(file) === 'results.json') target = path.join(path.dirname(file), 'comparison.json')
  await readFile(target).catch(() => {
    throw new SettingsError(`loadgate report: '${target}' cannot be read: expected a comparison.json`)
  })
  const comparison = await readComparisonArtifact(target)
  await printComparison(target, Boolean(values.json))
  return comparison.blocking ? EXIT.blocked : EXIT.ok
}

async function dashboardCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string', default: 'loadgate' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return printHelp('dashboard')
  const dir = positionals[0]
  if (!dir)
    throw new SettingsError('loadgate dashboard: expected a directory (a checkout of the gh-pages branch)')
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`Flag '--port' is '${values.port}': expected a port number`)
  }
  const server = await serveDashboard(path.resolve(dir), port)
  process.stdout.write(`dashboard: ${server.url}${values['data-dir']}/\n(Ctrl-C stops it)\n`)
  await new Promise(() => {})
  return EXIT.ok
}

function printHelp(command: string): number {
  process.stdout.write(`${HELP[command] ?? HELP.main}\n`)
  return EXIT.ok
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'compare':
      case 'record':
        return await measureCommand(command, rest)
      case 'report':
        return await reportCommand(rest)
      case 'dashboard':
        return await dashboardCommand(rest)
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        return printHelp('main')
      default:
        throw new SettingsError(`Unknown command '${command}': expected compare, record, report or dashboard`)
    }
  } catch (error) {
    process.stderr.write(`loadgate: ${errorMessage(error)}\n`)
    const usage =
      error instanceof SettingsError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    return usage ? EXIT.usage : EXIT.failed
  }
}

hideWorkflowDebugLines()
process.exitCode = await main(process.argv.slice(2))
