import path from 'node:path'
import { compareResults, compareWithStored, needsExtension } from '../decide'
import { measure } from '../measure/measure'
import { resolveBaseCommit } from '../measure/base-commit'
import { writeComparisonArtifact } from '../model/comparison-file'
import type { Comparison, RunRecord } from '../model/types'
import { renderSummary } from '../report/markdown'
import type { BenchmarkSettings } from '../settings/types'
import { readHistory } from '../store'
import { LoadgateError } from '../util/errors'
import { Git } from '../util/git'
import {
  comparisonOutcome,
  headCommit,
  measureOptions,
  publish,
  reportLinks,
  type BenchmarkOutcome,
  type ModeRun,
} from './run'

/** `mode: compare`: base and head measured here, interleaved (or head against stored runs), then reported. */
export async function compareMode(run: ModeRun, bench: BenchmarkSettings): Promise<BenchmarkOutcome> {
  const { context, reporter } = run
  const { resultsPath, comparison } = await measureAndDecide(run, bench)
  comparison.resultsFile = resultsPath
  const comparisonPath = path.join(path.dirname(resultsPath), 'comparison.json')
  await writeComparisonArtifact(comparison, comparisonPath)
  const links = reportLinks(run, bench.name, comparison)
  reporter.summary(renderSummary(comparison, links))
  reporter.info(`${bench.name}: ${comparison.headline}`)

  let commentUrl = ''
  if (context.fromFork) {
    reporter.warning(
      `This pull request comes from a fork, so its token cannot comment or set statuses. ` +
        `Upload ${comparisonPath} as an artifact named 'loadgate-${bench.name}' and let a workflow_run ` +
        `workflow with 'mode: report' post the result (see workflows/fork-report.yml).`,
    )
  } else {
    commentUrl = await publish(run, comparison, links, context.pullRequest?.number ?? null)
  }
  return comparisonOutcome(comparison, resultsPath, commentUrl, links)
}

async function measureAndDecide(
  run: ModeRun,
  bench: BenchmarkSettings,
): Promise<{ resultsPath: string; comparison: Comparison }> {
  const { settings, context, reporter } = run
  const options = measureOptions(run, bench)
  const failOn = settings.failOn
  const headSha = await headCommit(run)
  if (settings.baseline === 'stored') {
    const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure head`, () =>
      measure({ ...options, arms: ['head'], headSha }),
    )
    const { baseline, history } = await storedBaseline(run, bench)
    return { resultsPath, comparison: compareWithStored(results, baseline, { failOn }, history) }
  }
  const baseSha = await resolveBaseCommit(new Git(settings.workspace), {
    baseRef: settings.baseRef,
    baseBranch: context.pullRequest?.baseRef || context.defaultBranch,
  })
  const { results, resultsPath } = await reporter.group(`loadgate ${bench.name}: measure base and head`, () =>
    measure({
      ...options,
      arms: ['base', 'head'],
      baseSha,
      headSha,
      shouldExtend: (partial) => needsExtension(partial, { failOn }),
    }),
  )
  return { resultsPath, comparison: compareResults(results, { failOn }) }
}

/** The stored run of the base branch to compare with: the PR's base commit, else the newest valid one. */
async function storedBaseline(
  run: ModeRun,
  bench: BenchmarkSettings,
): Promise<{ baseline: RunRecord; history: RunRecord[] }> {
  const { settings, context } = run
  const history = await readHistory({
    workspace: settings.workspace,
    branch: settings.ghPagesBranch,
    dataDir: settings.dataDir,
    benchmark: bench.name,
  })
  const baseBranch = context.pullRequest?.baseRef || context.defaultBranch
  const onBase = history.filter((r) => r.branch === baseBranch && r.verdict !== 'INVALID')
  const wanted = context.pullRequest?.baseSha
  const baseline = onBase.find((r) => r.meta.head.sha === wanted) ?? onBase.at(-1)
  if (!baseline) {
    throw new LoadgateError(
      `baseline: stored found no valid stored run of '${bench.name}' for branch '${baseBranch}' on ` +
        `'${settings.ghPagesBranch}': record one first (mode: record on ${baseBranch}) or use baseline: rerun`,
    )
  }
  return { baseline, history }
}
