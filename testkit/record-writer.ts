// One `record` writer in its own process, for the concurrency test: records a synthetic run of
// benchmark `api` (index N) into the gh-pages branch of the workspace's origin, of a history
// repository (`repository:<url or path>`).
import { openHistoryGit, recordRun, toRunRecord } from '../src/store'
import { makeResults, wobble } from './results-factory'
import { shiftFinder } from '../src/modes/change-points'

const [workspace, indexText, fallbackDir, where = 'origin'] = process.argv.slice(2)
const index = Number(indexText)
const results = makeResults({
  rounds: 6,
  series: ['api GET /items/:id', 'api POST /orders'],
  base: () => ({ p50: 10 }),
  head: (r) => ({ p50: 10 * (1 + wobble(r + index, 0.05, 2)) }),
})
results.meta.runId = `run-${index}`
results.meta.startedAt = new Date(Date.UTC(2026, 10, 1, 12, index)).toISOString()
results.meta.head = {
  ...results.meta.head,
  sha: index.toString(16).padStart(40, 'c'),
  message: `change ${index}`,
}
const record = toRunRecord(results, null, 'main')
const url = where.startsWith('repository:') ? where.slice('repository:'.length) : ''
const place = url ? openHistoryGit(workspace!, { kind: 'url', url }, '') : {}
const outcome = await recordRun({
  workspace: workspace!,
  ...place,
  branch: 'gh-pages',
  dataDir: 'loadgate',
  record,
  fallbackDir: fallbackDir!,
  findShifts: shiftFinder(),
})
process.stdout.write(JSON.stringify(outcome))
