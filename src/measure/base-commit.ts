import { LoadgateError } from '../util/errors'
import type { Git } from '../util/git'

const DEEPEN_STEPS = [50, 200, 1000]

async function hasCommit(git: Git, sha: string): Promise<boolean> {
  return (await git.tryRun(['cat-file', '-e', `${sha}^{commit}`])) !== null
}

async function fetchCommit(git: Git, ref: string): Promise<string | null> {
  // A quiet fetch prints nothing: success is "not null", not "truthy".
  if ((await git.tryRun(['fetch', '--no-tags', '--quiet', '--depth=1', 'origin', ref])) !== null) {
    return git.tryRun(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])
  }
  return null
}

/** Parents as recorded in the commit object (known even where a shallow clone hides them). */
export async function parentsOf(git: Git, ref: string): Promise<string[]> {
  const raw = (await git.tryRun(['cat-file', '-p', ref])) ?? ''
  return raw
    .split('\n')
    .filter((line) => line.startsWith('parent '))
    .map((line) => line.slice('parent '.length))
}

/**
 * The commit the head is compared with, fetching exactly what is needed in a shallow clone:
 * an explicit `base-ref`; else, for GitHub's test merge of a pull request (the actions/checkout
 * default: a merge commit whose second parent is `pullHead`, the PR head the run knows), its first
 * parent, the base branch the PR would land on; else the merge-base of the head with
 * `origin/<baseBranch>`, deepening the history step by step until it is found. Any other merge
 * commit is no test merge: its first parent is the contributor's own previous commit (a "merge
 * main into feature"), so comparing with it would hide everything the branch changed before.
 */
export async function resolveBaseCommit(
  git: Git,
  options: {
    baseRef: string
    baseBranch?: string
    /** The commit measured as head; default HEAD, the checkout whose tree is measured. */
    headSha?: string
    /** The pull request's head commit, from the event or the API; '' when no pull request is known. */
    pullHead?: string
  },
): Promise<string> {
  const head = options.headSha || 'HEAD'
  if (options.baseRef) {
    const sha =
      (await git.tryRun(['rev-parse', '--verify', '--quiet', `${options.baseRef}^{commit}`])) ||
      (await fetchCommit(git, options.baseRef))
    if (!sha)
      throw new LoadgateError(`Input 'base-ref' is '${options.baseRef}': no such commit here or on origin`)
    return sha
  }
  const parents = await parentsOf(git, head)
  if (parents.length === 2 && options.pullHead && parents[1] === options.pullHead) {
    const base = parents[0]!
    if ((await hasCommit(git, base)) || (await fetchCommit(git, base))) return base
    throw new LoadgateError(
      `Base commit ${base.slice(0, 12)} (first parent of the pull request's test merge) is not fetchable from origin`,
    )
  }
  const branch = options.baseBranch
  if (!branch)
    throw new LoadgateError(
      'No base branch is known for this run: set base-ref to the commit to compare with',
    )
  return mergeBaseWithBranch(git, head, branch)
}

/** The merge-base of `head` with `origin/<branch>`, deepening a shallow history step by step until it is found. */
async function mergeBaseWithBranch(git: Git, head: string, branch: string): Promise<string> {
  const remoteRef = `refs/remotes/origin/${branch}`
  const shallow = (await git.tryRun(['rev-parse', '--is-shallow-repository'])) === 'true'
  const fetched = await git.tryRun([
    'fetch',
    '--no-tags',
    '--quiet',
    ...(shallow ? [`--depth=${DEEPEN_STEPS[0]}`] : []),
    'origin',
    `+refs/heads/${branch}:${remoteRef}`,
  ])
  if (fetched === null && !(await git.tryRun(['rev-parse', '--verify', '--quiet', remoteRef]))) {
    throw new LoadgateError(
      `Base branch '${branch}' cannot be fetched from origin: set base-ref or check the checkout`,
    )
  }
  const refspec = `+refs/heads/${branch}:${remoteRef}`
  for (const deepen of [null, ...DEEPEN_STEPS.map((n) => `--deepen=${n}`), '--unshallow']) {
    if (deepen) {
      if (!shallow) break
      await git.tryRun(['fetch', '--no-tags', '--quiet', deepen, 'origin', refspec])
    }
    const base = await git.tryRun(['merge-base', head, remoteRef])
    if (base) return base
  }
  throw new LoadgateError(
    `${head === 'HEAD' ? 'HEAD' : head.slice(0, 12)} has no common history with origin/${branch}: ` +
      'set base-ref to the commit to compare with',
  )
}
