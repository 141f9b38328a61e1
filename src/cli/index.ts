#!/usr/bin/env node
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import os from 'node:os'
import type { RunContext } from '../forge'
import { readRunContext } from '../forge/github/context'
import { errorMessage, SettingsError } from '../util/errors'
import { cleanupAll, installSignalHandlers, stopRun, track } from '../measure/cleanup'
import { Git } from '../util/git'
import { readSettings } from '../settings/read-settings'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { readComparisonArtifact } from '../model/comparison-file'
import type { Comparison } from '../model/types'
import type { Reporter } from '../report/reporter'
import { settingFlags, type MeasureCommand } from './flags'
import { isPushOnly, pushOnlyCommand } from './push-only'
import { asFlagError, usageError, parseCommandArgs } from './args'
import { dashboardCommand } from './dashboard-command'
import { historyCommand } from './history-command'
import { mergeCommand } from './merge-command'
import { reportCommand } from './report-command'
import { EXIT, printComparison, printHelp, writeOut } from './output'
import { VERSION } from '../util/version'
import { closestName } from '../util/closest-name'
import { defaultWorkDir, startClean } from './work-dir'
import { dirtyMessage, uncommittedFiles, WORKING_TREE_LABEL } from './working-tree'
import { printCalibrations } from './calibrate-output'
import { assertUpdatable } from '../settings/write-suggestion'

export { EXIT } from './output'

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

async function measureCommand(command: MeasureCommand, args: string[]): Promise<number> {
  const refs = { base: { type: 'string' }, head: { type: 'string' } } as const
  const { values } = parseCommandArgs(command, {
    args,
    options: {
      ...(command === 'calibrate' ? { write: { type: 'boolean', default: false } } : refs),
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...settingFlags(command),
    },
  }) as { values: Record<string, string | boolean | undefined> }
  if (values.help) return printHelp(command)
  if (command === 'compare' && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against")
  if (values.write && !values.config)
    throw new SettingsError(
      "Flag '--write' needs '--config FILE': the loadgate.yml to write the suggestion into",
    )
  const cwd = process.cwd()
  const root = (await new Git(cwd).tryRun(['rev-parse', '--show-toplevel'])) ?? ''
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`)
  const json = Boolean(values.json)
  const reporter = terminalReporter(json)
  // Refs name commits of this repository, not of the head's worktree (where HEAD means the head).
  const baseRef = values.base ? await resolveRef(root, String(values.base), 'base') : ''
  installSignalHandlers()
  let workspace = root
  let removeHeadWorktree = async () => {}
  if (values.head) {
    const worktree = await createWorktree(root, String(values.head))
    workspace = worktree.dir
    removeHeadWorktree = worktree.remove
  }
  try {
    const context = await localContext(workspace, 'HEAD')
    const read = (name: string): string => {
      if (name === 'mode') return command
      if (name === 'base-ref') return baseRef
      const value = (values as Record<string, unknown>)[name]
      return typeof value === 'string' ? value : ''
    }
    const workDir = defaultWorkDir(root)
    const settings = asSettings(() =>
      readSettings(read, { workspace, eventName: 'local', defaultWorkDir: workDir, cwd }),
    )
    const dirty = values.head ? [] : await uncommittedFiles(root, settings.workDir)
    if (dirty.length > 0 && command !== 'compare')
      throw new SettingsError(dirtyMessage(command, context.headSha, dirty))
    if (dirty.length > 0) {
      settings.headLabel = WORKING_TREE_LABEL
      reporter.info(
        `head: the ${WORKING_TREE_LABEL} on top of ${context.headSha.slice(0, 12)} (${dirty.length} files)`,
      )
    }
    if (values.write) await assertUpdatable(path.resolve(cwd, String(values.config)))
    if (settings.workDir === workDir) {
      const earlier = await startClean(workDir)
      if (earlier) reporter.info(`the previous run's files (report.html, results) are now in ${earlier}`)
    }
    const outcomes: BenchmarkOutcome[] = []
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter))
    }
    if (command === 'calibrate') {
      const config = values.write ? path.resolve(cwd, String(values.config)) : ''
      await printCalibrations(outcomes, { json, write: config })
      return EXIT.ok
    }
    await printOutcomes(command, outcomes, json)
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok
  } finally {
    await removeHeadWorktree()
  }
}

function asSettings<T>(load: () => T): T {
  try {
    return load()
  } catch (error) {
    throw asFlagError(error)
  }
}

/** Everything the run produced, as one document: `--json` prints one JSON array whatever the count. */
async function printOutcomes(command: MeasureCommand, outcomes: BenchmarkOutcome[], json: boolean) {
  const comparisons: Comparison[] = []
  for (const outcome of outcomes) {
    if (!outcome.resultsFile) continue
    const dir = path.dirname(outcome.resultsFile)
    const comparison =
      command === 'compare' ? await readComparisonArtifact(path.join(dir, 'comparison.json')) : null
    // compare mode wrote it beside the results, as it does on GitHub.
    const report =
      comparison && existsSync(path.join(dir, 'report.html')) ? path.join(dir, 'report.html') : ''
    if (comparison) comparisons.push(comparison)
    if (json) continue
    if (comparison) printComparison(comparison, false)
    else writeOut(`${outcome.headline}\n`)
    writeOut(`results: ${outcome.resultsFile}\n`)
    if (report) writeOut(`report:  ${report}\n`)
  }
  if (json) writeOut(`${JSON.stringify(command === 'compare' ? comparisons : outcomes, null, 2)}\n`)
}

async function resolveRef(root: string, ref: string, flag: string): Promise<string> {
  return new Git(root).revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--${flag}' is '${ref}': expected a commit or ref of this repository`)
  })
}

/** A worktree of `--head`, tracked so every exit path (signal, closed output) removes it. */
async function createWorktree(
  root: string,
  ref: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const git = new Git(root)
  const sha = await resolveRef(root, ref, 'head')
  const dir = path.join(os.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`)
  const remove = track({ kind: 'worktree', id: dir, path: root }, async () => {
    await git.tryRun(['worktree', 'remove', '--force', dir], { cleanup: true })
    await rm(dir, { recursive: true, force: true })
    await git.tryRun(['worktree', 'prune'], { cleanup: true })
  })
  try {
    await git.run(['worktree', 'add', '--detach', '--quiet', dir, sha])
  } catch (error) {
    await remove()
    throw error
  }
  return { dir, remove }
}

let watchingOutput = false

/** A closed or failing output (e.g. `| head -3`) stops the run and tears everything down: exit 3. */
function stopOnOutputError(): void {
  if (watchingOutput) return
  watchingOutput = true
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) =>
      stopRun('SIGPIPE', EXIT.failed, `cannot write the output (${error.code ?? error.message})`),
    )
  }
}

const COMMANDS = ['compare', 'record', 'calibrate', 'merge', 'report', 'dashboard', 'history'] as const

/** `name` when it is a command; otherwise a usage error that suggests the nearest one. */
function knownCommand(name: string): string {
  if ((COMMANDS as readonly string[]).includes(name)) return name
  const meant = closestName(name, COMMANDS)
  const suggestion = meant ? `did you mean '${meant}'? ` : ''
  const expected = `${COMMANDS.slice(0, -1).join(', ')} or ${COMMANDS.at(-1)}`
  throw new SettingsError(`Unknown command '${name}': ${suggestion}expected ${expected}`)
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  stopOnOutputError()
  try {
    switch (command) {
      case 'compare':
      case 'record':
      case 'calibrate':
        if (command === 'record' && isPushOnly(rest))
          return await pushOnlyCommand(rest, terminalReporter(false))
        return await measureCommand(command, rest)
      case 'report':
        return await reportCommand(rest)
      case 'dashboard':
        return await dashboardCommand(rest)
      case 'history':
        return await historyCommand(rest)
      case 'merge':
        return await mergeCommand(rest)
      case undefined:
      case '--help':
      case '-h':
        return printHelp('main')
      case 'help':
        return printHelp(rest[0] === undefined ? 'main' : knownCommand(rest[0]))
      case 'version':
      case '--version':
      case '-V':
        writeOut(`loadgate ${VERSION}\n`)
        return EXIT.ok
      default:
        knownCommand(command)
        return EXIT.usage
    }
  } catch (thrown) {
    const error = usageError(thrown, command ?? '')
    process.stderr.write(`loadgate: ${errorMessage(error)}\n`)
    return error instanceof SettingsError ? EXIT.usage : EXIT.failed
  } finally {
    await cleanupAll((message) => process.stderr.write(`loadgate: ${message}\n`))
  }
}

process.exitCode = await main(process.argv.slice(2))
