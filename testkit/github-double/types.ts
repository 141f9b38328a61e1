// The double's options and what a test reads back: stored state, the request log and violations.

export interface DoubleOptions {
  owner?: string
  repo?: string
  pulls?: Array<{
    number: number
    headSha: string
    author?: string
    state?: 'open' | 'closed'
    /** The head branch (default `feature`). */
    headRef?: string
    /** owner/name of the head branch (default the double's repository; a fork's otherwise). */
    headRepository?: string
    /** The base branch (default `main`) and its commit (default the description's example). */
    baseRef?: string
    baseSha?: string
  }>
  /** Pull number → its commits, oldest first (default: its head alone); read at each request. */
  pullCommits?: Record<number, string[]>
  /** Pull number → when its head branch was force-pushed (the timeline's head_ref_force_pushed events). */
  forcePushes?: Record<number, string[]>
  /** Pull number → labels added to it (the timeline's labeled events): which, when, by whom. */
  labelled?: Record<number, Array<{ name: string; at: string; by: string }>>
  /** Login → role on the repository (admin, maintain, write, triage, read); anyone else is no collaborator. */
  permissions?: Record<string, string>
  /** Login → an organisation's custom repository role: its name and the role it is built on. */
  customRoles?: Record<string, { name: string; builtOn: string }>
  /** Login of the token's user: it cannot approve its own PRs. */
  tokenUser?: string
  /**
   * Token → the write permissions it lacks (`checks`, `statuses`): its writes there are refused with
   * 403 "Resource not accessible by integration", as GitHub refuses a workflow token without them.
   */
  tokensWithout?: Record<string, Array<'checks' | 'statuses'>>
  /** Answers `status` to matching requests: `times` of them (default all), after the first `after` (default 0). */
  failures?: Array<{ method: string; path: RegExp; status: number; times?: number; after?: number }>
  /** Issue number → unrelated comments to seed (forces pagination). */
  preexistingComments?: Record<number, number>
  /** Issue number → comments written by other users before the run (after the unrelated ones). */
  seededComments?: Record<number, Array<{ user: string; body: string }>>
  /** Issues in the repository before the run, numbered from 1 in this order. */
  seededIssues?: Array<{ title: string; body: string; user: string; state?: 'open' | 'closed' }>
  /** Pull number → reviews written before the run. */
  seededReviews?: Record<number, Array<{ user: string; body: string; state: string }>>
}

export interface Comment {
  id: number
  body: string
  user: string
  created_at: string
  updated_at: string
}

export interface Issue {
  number: number
  title: string
  body: string | null
  user: string
  state: 'open' | 'closed'
  state_reason: string | null
  created_at: string
  updated_at: string
}

export interface Review {
  id: number
  state: string
  body: string
  user: string
  commit_id: string
}

export interface CheckRun {
  id: number
  head_sha: string
  name: string
  details_url: string | null
  external_id: string | null
  status: string
  conclusion: string | null
  started_at: string
  completed_at: string | null
  title: string | null
  summary: string | null
  /** When each create or update reached the double. */
  updated: string[]
}

export interface DoubleState {
  comments: Map<number, Comment[]>
  statuses: Array<{
    /** The same id in the created status and in every listing of it, as on GitHub. */
    id: number
    sha: string
    state: string
    context: string
    description: string
    target_url: string | null
    /** When the double received it (ISO 8601), as GitHub stamps a status. */
    created_at: string
  }>
  reviews: Map<number, Review[]>
  /** Check runs, oldest first. */
  checkRuns: CheckRun[]
  /** Issues (not pull requests), oldest first; comments on them are in `comments`. */
  issues: Issue[]
}

export interface RecordedRequest {
  method: string
  path: string
  status: number
  body: unknown
}

export interface GitHubDouble {
  url: string
  state: DoubleState
  requests: RecordedRequest[]
  violations: string[]
  close(): Promise<void>
}
