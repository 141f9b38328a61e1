#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import os from 'node:os'
import type { RunContext } from '../forge'
import { readRunContext } from '../forge/github/context'
import { errorMessage, SettingsError } from '../util/errors'
import { installSignalHandlers } from '../measure/cleanup'
import { Git } from '../util/git'
import { loadSettings } from '../settings/load'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { renderTerminal } from '../report/terminal'
import { renderHtmlReport } from '../report/html'
import { readComparisonArtifact } from '../model/comparison-file'
import { serveDashboard } from './dashboard-server'
import type { Reporter } from '../report/reporter'
import { settingFlags } from './flags'
import { helpText } from './help'
import { isPushOnly, pushOnlyCommand } from './push-only'
import { builtInDefault } from '../settings/input-lookup'

export const EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 } as const

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
      ...settingFlags(),
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
      'data-dir': { type: 'string', default: builtInDefault('data-dir') },
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
  process.stdout.write(`${helpText(command)}\n`)
  return EXIT.ok
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'compare':
      case 'record':
        if (command === 'record' && isPushOnly(rest))
          return await pushOnlyCommand(rest, terminalReporter(false))
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

process.exitCode = await main(process.argv.slice(2))
