import { decisionSettings } from '../settings/decision-settings'
import path from 'node:path'
import { RESULTS_SCHEMA_VERSION, type CommitInfo, type ResultsFile } from '../model/types'
import type { Git } from '../util/git'
import type { MeasureOptions } from './options'
import { describeRunner, sha256File } from './runner-info'

async function commitInfo(git: Git, ref: string, label: string): Promise<CommitInfo> {
  const info = await git.commitInfo(ref)
  return { ...info, ref: label }
}

/** The results file before any trial: what is measured, where, with which settings. */
export async function initialResults(options: MeasureOptions, git: Git): Promise<ResultsFile> {
  const { settings, bench } = options
  const headRef =
    options.headSha && (await git.tryRun(['cat-file', '-e', `${options.headSha}^{commit}`])) !== null
  const head = await commitInfo(git, headRef ? options.headSha! : 'HEAD', 'head')
  if (options.headSha) head.sha = options.headSha
  if (settings.headLabel)
    Object.assign(head, {
      ref: settings.headLabel,
      message: `${settings.headLabel} on top of: ${head.message}`,
    })
  const base = options.baseSha ? await commitInfo(git, options.baseSha, 'base') : null
  const [described, k6Script, composeFile] = await Promise.all([
    describeRunner('unknown'),
    sha256File(path.join(settings.workspace, bench.k6Script)).catch(() => ''),
    sha256File(path.join(settings.workspace, bench.composeFile)).catch(() => ''),
  ])
  const now = new Date().toISOString()
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    benchmark: bench.name,
    // merge decides as compare does; accept measures nothing and never gets here.
    mode:
      settings.mode === 'merge' ||
      settings.mode === 'accept' ||
      settings.mode === 'announce' ||
      settings.mode === 'skip'
        ? 'compare'
        : settings.mode,
    baseline: settings.baseline,
    meta: {
      ...options.meta,
      base,
      head,
      startedAt: now,
      finishedAt: now,
      ...described,
      hashes: { k6Script, composeFile },
      seed: settings.seed,
      ...(settings.segment ? { segment: settings.segment } : {}),
      ...(settings.ignoredHeadSettings.length ? { ignoredSettings: settings.ignoredHeadSettings } : {}),
    },
    settings: {
      ...decisionSettings(settings, bench),
      warmupSeconds: settings.warmupSeconds,
      ...(settings.warmupUntilSteady ? { warmupUntilSteady: true } : {}),
      discardSeconds: settings.discardSeconds,
      armsUnderLoad: settings.armsUnderLoad,
      trialLength: settings.trialLength,
    },
    schedule: [],
    trials: [],
  }
}
