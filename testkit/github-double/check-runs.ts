import { component, example } from './openapi'
import { notFound, type DoubleContext } from './context'
import type { Routes } from './server'
import type { CheckRun } from './types'

// Check runs: one per benchmark on the head commit, created in progress or completed, then
// completed with a conclusion, a title and a summary. Listed newest first, filtered by name and status.

export function checkRunRoutes(double: DoubleContext): Routes {
  const { state } = double
  const json = (run: CheckRun) => ({
    ...(example(component('check-run')) as object),
    id: run.id,
    node_id: `CR_${run.id}`,
    head_sha: run.head_sha,
    name: run.name,
    url: `${double.baseUrl}/repos/${double.owner}/${double.repo}/check-runs/${run.id}`,
    html_url: double.htmlUrl(`/runs/${run.id}`),
    details_url: run.details_url,
    external_id: run.external_id,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.title,
      summary: run.summary,
      text: null,
      annotations_count: 0,
      annotations_url: `${double.baseUrl}/repos/${double.owner}/${double.repo}/check-runs/${run.id}/annotations`,
    },
    check_suite: { id: 1 },
    pull_requests: [],
  })
  const apply = (run: CheckRun, body: Record<string, unknown>) => {
    if (typeof body.name === 'string') run.name = body.name
    if (typeof body.details_url === 'string') run.details_url = body.details_url
    if (typeof body.external_id === 'string') run.external_id = body.external_id
    if (typeof body.status === 'string') run.status = body.status
    if (typeof body.conclusion === 'string') {
      // Giving a conclusion completes the run, as on GitHub.
      run.conclusion = body.conclusion
      run.status = 'completed'
      run.completed_at = double.now()
    }
    const output = body.output as { title?: string; summary?: string } | undefined
    if (output) {
      run.title = output.title ?? run.title
      run.summary = output.summary ?? run.summary
    }
    run.updated.push(double.now())
  }
  return {
    'POST /repos/{owner}/{repo}/check-runs': (_p, _q, body) => {
      const now = double.now()
      const run: CheckRun = {
        id: double.nextId(),
        head_sha: String(body.head_sha),
        name: String(body.name),
        details_url: null,
        external_id: null,
        status: 'queued',
        conclusion: null,
        started_at: now,
        completed_at: null,
        title: null,
        summary: null,
        updated: [],
      }
      apply(run, body)
      state.checkRuns.push(run)
      return { status: 201, body: json(run) }
    },
    'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}': (p, _q, body) => {
      const run = state.checkRuns.find((r) => r.id === Number(p.check_run_id))
      if (!run) return notFound
      apply(run, body)
      return { status: 200, body: json(run) }
    },
    'GET /repos/{owner}/{repo}/commits/{ref}/check-runs': (p, q) => {
      const name = q.get('check_name')
      const status = q.get('status')
      const list = state.checkRuns
        .filter((r) => r.head_sha === p.ref && (!name || r.name === name) && (!status || r.status === status))
        .reverse()
        .map(json)
      const page = double.page(list, q, `/commits/${p.ref}/check-runs`)
      return { ...page, body: { total_count: list.length, check_runs: page.body } }
    },
  }
}
