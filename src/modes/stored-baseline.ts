import { resolveBaseCommit } from '../measure/base-commit'
import type { RunRecord } from '../model/types'
import type { BenchmarkSettings } from '../settings/types'
import { chooseStoredBaseline, describeStoredBaseline } from '../store/baseline'
import { readHistory } from '../store'
import { SettingsError } from '../util/errors'
import { Git } from '../util/git'
import { historyOf, type ModeRun } from './mode-context'

/**
 * The stored run a `baseline: stored` comparison uses: the requested base commit's own run
 * (`--base` / `base-ref`), else the pull request's base, else the base branch's newest. The run
 * chosen is always named in the log. The history read (valid run files, oldest first) comes with it.
 */
export async function storedBaseline(
  run: ModeRun,
  bench: BenchmarkSettings,
): Promise<{ baseline: RunRecord; history: RunRecord[] }> {
  const { settings, context, reporter } = run
  const history = await readHistory(historyOf(run, bench.name))
  const baseline = chooseStoredBaseline(history, {
    benchmark: bench.name,
    historyBranch: settings.ghPagesBranch,
    requestedSha: settings.baseRef
      ? await requestedCommit(settings.workspace, settings.baseRef, history)
      : '',
    requestedAs: settings.baseRef,
    pullBaseSha: context.pullRequest?.baseSha,
    baseBranch: context.pullRequest?.baseRef || context.defaultBranch,
  })
  reporter.info(`${bench.name}: ${describeStoredBaseline(baseline)}`)
  return { baseline, history }
}

/** The full sha `ref` names: a commit of the repository (fetched from origin if need be), or an abbreviated sha of a stored run. */
async function requestedCommit(workspace: string, ref: string, history: RunRecord[]): Promise<string> {
  const resolved = await resolveBaseCommit(new Git(workspace), { baseRef: ref }).catch(() => '')
  if (resolved) return resolved
  const lower = ref.toLowerCase()
  const stored = /^[0-9a-f]{7,40}$/.test(lower)
    ? new Set(history.map((r) => r.meta.head.sha).filter((sha) => sha.startsWith(lower)))
    : new Set<string>()
  if (stored.size === 1) return [...stored][0]!
  throw new SettingsError(`Input 'base-ref' is '${ref}': expected a commit or ref of this repository`)
}
