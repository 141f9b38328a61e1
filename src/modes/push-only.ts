import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { findInvalidReasons } from '../decide'
import type { Forge } from '../forge'
import { resultsFileSchema } from '../model/results'
import type { RunRecord } from '../model/types'
import type { Reporter } from '../report/reporter'
import { checkPushAccess, parseRunFile, toRunRecord, type RecordOutcome } from '../store'
import { LoadgateError } from '../util/errors'
import { storeRun, type StoreSettings } from './record'
import { defaultShiftRules, shiftRulesOf } from '../settings/shift-rules'

/**
 * `loadgate record --push-only FILE`: records a run that was measured but could not be pushed,
 * without measuring again. FILE is the run file the failed record saved, or a record run's results.json.
 */
export async function pushSavedRun(options: {
  file: string
  settings: StoreSettings
  reporter: Reporter
  forge?: Forge | null
  /** Branch a results.json is recorded for (a saved run file names its own). */
  branch: string
}): Promise<RecordOutcome> {
  const record = await readSavedRun(options.file, options.branch)
  await checkPushAccess({ workspace: options.settings.workspace, branch: options.settings.ghPagesBranch })
  const stored = await storeRun(
    { settings: options.settings, reporter: options.reporter, forge: options.forge ?? null },
    record,
    path.dirname(options.file),
  )
  options.reporter.info(
    `${record.benchmark}: recorded the run of ${record.meta.head.sha.slice(0, 7)}; stored ${stored.path}`,
  )
  return stored
}

export async function readSavedRun(file: string, branch: string): Promise<RunRecord> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw new LoadgateError(`'${file}' cannot be read: expected the run file a failed record saved`)
  }
  const parsed = parseRunFile(text)
  if ('record' in parsed) return parsed.record
  const results = resultsFileSchema.safeParse(jsonOrNull(text))
  if (results.success && results.data.mode === 'record') {
    if (!branch)
      throw new LoadgateError(
        `'${file}' is a results file: check out the branch it was measured for and run again`,
      )
    const { thresholds, erratic = [] } = results.data.settings
    const record = toRunRecord(
      results.data,
      null,
      branch,
      shiftRulesOf({ thresholds, erratic }, defaultShiftRules().detector),
    )
    record.verdict = findInvalidReasons(results.data).length > 0 ? 'INVALID' : null
    return record
  }
  throw new LoadgateError(
    `'${file}' is not a saved run: expected the run file a failed record saved, or the results.json ` +
      `of a record run (as a run file: ${parsed.reason})`,
  )
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
