import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { copyExample } from './example-repo'
import { commitAll, git, makeWorkRepo, writeFiles } from './git-repos'

// A throwaway repository shaped like one on GitHub: a bare `origin` holding `main`, pull request
// refs (refs/pull/N/head and the test merge refs/pull/N/merge GitHub creates), and the event
// payloads GitHub would send — for act to run workflows against.

export interface PullRequestRef {
  number: number
  branch: string
  /** The branch it would merge into (default main). */
  baseRef?: string
  /** owner/name the head branch lives in (a fork's, or the repository's own). */
  headRepository: string
  headSha: string
  baseSha: string
  /** The test merge of head into main (refs/pull/N/merge): what actions/checkout checks out. */
  mergeSha: string
}

export interface TestRepo {
  root: string
  /** The bare origin. */
  origin: string
  /** A working clone; act runs in it (it reads `.github/workflows` and the HEAD commit from it). */
  dir: string
  repository: string
  /** Commits `files` on main and pushes them; returns the new main sha. */
  commitToMain(message: string, files: Record<string, string>): Promise<string>
  /** Points `branch` at `from` plus one commit writing `files` and removing `remove`; pushed. */
  commitToBranch(
    branch: string,
    from: string,
    message: string,
    change: { files?: Record<string, string>; remove?: string[] },
  ): Promise<string>
  /** A PR branch off main with one commit writing `files`; pushed as GitHub would store it. */
  openPullRequest(options: {
    number: number
    branch: string
    files: Record<string, string>
    fork?: string
    /** The branch it merges into (default main). */
    base?: string
  }): Promise<PullRequestRef>
  /**
   * Writes an event payload and checks out in `dir` the commit GitHub runs the workflow for
   * (act takes GITHUB_SHA from there): push → the pushed commit; pull_request → the test merge;
   * workflow_run → the default branch.
   */
  pushEvent(): Promise<string>
  pullRequestEvent(
    pr: PullRequestRef,
    action?: 'opened' | 'synchronize' | 'labeled',
    labels?: { labels: string[]; added?: string },
  ): Promise<string>
  workflowRunEvent(
    pr: PullRequestRef,
    run: { id: string; workflow: string; conclusion: 'success' | 'failure' },
  ): Promise<string>
  /** `login` comments `body` on the pull request (issue_comment, created); act runs on main. */
  commentEvent(pr: PullRequestRef, login: string, body: string): Promise<string>
  /** `login` adds `label` to the pull request (pull_request_target, labeled); act runs on main. */
  labelEvent(pr: PullRequestRef, login: string, label: string): Promise<string>
  /** A fresh clone of origin's gh-pages branch: its files and a reader. */
  ghPages(): Promise<{ files: string[]; read: (file: string) => Promise<string> }>
  cleanup(): Promise<void>
}

/** The first parent of `sha`, or the all-zero sha GitHub sends for a branch's first push. */
function parentOf(dir: string, sha: string): string {
  try {
    return git(dir, 'rev-parse', '--verify', '--quiet', `${sha}~1`)
  } catch {
    return '0'.repeat(40)
  }
}

/**
 * The example service, its `loadgate.yml` (the one the shipped workflows read) and `workflows`
 * (name → YAML, written to .github/workflows/) committed on main and pushed to a bare origin that,
 * like GitHub, serves any commit by sha.
 */
export async function makeTestRepo(options: {
  workflows: Record<string, string>
  repository?: string
}): Promise<TestRepo> {
  const repository = options.repository ?? 'acme/shop'
  const [owner = '', name = ''] = repository.split('/')
  const workflows = Object.fromEntries(
    Object.entries(options.workflows).map(([file, text]) => [`.github/workflows/${file}`, text]),
  )
  const { root, origin, dir, cleanup } = await makeWorkRepo({
    prefix: 'loadgate-act-',
    fill: async (tree) => {
      await copyExample(tree)
      await cp('loadgate.yml', path.join(tree, 'loadgate.yml'))
      await writeFiles(tree, workflows)
    },
    message: 'The service and its workflows',
    origin: 'serve-any-sha',
  })
  const events = path.join(root, 'events')
  await mkdir(events)

  const repositoryJson = {
    full_name: repository,
    name,
    owner: { login: owner },
    default_branch: 'main',
    fork: false,
  }
  let eventCount = 0
  const writeEvent = async (kind: string, payload: unknown) => {
    const file = path.join(events, `${++eventCount}-${kind}.json`)
    await writeFile(file, JSON.stringify(payload, null, 2))
    return file
  }

  return {
    root,
    origin,
    dir,
    repository,
    async commitToMain(message, files) {
      git(dir, 'checkout', '-q', 'main')
      await writeFiles(dir, files)
      const sha = commitAll(dir, message)
      git(dir, 'push', '-q', 'origin', 'main')
      return sha
    },
    async commitToBranch(branch, from, message, { files = {}, remove = [] }) {
      git(dir, 'checkout', '-q', '-B', branch, from)
      if (remove.length) git(dir, 'rm', '-q', '-r', '--', ...remove)
      await writeFiles(dir, files)
      const sha = commitAll(dir, message)
      git(dir, 'push', '-q', '-f', 'origin', `${branch}:refs/heads/${branch}`)
      git(dir, 'checkout', '-q', 'main')
      return sha
    },
    async openPullRequest({ number, branch, files, fork, base = 'main' }) {
      const baseSha = git(dir, 'rev-parse', base)
      git(dir, 'checkout', '-q', '-B', branch, base)
      await writeFiles(dir, files)
      const headSha = commitAll(dir, `${branch}: change`)
      git(dir, 'checkout', '-q', '--detach', base)
      git(dir, 'merge', '-q', '--no-ff', '--no-edit', '-m', `Merge ${headSha} into ${baseSha}`, headSha)
      const mergeSha = git(dir, 'rev-parse', 'HEAD')
      git(dir, 'checkout', '-q', 'main')
      // A fork's branch is not in the base repository; GitHub still keeps refs/pull/N/*.
      const refs = [`+${headSha}:refs/pull/${number}/head`, `+${mergeSha}:refs/pull/${number}/merge`]
      if (!fork) refs.push(`+${headSha}:refs/heads/${branch}`)
      git(dir, 'push', '-q', 'origin', ...refs)
      return { number, branch, baseRef: base, headRepository: fork ?? repository, headSha, baseSha, mergeSha }
    },
    async pushEvent() {
      git(dir, 'checkout', '-q', 'main')
      const sha = git(dir, 'rev-parse', 'HEAD')
      return writeEvent('push', {
        ref: 'refs/heads/main',
        before: parentOf(dir, sha),
        after: sha,
        created: false,
        deleted: false,
        forced: false,
        head_commit: { id: sha, message: git(dir, 'log', '-1', '--format=%s') },
        repository: repositoryJson,
        sender: { login: 'dev' },
      })
    },
    async pullRequestEvent(pr, action = 'synchronize', labels = { labels: [] }) {
      git(dir, 'checkout', '-q', '--detach', pr.mergeSha)
      const [headOwner = ''] = pr.headRepository.split('/')
      return writeEvent('pull_request', {
        action,
        number: pr.number,
        ...(labels.added ? { label: { name: labels.added } } : {}),
        pull_request: {
          number: pr.number,
          state: 'open',
          labels: labels.labels.map((name) => ({ name })),
          user: { login: headOwner === owner ? 'dev' : headOwner },
          head: {
            ref: pr.branch,
            sha: pr.headSha,
            label: `${headOwner}:${pr.branch}`,
            repo: { ...repositoryJson, full_name: pr.headRepository, fork: pr.headRepository !== repository },
          },
          base: {
            ref: pr.baseRef ?? 'main',
            sha: pr.baseSha,
            label: `${owner}:${pr.baseRef ?? 'main'}`,
            repo: repositoryJson,
          },
        },
        repository: repositoryJson,
        sender: { login: 'dev' },
      })
    },
    async workflowRunEvent(pr, run) {
      git(dir, 'checkout', '-q', 'main')
      return writeEvent('workflow_run', {
        action: 'completed',
        workflow_run: {
          id: Number(run.id),
          name: run.workflow,
          event: 'pull_request',
          status: 'completed',
          conclusion: run.conclusion,
          head_sha: pr.headSha,
          head_branch: pr.branch,
          head_repository: { full_name: pr.headRepository },
          repository: repositoryJson,
          // GitHub leaves this empty for PRs from forks: the PR is found from the head sha.
          pull_requests: [],
        },
        repository: repositoryJson,
        sender: { login: 'dev' },
      })
    },
    async commentEvent(pr, login, body) {
      git(dir, 'checkout', '-q', 'main')
      return writeEvent('issue_comment', {
        action: 'created',
        issue: {
          number: pr.number,
          state: 'open',
          pull_request: { url: `https://api.github.com/repos/${repository}/pulls/${pr.number}` },
        },
        comment: { id: 900_000 + ++eventCount, body, user: { login }, created_at: new Date().toISOString() },
        repository: repositoryJson,
        sender: { login },
      })
    },
    async labelEvent(pr, login, label) {
      git(dir, 'checkout', '-q', 'main')
      return writeEvent('pull_request_target', {
        action: 'labeled',
        number: pr.number,
        label: { name: label },
        pull_request: {
          number: pr.number,
          state: 'open',
          head: {
            ref: pr.branch,
            sha: pr.headSha,
            repo: { ...repositoryJson, full_name: pr.headRepository },
          },
          base: { ref: 'main', sha: pr.baseSha, repo: repositoryJson },
        },
        repository: repositoryJson,
        sender: { login },
      })
    },
    async ghPages() {
      const clone = await mkdtemp(path.join(root, 'gh-pages-'))
      git(root, 'clone', '-q', '--branch', 'gh-pages', origin, clone)
      const files = git(clone, 'ls-files').split('\n').filter(Boolean)
      return { files, read: (file) => readFile(path.join(clone, file), 'utf8') }
    },
    cleanup,
  }
}
