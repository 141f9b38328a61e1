import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RunContext } from '../forge'
import { readRunContext } from '../forge/github/context'
import { installSignalHandlers, track } from '../measure/cleanup'
import { readComparisonArtifact } from '../model/comparison-file'
import type { Comparison } from '../model/types'
import { runBenchmark, type BenchmarkOutcome } from '../pipeline'
import { readSettings } from '../settings/read-settings'
import { assertUpdatable } from '../settings/write-suggestion'
import { requireRemote } from '../store'
import { SettingsError } from '../util/errors'
import { Git } from '../util/git'
import { asFlagError, parseCommandArgs, withFlagErrors } from './args'
import { printCalibrations } from './calibrate-output'
import { chooseConfig, foundConfigLine, requireScriptOrConfig } from './config-file'
import { flagValues, settingFlags, type MeasureCommand } from './flags'
import { EXIT, printComparison, printHelp, writeJson, writeOut } from './output'
import { terminalReporter } from './terminal-reporter'
import { defaultWorkDir, startClean } from './work-dir'
import { dirtyMessage, uncommittedFiles, WORKING_TREE_LABEL } from './working-tree'

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

/**
 * `loadgate compare | record | calibrate`: the flags read as the action reads its inputs (one
 * settings reader), then every benchmark through the pipeline, as on GitHub; the CLI adds a local run
 * context, a worktree for `--head`, the working tree as the head, and the terminal output.
 */
export async function measureCommand(command: MeasureCommand, args: string[]): Promise<number> {
  const refs = { base: { type: 'string', multiple: true }, head: { type: 'string', multiple: true } } as const
  const parsed = parseCommandArgs(command, {
    args,
    options: {
      ...(command === 'calibrate' ? { write: { type: 'boolean', default: false } } : refs),
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...settingFlags(command),
    },
  })
  const values = flagValues(parsed.values)
  if (values.help) return printHelp(command)
  if (command === 'compare' && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against")
  const cwd = process.cwd()
  const root = (await new Git(cwd).tryRun(['rev-parse', '--show-toplevel'])) ?? ''
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`)
  const config = chooseConfig(values.config as string | undefined, root, cwd)
  if (values.write && !config.file)
    throw new SettingsError(
      "Flag '--write' needs '--config FILE' (or a loadgate.yml at the repository root): the file to write the suggestion into",
    )
  requireScriptOrConfig(config, values['k6-script'] as string | undefined, root)
  const json = Boolean(values.json)
  const reporter = terminalReporter(json)
  if (config.found) reporter.info(foundConfigLine(config, cwd))
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
      if (name === 'config') return config.file
      const value = (values as Record<string, unknown>)[name]
      return typeof value === 'string' ? value : ''
    }
    const workDir = defaultWorkDir(root)
    const settings = withFlagErrors(() =>
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
    // Every check that needs no measuring comes before the previous run's files are moved aside.
    // A history repository or file is checked when recording starts, before anything is measured.
    if (command === 'record' && !settings.history.repository && !settings.history.file)
      await requireRemote({ workspace: settings.workspace, branch: settings.ghPagesBranch })
    if (values.write) await assertUpdatable(path.resolve(cwd, config.file))
    if (settings.workDir === workDir) {
      const earlier = await startClean(workDir)
      if (earlier) reporter.info(`the previous run's files (report.html, results) are now in ${earlier}`)
    }
    const outcomes: BenchmarkOutcome[] = []
    for (const bench of settings.benchmarks) {
      // Settings found wrong while running (a port the compose file does not publish) name the flag too.
      outcomes.push(await runBenchmark(settings, bench, context, reporter).catch(throwAsFlagError))
    }
    if (command === 'calibrate') {
      const write = values.write ? path.resolve(cwd, config.file) : ''
      await printCalibrations(outcomes, { json, write })
      return EXIT.ok
    }
    await printOutcomes(command, outcomes, json)
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok
  } finally {
    await removeHeadWorktree()
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
    // record's mode has said its headline (with where the run was stored).
    if (comparison) printComparison(comparison, false)
    writeOut(`results: ${outcome.resultsFile}\n`)
    if (report) writeOut(`report:  ${report}\n`)
  }
  if (json) writeJson(command === 'compare' ? comparisons : outcomes)
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

function throwAsFlagError(error: unknown): never {
  throw asFlagError(error)
}
