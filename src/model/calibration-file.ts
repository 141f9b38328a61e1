import { readFile, stat } from 'node:fs/promises'
import { errorMessage, LoadgateError } from '../util/errors'
import { calibrationSchema, type Calibration } from './calibration'
import { writeJsonAtomic } from './results-file'
import { firstIssue } from './validation'

const MAX_CALIBRATION_BYTES = 2 * 1024 * 1024

export function writeCalibration(file: string, calibration: Calibration): Promise<void> {
  return writeJsonAtomic(file, calibration)
}

/** A calibration as stored text (a gh-pages file, an uploaded artifact): untrusted, so bounded and validated. */
export function parseCalibration(text: string): { calibration: Calibration } | { reason: string } {
  if (text.length > MAX_CALIBRATION_BYTES) return { reason: `over the ${MAX_CALIBRATION_BYTES}-byte limit` }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { reason: `not JSON (${errorMessage(error).split('\n')[0]})` }
  }
  const parsed = calibrationSchema.safeParse(raw)
  return parsed.success ? { calibration: parsed.data } : { reason: firstIssue(parsed.error) }
}

/** Reads the calibration.json a calibrate run wrote; `input` names where the path came from. */
export async function readCalibration(file: string, input: string): Promise<Calibration> {
  let text: string
  try {
    if ((await stat(file)).size > MAX_CALIBRATION_BYTES) throw new Error('the file is too large')
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new LoadgateError(
      `${input} is '${file}': expected a readable calibration.json (${errorMessage(error)})`,
    )
  }
  const parsed = parseCalibration(text)
  if ('reason' in parsed)
    throw new LoadgateError(`${input} is '${file}': not a valid loadgate calibration (${parsed.reason})`)
  return parsed.calibration
}
