import type { BenchmarkSettings } from '../settings/types'
import { LoadgateError } from '../util/errors'
import type { Git } from '../util/git'

/** Where loadgate's own configuration lives when a repository has it at its root. */
const CONFIG_FILES = ['loadgate.yml', 'loadgate.yaml', '.github/loadgate.yml', '.github/loadgate.yaml']

/**
 * What in the base commit shows it already had loadgate: a loadgate.yml, the benchmark's k6 script,
 * a workflow that names loadgate. None of these on the pull request that adopts it.
 */
export async function loadgateOnBase(
  git: Git,
  baseSha: string,
  bench: Pick<BenchmarkSettings, 'k6Script'>,
): Promise<string[]> {
  const found: string[] = []
  for (const file of [...CONFIG_FILES, bench.k6Script.replace(/^\.\//, '')]) {
    if ((await git.tryRun(['cat-file', '-e', `${baseSha}:${file}`])) !== null) found.push(file)
  }
  const workflows = await git.tryRun([
    'grep',
    '-l',
    '-i',
    '-F',
    'loadgate',
    baseSha,
    '--',
    '.github/workflows',
  ])
  for (const line of (workflows ?? '').split('\n').filter(Boolean)) found.push(line.slice(baseSha.length + 1))
  return [...new Set(found)]
}

/**
 * Whether a base that cannot start may be passed over as NO_BASE: only where the base branch has
 * no loadgate at all (the adopting pull request). Where it has, its harness exists and fails, so
 * the run must not pass: the error to end the benchmark with, or null to measure the head alone.
 */
export async function refuseHeadAlone(
  git: Git,
  baseSha: string,
  bench: Pick<BenchmarkSettings, 'name' | 'k6Script'>,
  reason: string,
): Promise<LoadgateError | null> {
  const found = await loadgateOnBase(git, baseSha, bench)
  if (found.length === 0) return null
  const shown = found.slice(0, 3).join(', ') + (found.length > 3 ? ` and ${found.length - 3} more` : '')
  return new LoadgateError(
    `the base commit has loadgate already (${shown}) but could not be measured: ${reason}; ` +
      'a base that cannot start is no pull request adopting loadgate, so nothing passes',
  )
}
