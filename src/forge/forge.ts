import type { Acceptance, MergedThrough } from '../model/acceptance'
import type { Comparison } from '../model/types'
import type { ReportLinks } from '../report/markdown'
import type { CommentMode, ReviewMode } from '../settings/types'

/** What the run knows about where it runs: read once from the runner's environment and event payload. */
export interface RunContext {
  eventName: string
  /** owner/name; '' when unknown (local CLI runs outside GitHub). */
  repository: string
  owner: string
  repo: string
  serverUrl: string
  apiUrl: string
  runId: string
  runUrl: string
  workspace: string
  /** The commit under test: the PR head, the pushed commit, or the workflow_run's head. */
  headSha: string
  /** Branch the run belongs to (PR head branch, pushed branch). */
  branch: string
  /** owner/name the head commit comes from (a fork's for a fork PR); '' when the event does not say. */
  headRepository: string
  defaultBranch: string
  pullRequest: PullRequestInfo | null
  /** The PR comes from a fork: the token is read-only, results go to an artifact. */
  fromFork: boolean
  /** RUNNER_TEMP or the OS temp directory. */
  tempDir: string
}

export interface PullRequestInfo {
  number: number
  baseRef: string
  baseSha: string
  headSha: string
  headRef: string
}

export interface PublishRequest {
  comparison: Comparison
  /** The pull request to comment on and review; null sets the status only. */
  pullNumber: number | null
  headSha: string
  links: ReportLinks
  comment: CommentMode
  status: boolean
  review: ReviewMode
  /**
   * The result was computed on a fork's runner (its own workflow, its own artifact): it is posted
   * labelled as unverified, never sets `success` on the gating status and never approves.
   */
  unverified?: boolean
}

/** Where a run's own state of the gating status goes: the benchmark's context on the head, linking the run. */
export interface GateTarget {
  benchmark: string
  headSha: string
  /** The workflow run, linked from the status ('' for none). */
  runUrl: string
}

/** A benchmark loadgate could not finish: said on the status and in the sticky comment. */
export interface FailureRequest extends GateTarget {
  /** The error's message (untrusted: sanitized for the status, escaped for the comment). */
  reason: string
  /** The pull request to comment on; null sets the status only. */
  pullNumber: number | null
  comment: CommentMode
  status: boolean
  /**
   * A fork's report failed: the comment is labelled unverified and never edits a trusted result or
   * an acceptance, and `error` never replaces a final status.
   */
  unverified?: boolean
}

/** A trusted run a maintainer started for a pull request: which PR, and the head commit they vouched for. */
export interface TrustedRunTarget {
  pullNumber: number
  headSha: string
  /** The commit the run was started on (GITHUB_SHA, the trusted branch): where its settings come from. */
  settingsCommit: string
}

export interface PublishResult {
  commentUrl: string | null
  statusSet: boolean
  /** Whether the check run beside the status was written (a token may lack `checks: write`). */
  checkRun?: boolean
  reviewState: string | null
  /** Missing permissions and refused approvals: reported, never fatal. */
  warnings: string[]
  /** Where a result went elsewhere than usual, and why (a fork's report beside a trusted one). */
  notes: string[]
}

/** An issue this forge identity wrote (loadgate keeps one per lasting shift of the history). */
export interface OwnIssue {
  number: number
  url: string
  open: boolean
  title: string
  body: string
}

/** A maintainer's request, from the event, to accept a pull request's blocked result. */
export interface AcceptanceRequest {
  pullNumber: number
  login: string
  via: 'comment' | 'label'
  /** The comment's words after `/loadgate accept` (may be empty), or which label was added. */
  reason: string
  /**
   * What the maintainer looked at: for a label, the head the event names; for a comment, the
   * commit it names (`/loadgate accept <sha> <reason>`, 7 to 40 hex digits; fewer than 12 are
   * refused) if any, and when
   * GitHub says it was written, ISO 8601 (a label has no `at`; its `headSha` is '' when the event's is no full sha).
   * For a label, `labelledAt`: when the pull request's timeline says the requester added it ('' when it does not).
   */
  seen: { headSha?: string; at?: string; labelledAt?: string }
}

/** A user's access to the repository, strongest first; accepting needs write or above. */
export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

/** The access GitHub gives a user, and the role it comes from (a custom role's own name). */
export interface RepositoryRole {
  permission: Permission
  /** GitHub's `role_name` (or `permission` without one); '' for no collaborator. */
  name: string
}

/** One benchmark's result on a pull request: its sticky comment and the newest gating status on the head. */
export interface GateResult {
  benchmark: string
  /** `none`: loadgate set no status on the current head (the comment is about an older commit). */
  state: 'success' | 'failure' | 'error' | 'pending' | 'none'
  description: string
  /** When GitHub recorded that status (ISO 8601); '' with none. */
  setAt: string
  commentId: number
  commentUrl: string
  /** The commit the sticky comment shows a result for (its marker's `head=`); null where it does not say. */
  commentHead: string | null
}

/**
 * What a comment that names no full sha is checked against: when the head branch was
 * force-pushed, the pull request's commits, and loadgate's gating results on its other commits.
 */
export interface AcceptanceHistory {
  /** When the head branch was force-pushed (ISO 8601, oldest first). */
  forcePushes: string[]
  /** The pull request's commits, or null when it has more than loadgate reads (MAX_PULL_COMMITS). */
  commits: string[] | null
  /** loadgate's own gating statuses on the pull request's commits other than the head. */
  elsewhere: Array<{ sha: string; benchmark: string; setAt: string }>
}

export interface PullRequestResults {
  headSha: string
  open: boolean
  results: GateResult[]
}

export interface CommitIdentity {
  name: string
  email: string
}

/**
 * Where the repository is hosted: how a result reaches people (sticky comment, commit status,
 * review), where the dashboard is published, and who commits to the history branch.
 */
export interface Forge {
  /** False without a token: nothing can be posted, links still work. */
  readonly canPublish: boolean
  /** Who commits to the history branch; null keeps the local git identity. */
  readonly committer: CommitIdentity | null
  /**
   * The open pull request whose head is this commit (fork pull requests included), from the run's
   * head repository and branch when the event names them; or null.
   */
  findPullRequest(headSha: string): Promise<number | null>
  /** A pull request as GitHub has it now: its current head and its base branch. */
  pullRequest(pullNumber: number): Promise<PullRequestInfo>
  /** The merge-base of a commit with a branch, as GitHub computes it. */
  mergeBase(baseBranch: string, headSha: string): Promise<string>
  publish(request: PublishRequest): Promise<PublishResult>
  /** Sets the gating status to pending with `description`: its id, or null and why it could not. */
  announcePending(target: GateTarget, description: string): Promise<{ id: number | null; warning?: string }>
  /** Sets the gating status to success with `description`: a gate the workflow left out; false when it could not. */
  postNotRun(target: GateTarget, description: string): Promise<{ set: boolean; warning?: string }>
  /** Status `error` with the reason, and the sticky comment saying what failed and where the log is. */
  publishFailure(request: FailureRequest): Promise<PublishResult>
  /**
   * Turns the pending `pendingId` into `error` with `description` if it is still the newest status of
   * the benchmark on the head; returns whether it did.
   */
  withdrawPending(target: GateTarget, pendingId: number, description: string): Promise<boolean>
  /**
   * The pull request and head commit of a maintainer-started trusted run (`workflow_dispatch` with
   * the inputs `pull-request` and `head-sha`), or null when this run is not one.
   */
  trustedRunTarget(): TrustedRunTarget | null
  /** Every issue (open or closed, pull requests excluded) written by this identity. */
  listOwnIssues(): Promise<OwnIssue[]>
  createIssue(title: string, body: string): Promise<OwnIssue>
  updateIssue(number: number, change: { title: string; body: string }): Promise<void>
  /** Closes an issue with a comment saying why. */
  closeIssue(number: number, comment: string): Promise<void>
  /** The acceptance this run's event asks for (a `/loadgate accept` comment or `label` added), or null. */
  acceptanceRequest(label: string): AcceptanceRequest | null
  permissionOf(login: string): Promise<RepositoryRole>
  pullRequestResults(pullNumber: number): Promise<PullRequestResults>
  /** What happened on the pull request that a comment naming no full sha is checked against. */
  acceptanceHistory(pullNumber: number, headSha: string, benchmarks: string[]): Promise<AcceptanceHistory>
  /** When `login` last added `label` to the pull request, as its timeline says (ISO 8601); '' when it does not. */
  labelledAt(pullNumber: number, label: string, login: string): Promise<string>
  /**
   * Turns a blocked result's status (and its check run, where the token can write one) to success
   * and notes the acceptance in its comment, after reading again that the head and loadgate's
   * result on it are still the ones decided on: null when accepted, otherwise why not (nothing was
   * written).
   */
  markAccepted(pullNumber: number, result: GateResult, acceptance: Acceptance): Promise<string | null>
  /** The pull request a commit of the default branch came through, with its `benchmark` comment and acceptance; or null. */
  mergedThrough(commitSha: string, benchmark: string): Promise<MergedThrough | null>
  /** Comments on the pull request; returns the comment's URL. */
  reply(pullNumber: number, body: string): Promise<string>
  /** The published dashboard, opening a benchmark (and series) when given; of `repository` (owner/name) when the history is there. */
  dashboardUrl(dataDir: string, benchmark?: string, series?: string, repository?: string): string
}
