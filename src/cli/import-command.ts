import path from 'node:path'
import { BENCHMARK_NAME } from '../model/names'
import type { RunRecord } from '../model/run-record'
import { shiftFinder } from '../modes/change-points'
import { readStoreSettings } from '../settings/read-settings'
import { checkPushAccess, printable } from '../store'
import { parseBenchmarkData } from '../store/import/benchmark-data'
import { importedRecord, type ImportedRun, type ParsedImport } from '../store/import/imported-run'
import { parseK6Summary } from '../store/import/k6-summary'
import { readImportFile, type ImportFile } from '../store/import/read-file'
import { importRuns } from '../store/import/write-imported'
import { LoadgateError, SettingsError } from '../util/errors'
import { Git } from '../util/git'
import { parseCommandArgs, withFlagErrors } from './args'
import { chooseConfig } from './config-file'
import { EXIT, printHelp, writeErr, writeOut } from './output'

type Values = Record<string, string | boolean | undefined>

function stringFlag(values: Values, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

/** The commit and time a k6 summary (which says neither) was measured at: --commit, and --date or the commit's time. */
async function summaryCommit(
  workspace: string,
  values: Values,
): Promise<{ commit: ImportedRun['commit']; startedAt: string }> {
  const ref = stringFlag(values, 'commit')
  if (!ref)
    throw new SettingsError(
      "Flag '--commit' is missing: a k6 summary does not say which commit it measured; expected --commit <ref>",
    )
  const git = new Git(workspace)
  const sha = await git.revParse(ref).catch(() => '')
  if (!sha)
    throw new SettingsError(
      `Flag '--commit' is '${printable(ref, 100)}': expected a commit of this repository`,
    )
  const info = await git.commitInfo(sha)
  const date = stringFlag(values, 'date') ?? info.timestamp
  const time = Date.parse(date)
  const year = new Date(time).getUTCFullYear()
  if (Number.isNaN(time) || year < 1970 || year > 9999)
    throw new SettingsError(
      `Flag '--date' is '${printable(date, 64)}': expected a time such as 2025-01-31T12:00:00Z`,
    )
  return {
    commit: { ...info, author: info.author.slice(0, 300), message: info.message.slice(0, 20_000) },
    startedAt: new Date(time).toISOString(),
  }
}

async function parseFile(workspace: string, read: ImportFile, values: Values): Promise<ParsedImport> {
  if (read.format === 'k6-summary') {
    const { commit, startedAt } = await summaryCommit(workspace, values)
    return parseK6Summary(read.file, read.json, commit, startedAt)
  }
  for (const flag of ['commit', 'date'])
    if (stringFlag(values, flag))
      throw new SettingsError(
        `Flag '--${flag}' is for a k6 summary: data.js names each run's commit and time`,
      )
  return parseBenchmarkData(read.file, read.json, stringFlag(values, 'suite'))
}

/** The branch imported runs are drawn under: --branch, else origin's default branch, else main. */
async function runsBranch(workspace: string, values: Values): Promise<string> {
  const given = stringFlag(values, 'branch')
  if (given !== undefined) {
    if (!/^[\w./-]{1,200}$/.test(given))
      throw new SettingsError(`Flag '--branch' is '${printable(given, 100)}': expected a branch name`)
    return given
  }
  const head = await new Git(workspace).tryRun([
    'symbolic-ref',
    '--quiet',
    '--short',
    'refs/remotes/origin/HEAD',
  ])
  return head?.replace(/^origin\//, '') || 'main'
}

const OPTIONS = {
  benchmark: { type: 'string' },
  suite: { type: 'string' },
  commit: { type: 'string' },
  date: { type: 'string' },
  branch: { type: 'string' },
  'gh-pages-branch': { type: 'string' },
  'data-dir': { type: 'string' },
  retention: { type: 'string' },
  config: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** `loadgate import FILE --benchmark NAME`: another tool's history into the gh-pages branch, as imported runs. */
export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('import', {
    args,
    allowPositionals: true,
    options: OPTIONS,
  })
  if (values.help) return printHelp('import')
  if (positionals.length !== 1)
    throw new SettingsError(
      `Expected one file to import, got ${positionals.length}: a k6 summary (JSON) or github-action-benchmark's data.js`,
    )
  const benchmark = values.benchmark ?? ''
  if (!BENCHMARK_NAME.test(benchmark))
    throw new SettingsError(
      `Flag '--benchmark' is '${printable(benchmark, 100)}': expected the benchmark's name (letters, digits, '.', '_' or '-', at most 64)`,
    )
  const cwd = process.cwd()
  const workspace = (await new Git(cwd).tryRun(['rev-parse', '--show-toplevel'])) ?? ''
  if (!workspace) throw new SettingsError(`'${cwd}' is not inside a git repository: run it in a checkout`)
  const config = chooseConfig(values.config, workspace, cwd)
  const flag = (name: string): string =>
    name === 'config' ? config.file : (stringFlag(values as Values, name) ?? '')
  const settings = withFlagErrors(() => readStoreSettings(flag, { workspace, cwd }))
  const read = await readImportFile(path.resolve(cwd, positionals[0]!))
  const parsed = await parseFile(workspace, { ...read, file: positionals[0]! }, values as Values)
  const branch = await runsBranch(workspace, values as Values)
  const importedAt = new Date().toISOString()
  const records: RunRecord[] = parsed.runs.map((run) =>
    importedRecord(run, { from: parsed.from, file: read.name, importedAt }, benchmark, branch),
  )
  if (parsed.skipped.length > 0)
    writeErr(
      `loadgate: skipped (no loadgate counterpart): ${parsed.skipped.map((s) => printable(s, 120)).join(', ')}`,
    )
  await checkPushAccess({ workspace, branch: settings.ghPagesBranch })
  const outcome = await importRuns({
    workspace,
    branch: settings.ghPagesBranch,
    dataDir: settings.dataDir,
    retention: settings.retention,
    records,
    findShifts: shiftFinder(),
    onWarning: (message) => writeErr(`warning: ${message}`),
  })
  if (!outcome.pushed)
    throw new LoadgateError(
      `Could not import into '${settings.ghPagesBranch}' after ${outcome.attempts} attempt(s) (${outcome.error}); ` +
        'nothing was imported: the file is unchanged, run the import again',
    )
  const already =
    outcome.alreadyStored > 0 ? ` (${outcome.alreadyStored} imported before, left as they are)` : ''
  writeOut(
    `imported ${outcome.written.length} run(s) of ${benchmark} from ${parsed.from} into ` +
      `${settings.ghPagesBranch}${already}; they are drawn on the dashboard and never used as a baseline\n`,
  )
  return EXIT.ok
}
