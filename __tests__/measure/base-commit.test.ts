import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { resolveBaseCommit } from '../../src/measure/base-commit'
import { Git } from '../../src/util/git'
import { git } from '../../testkit/git-repos'

// origin: main c1‥c5; feature forks at c3 (f1, f2); refs/pull/1/merge = c5 + f2, as GitHub makes it.
// refs/heads/contrib: f2, then the contributor's "Merge main into feature" (parents f2, c5).
let root: string
let origin: string
const sha: Record<string, string> = {}

function commit(dir: string, name: string): void {
  git(dir, 'commit', '-q', '--allow-empty', '-m', name)
  sha[name] = git(dir, 'rev-parse', 'HEAD')
}

/** A checkout as actions/checkout makes it: `git fetch --depth=1` of one ref, detached. */
function shallowCheckout(name: string, ref: string): string {
  const dir = path.join(root, name)
  git(root, 'init', '-q', dir)
  git(dir, 'remote', 'add', 'origin', origin)
  git(dir, 'fetch', '-q', '--no-tags', '--depth=1', origin, ref)
  git(dir, 'checkout', '-q', '--detach', 'FETCH_HEAD')
  return dir
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-base-commit-'))
  origin = path.join(root, 'origin.git')
  const seed = path.join(root, 'seed')
  git(root, 'init', '-q', '--bare', '-b', 'main', origin)
  git(root, 'init', '-q', '-b', 'main', seed)
  for (const c of ['c1', 'c2', 'c3']) commit(seed, c)
  git(seed, 'checkout', '-q', '-b', 'feature')
  for (const c of ['f1', 'f2']) commit(seed, c)
  git(seed, 'checkout', '-q', 'main')
  for (const c of ['c4', 'c5']) commit(seed, c)
  git(seed, 'checkout', '-q', '--detach')
  git(seed, 'merge', '-q', '--no-ff', '-m', 'Merge feature into main', 'feature')
  sha.merge = git(seed, 'rev-parse', 'HEAD')
  git(seed, 'checkout', '-q', '-b', 'contrib', 'feature')
  git(seed, 'merge', '-q', '--no-ff', '-m', 'Merge main into feature', 'main')
  sha.contrib = git(seed, 'rev-parse', 'HEAD')
  git(seed, 'push', '-q', origin, 'main', 'feature', 'contrib', `${sha.merge}:refs/pull/1/merge`)
})
after(() => rm(root, { recursive: true, force: true }))

describe('base commit in a shallow checkout', () => {
  test('pull request merge commit: its first parent, fetched at depth 1', async () => {
    const dir = shallowCheckout('merge', 'refs/pull/1/merge')
    assert.equal(git(dir, 'rev-parse', '--is-shallow-repository'), 'true')
    const base = await resolveBaseCommit(new Git(dir), { baseRef: '', baseBranch: 'main', pullHead: sha.f2 })
    assert.equal(base, sha.c5)
    // The tree is there: a worktree of it can be made.
    git(dir, 'worktree', 'add', '--detach', '-q', path.join(root, 'merge-base-tree'), base)
    git(dir, 'worktree', 'remove', '--force', path.join(root, 'merge-base-tree'))
  })

  test("a merge commit whose second parent is not the PR's head is no test merge: the merge-base", async () => {
    const dir = shallowCheckout('merge-unknown', 'refs/pull/1/merge')
    for (const pullHead of [undefined, '', sha.f1]) {
      const base = await resolveBaseCommit(new Git(dir), { baseRef: '', baseBranch: 'main', pullHead })
      assert.equal(base, sha.c5, `pullHead ${pullHead}`)
    }
  })

  test("a contributor's merge of main into the feature: the merge-base with main, not the feature's last commit", async () => {
    const dir = shallowCheckout('contrib', 'refs/heads/contrib')
    assert.deepEqual(git(dir, 'cat-file', '-p', 'HEAD').match(/^parent \w+$/gm), [
      `parent ${sha.f2}`,
      `parent ${sha.c5}`,
    ])
    // The PR's head is the merge itself (a trusted run, or a checkout of the head), or unknown (a local run).
    for (const pullHead of [sha.contrib, '']) {
      const base = await resolveBaseCommit(new Git(dir), { baseRef: '', baseBranch: 'main', pullHead })
      assert.equal(base, sha.c5, 'main as merged, so the diff is everything the feature changed')
      assert.notEqual(base, sha.f2)
    }
  })

  test('branch checkout: the merge-base with origin/<base branch>, found by deepening', async () => {
    const dir = shallowCheckout('branch', 'refs/heads/feature')
    const base = await resolveBaseCommit(new Git(dir), { baseRef: '', baseBranch: 'main' })
    assert.equal(base, sha.c3)
  })

  test('an explicit base-ref that the clone does not hold is fetched', async () => {
    const dir = shallowCheckout('explicit', 'refs/heads/feature')
    assert.throws(() => git(dir, 'cat-file', '-e', `${sha.c2}^{commit}`), 'c2 is not in the clone yet')
    assert.equal(await resolveBaseCommit(new Git(dir), { baseRef: sha.c2!, baseBranch: 'main' }), sha.c2)
    assert.equal(await resolveBaseCommit(new Git(dir), { baseRef: 'main', baseBranch: 'main' }), sha.c5)
  })

  test('a base commit that cannot be fetched: one line naming the input', async () => {
    const dir = shallowCheckout('missing', 'refs/heads/feature')
    const missing = 'f'.repeat(40)
    await assert.rejects(resolveBaseCommit(new Git(dir), { baseRef: missing, baseBranch: 'main' }), {
      name: 'LoadgateError',
      message: `Input 'base-ref' is '${missing}': no such commit here or on origin`,
    })
    await assert.rejects(
      resolveBaseCommit(new Git(dir), { baseRef: '', baseBranch: 'release/9' }),
      /^LoadgateError: Base branch 'release\/9' cannot be fetched from origin/,
    )
    await assert.rejects(resolveBaseCommit(new Git(dir), { baseRef: '' }), /set base-ref/)
  })
})
