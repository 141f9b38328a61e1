import { compareResults } from '../decide'
import { readArtifactText } from '../model/artifact-file'
import { comparisonSchema } from '../model/comparison'
import { resultsFileSchema } from '../model/results'
import type { Comparison } from '../model/types'
import { firstIssue } from '../model/validation'
import { builtInDefault } from '../settings/input-lookup'
import { parseFailOn } from '../settings/values'
import { errorMessage, SettingsError } from '../util/errors'
import { EXIT, printComparison, printHelp } from './output'
import { parseCommandArgs } from './args'

const EXPECTED = "expected a comparison.json or the results.json of a 'loadgate compare' run"

/**
 * The comparison `loadgate report FILE` prints: FILE itself when it is a comparison.json, computed
 * from FILE when it is a compare run's results.json. Every problem with FILE is a usage error that
 * names FILE only.
 */
export async function readReportInput(file: string): Promise<Comparison> {
  const document = await readJson(file)
  if (Array.isArray((document as { trials?: unknown } | null)?.trials)) {
    const results = resultsFileSchema.safeParse(document)
    if (!results.success)
      throw new SettingsError(
        `'${file}' is not a valid results file (${firstIssue(results.error)}): ${EXPECTED}`,
      )
    if (results.data.meta.base === null)
      throw new SettingsError(
        `'${file}' holds only the head's trials (a record run or a stored-baseline compare), so there is nothing to compare: ${EXPECTED}`,
      )
    return compareResults(results.data, { failOn: parseFailOn('fail-on', builtInDefault('fail-on')) })
  }
  const comparison = comparisonSchema.safeParse(document)
  if (!comparison.success)
    throw new SettingsError(
      `'${file}' is not a valid comparison (${firstIssue(comparison.error)}): ${EXPECTED}`,
    )
  return comparison.data
}

async function readJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readArtifactText(file)
  } catch (error) {
    const reason = errorMessage(error)
      .split('\n')[0]!
      .replace(`${file} cannot be read: `, '')
      .replace(`${file} `, '')
    throw new SettingsError(`'${file}' cannot be read (${reason}): ${EXPECTED}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SettingsError(`'${file}' is not JSON (${errorMessage(error).split('\n')[0]}): ${EXPECTED}`)
  }
}

/** `loadgate report FILE [--json]`: prints a comparison; the exit code follows its verdict. */
export async function reportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('report', {
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return printHelp('report')
  const file = positionals[0]
  if (!file)
    throw new SettingsError(
      "Argument FILE is missing: expected 'loadgate report FILE' with a comparison.json",
    )
  const comparison = await readReportInput(file)
  printComparison(comparison, Boolean(values.json))
  return comparison.blocking ? EXIT.blocked : EXIT.ok
}
