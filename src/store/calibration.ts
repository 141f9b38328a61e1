import { readHistory, type BenchmarkHistory, type HistoryLocation } from './history'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { StoredNoise } from '../decide/calibration'
import type { Calibration, NoiseSession } from '../model/calibration'
import type { RunRecord } from '../model/types'
import { parseCalibration } from '../model/calibration-file'
import { Git } from '../util/git'
import { commitToHistory, removeCheckout, type HistoryCommit } from './history-commit'
import { readFileCalibration } from './history-file'
import { fetchBranch, remoteRef } from './remote'
import { printable } from './run-files'
import { refuseUnsafePaths } from './tree-guard'

const MAX_STORED_BYTES = 2 * 1024 * 1024

/** Where calibrations are stored: the history branch. */
export type CalibrationStore = HistoryLocation

/** Where a benchmark's latest calibration lives in the history branch. */
export function calibrationPath(dataDir: string, benchmark: string): string {
  return path.posix.join(dataDir, 'data', benchmark, 'calibration.json')
}

/** Replaces the benchmark's stored calibration with this one (the latest is the one that counts). */
export async function storeCalibration(
  store: CalibrationStore & { committer?: { name: string; email: string } | null },
  calibration: Calibration,
): Promise<HistoryCommit & { path: string }> {
  const relative = calibrationPath(store.dataDir, calibration.benchmark)
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pages-'))
  const tree = path.join(scratch, 'tree')
  const content = `${JSON.stringify(calibration, null, 1)}\n`
  const message = `loadgate: calibration of ${calibration.benchmark} at ${calibration.commit.slice(0, 7)}`
  try {
    const outcome = await commitToHistory(
      { ...store, remote: store.remote ?? 'origin', tree },
      message,
      async (checkout) => {
        await refuseUnsafePaths(checkout, [relative, '.nojekyll'], { branch: store.branch })
        const file = path.join(checkout, ...relative.split('/'))
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(file, content)
        await writeFile(path.join(checkout, '.nojekyll'), '')
      },
      [{ path: relative, content }],
    )
    return { ...outcome, path: relative }
  } finally {
    await removeCheckout(new Git(store.workspace), tree)
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * The benchmark's stored calibration, validated (the history branch is writable by any workflow:
 * untrusted); null when there is none. A file that is not a valid calibration is reported and ignored.
 */
export async function readStoredCalibration(store: BenchmarkHistory): Promise<Calibration | null> {
  if (store.file) return readFileCalibration(store.file, store.benchmark, store.onWarning)
  const remote = store.remote ?? 'origin'
  const git = new Git(store.workspace, store.gitEnv)
  if (!(await fetchBranch(git, remote, store.branch))) return null
  const file = calibrationPath(store.dataDir, store.benchmark)
  const entry = await git.tryRun(['ls-tree', '-z', remoteRef(remote, store.branch), '--', file])
  // A regular file only: a symbolic link or submodule entry is not a calibration.
  const match = entry ? /^100644 blob ([0-9a-f]+)\t/.exec(entry) : null
  if (!match) return null
  const ignored = (reason: string) => {
    store.onWarning?.(
      `Ignored the stored calibration '${printable(file, 300)}' on '${store.branch}': ${reason}`,
    )
    return null
  }
  const size = Number(await git.run(['cat-file', '-s', match[1]!]))
  if (size > MAX_STORED_BYTES) return ignored(`${size} bytes is over the ${MAX_STORED_BYTES}-byte limit`)
  const parsed = parseCalibration(await git.run(['cat-file', 'blob', match[1]!]))
  if ('reason' in parsed) return ignored(printable(parsed.reason, 300))
  if (parsed.calibration.benchmark !== store.benchmark)
    return ignored(`it calibrates '${parsed.calibration.benchmark}'`)
  return parsed.calibration
}

/** A stored calibration's sessions: those it keeps, or, written before it kept them, its rows as one. */
export function calibrationSessions(calibration: Calibration): NoiseSession[] {
  if (calibration.sessions) return calibration.sessions
  return [
    {
      measuredAt: calibration.measuredAt,
      commit: calibration.commit,
      sigmas: calibration.rows.map((row) => ({
        key: row.key,
        metric: row.metric,
        sigma: row.sigma,
        rounds: row.rounds,
        sigmaMethod: row.sigmaMethod,
      })),
    },
  ]
}

/** The runs' sessions: each stored paired run's σ of its gated metrics (runs stored before it was kept have none). */
export function runSessions(records: readonly RunRecord[]): NoiseSession[] {
  return records.flatMap((record) =>
    record.noise?.length
      ? [{ measuredAt: record.meta.startedAt, commit: record.meta.head.sha, sigmas: record.noise }]
      : [],
  )
}

/**
 * The noise history a calibration plans from: the stored calibration's sessions and the stored
 * runs'. Nothing stored, or no history branch to read, is an empty history.
 */
export async function readStoredNoise(store: BenchmarkHistory): Promise<StoredNoise> {
  const calibration = await readStoredCalibration(store)
  const runs = await readHistory(store)
  return { calibrations: calibration ? calibrationSessions(calibration) : [], runs: runSessions(runs) }
}
