import path from 'node:path'
import { compareResults } from '../decide'
import { readSegments, segmentBenchmarks } from '../measure/merge/segments'
import { writeComparisonArtifact } from '../model/comparison-file'
import { builtInDefault } from '../settings/input-lookup'
import { parseFailOn } from '../settings/values'
import { LoadgateError, SettingsError } from '../util/errors'
import { EXIT, printComparison, printHelp, writeJson, writeOut } from './output'
import { writeMergedResults } from '../modes/merge'
import { writeHtmlReport } from '../modes/report-html'
import { parseCommandArgs } from './args'

const SOURCE = 'Argument DIR'

/** `loadgate merge DIR...`: the segment jobs' outputs merged per benchmark, decided and printed. */
export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('merge', {
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'loadgate-merged' },
      'fail-on': { type: 'string', default: builtInDefault('fail-on') },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return printHelp('merge')
  if (positionals.length === 0)
    throw new SettingsError(
      "Argument DIR is missing: expected 'loadgate merge DIR...' with the segment jobs' work-dirs",
    )
  const failOn = parseFailOn('fail-on', String(values['fail-on']))
  const dirs = positionals.map((dir) => path.resolve(dir))
  const benchmarks = await segmentBenchmarks(dirs, SOURCE)
  if (benchmarks.length === 0)
    throw new LoadgateError(
      `${positionals.join(', ')} holds no segment results: expected the work-dirs of 'segment: i/N' jobs`,
    )
  const comparisons = []
  for (const benchmark of benchmarks) {
    const dir = path.resolve(String(values.out), benchmark)
    const { results, resultsPath: resultsFile } = await writeMergedResults(
      await readSegments(dirs, benchmark, SOURCE),
      dir,
    )
    const comparison = { ...compareResults(results, { failOn }), resultsFile }
    await writeComparisonArtifact(comparison, path.join(dir, 'comparison.json'))
    const report = await writeHtmlReport(comparison, dir)
    comparisons.push(comparison)
    if (values.json) continue
    printComparison(comparison, false)
    writeOut(`results: ${resultsFile}\nreport:  ${report}\n`)
  }
  if (values.json) writeJson(comparisons)
  return comparisons.some((c) => c.blocking) ? EXIT.blocked : EXIT.ok
}
