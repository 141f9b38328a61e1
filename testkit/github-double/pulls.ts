import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'

// Pull requests: by commit (how report mode finds the PR of a workflow_run's head sha), one by
// number (how accept mode learns a PR's current head), and the comparison of a PR's base branch
// with its head (how a trusted run learns the merge-base: the PR's `baseSha`, the commit its head
// branched from in the test's repository), and a PR's commits (what an acceptance is checked against).

export function pullRoutes(double: DoubleContext): Routes {
  const pulls = double.options.pulls ?? []
  return {
    'GET /repos/{owner}/{repo}/pulls/{pull_number}': (p) => {
      const pr = pulls.find((candidate) => candidate.number === Number(p.pull_number))
      if (!pr) return notFound
      const full = example(component('pull-request')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      return {
        status: 200,
        body: {
          ...full,
          number: pr.number,
          state: pr.state ?? 'open',
          user: double.user(pr.author ?? 'contributor'),
          head: { ...full.head, sha: pr.headSha, ref: pr.headRef ?? 'feature' },
          base: { ...full.base, ref: pr.baseRef ?? 'main', sha: pr.baseSha ?? full.base.sha },
        },
      }
    },
    'GET /repos/{owner}/{repo}/compare/{basehead}': (p) => {
      const [base, head] = p.basehead!.split('...')
      const pr = pulls.find(
        (candidate) => candidate.headSha === head && (candidate.baseRef ?? 'main') === base,
      )
      if (!pr) return notFound
      const full = example(component('commit-comparison')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      const mergeBase = pr.baseSha ?? full.merge_base_commit.sha
      return {
        status: 200,
        body: { ...full, merge_base_commit: { ...full.merge_base_commit, sha: mergeBase } },
      }
    },
    'GET /repos/{owner}/{repo}/issues/{issue_number}/timeline': (p, query) => {
      const number = Number(p.issue_number)
      if (!pulls.some((pr) => pr.number === number)) return notFound
      const event = example(component('state-change-issue-event')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      const pushes = (double.options.forcePushes?.[number] ?? []).map((at, i) => ({
        ...event,
        id: 9000 + i,
        event: 'head_ref_force_pushed',
        created_at: at,
        actor: double.user('contributor'),
      }))
      const labelled = (double.options.labelled?.[number] ?? []).map((added, i) => ({
        ...event,
        id: 9500 + i,
        event: 'labeled',
        created_at: added.at,
        actor: double.user(added.by),
        label: { name: added.name, color: 'ededed' },
      }))
      const events = [...pushes, ...labelled].sort((a, b) => a.created_at.localeCompare(b.created_at))
      // One page of `per_page` (a test seeds fewer): later pages are empty.
      return { status: 200, body: Number(query.get('page') ?? '1') > 1 ? [] : events }
    },
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits': (p, query) => {
      const pr = pulls.find((candidate) => candidate.number === Number(p.pull_number))
      if (!pr) return notFound
      const commit = example(component('commit')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      const shas = double.options.pullCommits?.[pr.number] ?? [pr.headSha]
      // One page of `per_page` (a test seeds fewer): later pages are empty.
      const page = Number(query.get('page') ?? '1') > 1 ? [] : shas
      return { status: 200, body: page.map((sha) => ({ ...commit, sha })) }
    },
    'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls': (p) => {
      const matches = pulls.filter((pr) => pr.headSha === p.commit_sha)
      const simple = example(component('pull-request-simple')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      return {
        status: 200,
        body: matches.map((pr) => ({
          ...simple,
          number: pr.number,
          state: pr.state ?? 'open',
          head: {
            ...simple.head,
            sha: pr.headSha,
            ref: pr.headRef ?? 'feature',
            label: `${(pr.headRepository ?? double.owner).split('/')[0]}:${pr.headRef ?? 'feature'}`,
            repo: {
              ...simple.head.repo,
              full_name: pr.headRepository ?? `${double.owner}/${double.repo}`,
              name: (pr.headRepository ?? double.repo).split('/').pop(),
            },
          },
        })),
      }
    },
  }
}
