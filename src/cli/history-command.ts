import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { historyShifts, type Shift } from '../decide/change-points'
import { BENCHMARK_NAME } from '../model/names'
import { renderShiftTable } from '../report/change-points'
import { builtInDefault } from '../settings/input-lookup'
import { defaultShiftRules } from '../settings/change-points'
import { integer, parseFraction, probability } from '../settings/values'
import { readRunFiles } from '../store/run-files'
import { SettingsError } from '../util/errors'
import { parseCommandArgs, withFlagErrors } from './args'
import { EXIT, printHelp, writeErr, writeJson, writeOut } from './output'

const DETECTOR_FLAGS = ['change-point-max-p', 'change-point-min-change', 'change-point-min-runs'] as const

/** `loadgate history DIR`: the change points of every benchmark in a gh-pages checkout. */
export async function historyCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('history', {
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string', default: builtInDefault('data-dir') },
      branch: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...Object.fromEntries(DETECTOR_FLAGS.map((name) => [name, { type: 'string' as const }])),
    },
  })
  if (values.help) return printHelp('history')
  const dir = positionals[0]
  if (!dir) throw new SettingsError('Argument DIR is missing: expected a checkout of the gh-pages branch')
  const flag = (name: (typeof DETECTOR_FLAGS)[number]) =>
    String((values as Record<string, unknown>)[name] ?? builtInDefault(name))
  const detector = withFlagErrors(() => ({
    maxP: probability('change-point-max-p', flag('change-point-max-p')),
    minChange: parseFraction('change-point-min-change', flag('change-point-min-change')),
    minRuns: integer('change-point-min-runs', flag('change-point-min-runs'), 1, 1000),
  }))
  const dataDir = path.join(path.resolve(dir), String(values['data-dir']), 'data')
  if (!existsSync(dataDir))
    throw new SettingsError(
      `'${dir}' has no loadgate history (${path.join(dir, String(values['data-dir']), 'data')} is missing): ` +
        'expected a checkout of the gh-pages branch (e.g. git worktree add /tmp/pages gh-pages)',
    )
  const warn = (message: string) => writeErr(`warning: ${message}`)
  const shifts: Shift[] = []
  for (const entry of (await readdir(dataDir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isDirectory() || !BENCHMARK_NAME.test(entry.name)) continue
    const records = await readRunFiles(path.join(dataDir, entry.name, 'runs'), path.dirname(dataDir), warn)
    const found = historyShifts(records, {
      ...(values.branch ? { branch: String(values.branch) } : {}),
      fallback: defaultShiftRules(),
      detector,
    })
    shifts.push(...found.shifts)
  }
  if (values.json) writeJson(shifts)
  else writeOut(renderShiftTable(shifts, detector.minRuns))
  return EXIT.ok
}
