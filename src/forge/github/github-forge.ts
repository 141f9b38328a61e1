import type { Acceptance, MergedThrough } from '../../model/acceptance'
import type {
  AcceptanceHistory,
  AcceptanceRequest,
  CommitIdentity,
  FailureRequest,
  Forge,
  GateTarget,
  GateResult,
  OwnIssue,
  RepositoryRole,
  PublishRequest,
  PublishResult,
  PullRequestInfo,
  PullRequestResults,
  RunContext,
  TrustedRunTarget,
} from '../forge'
import {
  markAccepted,
  mergedThrough,
  permissionOf,
  pullRequestResults,
  readAcceptanceRequest,
  replyOn,
} from './acceptance'
import { acceptanceHistory, labelledAt } from './acceptance-history'
import { createGitHubClient, type Octokit } from './client'
import { tokenLogin } from './identity'
import { closeIssue, createIssue, listOwnIssues, updateIssue } from './issues'
import { dashboardUrl } from './pages'
import { postNotRun, postPending, publishFailure, startCheck, withdrawPending } from './failure'
import { permissionWarning, publishReport, type PublishContext } from './publish'
import { findPullRequestForSha, getPullRequest, mergeBaseOf } from './pull-requests'
import { readTrustedRunTarget } from './trusted-run'

/** The identity GitHub shows for commits made with a workflow's token. */
const ACTIONS_BOT: CommitIdentity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
}

export function createGitHubForge(context: RunContext, token: string): Forge {
  return new GitHubForge(context, token ? createGitHubClient(token, { baseUrl: context.apiUrl }) : null)
}

class GitHubForge implements Forge {
  readonly committer = ACTIONS_BOT

  constructor(
    private readonly context: RunContext,
    private readonly octokit: Octokit | null,
  ) {}

  get canPublish(): boolean {
    return this.octokit !== null
  }

  async findPullRequest(headSha: string): Promise<number | null> {
    return findPullRequestForSha(this.client(), this.context.owner, this.context.repo, {
      sha: headSha,
      repository: this.context.headRepository,
      branch: this.context.branch,
    })
  }

  pullRequest(pullNumber: number): Promise<PullRequestInfo> {
    return getPullRequest(this.client(), this.repoRef(), pullNumber)
  }

  async publish(request: PublishRequest): Promise<PublishResult> {
    return publishReport(request.comparison, {
      octokit: this.client(),
      owner: this.context.owner,
      repo: this.context.repo,
      pullNumber: request.pullNumber,
      headSha: request.headSha,
      comment: request.comment,
      status: request.status,
      review: request.review,
      links: request.links,
      unverified: request.unverified ?? false,
      targetUrl: request.links.run ?? request.links.dashboard,
      runId: this.context.runId,
    })
  }

  async announcePending(
    target: GateTarget,
    description: string,
  ): Promise<{ id: number | null; warning?: string }> {
    const ctx = this.gateContext(target)
    const checkWarning = await startCheck(ctx, target.benchmark, description)
    try {
      const id = await postPending(ctx, target.benchmark, description)
      return checkWarning ? { id, warning: checkWarning } : { id }
    } catch (error) {
      return { id: null, warning: permissionWarning('set the pending commit status', 'statuses', error) }
    }
  }

  async postNotRun(target: GateTarget, description: string): Promise<{ set: boolean; warning?: string }> {
    try {
      return { set: await postNotRun(this.gateContext(target), target.benchmark, description) }
    } catch (error) {
      return { set: false, warning: permissionWarning('set the commit status', 'statuses', error) }
    }
  }

  publishFailure(request: FailureRequest): Promise<PublishResult> {
    return publishFailure(
      {
        ...this.gateContext(request),
        pullNumber: request.pullNumber,
        comment: request.comment,
        status: request.status,
        unverified: request.unverified ?? false,
      },
      request.benchmark,
      request.reason,
    )
  }

  withdrawPending(target: GateTarget, pendingId: number, description: string): Promise<boolean> {
    return withdrawPending(this.gateContext(target), target.benchmark, pendingId, description)
  }

  /** Where the run's own status of a benchmark goes (no comment, no review unless set). */
  private gateContext(target: GateTarget): PublishContext {
    return {
      octokit: this.client(),
      ...this.repoRef(),
      pullNumber: null,
      headSha: target.headSha,
      comment: 'off',
      status: true,
      review: 'off',
      links: { run: target.runUrl || undefined },
      ...(target.runUrl ? { targetUrl: target.runUrl } : {}),
      runId: this.context.runId,
    }
  }

  async listOwnIssues(): Promise<OwnIssue[]> {
    const octokit = this.client()
    return listOwnIssues(octokit, this.repoRef(), await tokenLogin(octokit))
  }

  createIssue(title: string, body: string): Promise<OwnIssue> {
    return createIssue(this.client(), this.repoRef(), title, body)
  }

  updateIssue(number: number, change: { title: string; body: string }): Promise<void> {
    return updateIssue(this.client(), this.repoRef(), number, change)
  }

  closeIssue(number: number, comment: string): Promise<void> {
    return closeIssue(this.client(), this.repoRef(), number, comment)
  }

  acceptanceRequest(label: string): AcceptanceRequest | null {
    return readAcceptanceRequest(label)
  }

  permissionOf(login: string): Promise<RepositoryRole> {
    return permissionOf(this.client(), this.repoRef(), login)
  }

  mergeBase(baseBranch: string, headSha: string): Promise<string> {
    return mergeBaseOf(this.client(), this.repoRef(), baseBranch, headSha)
  }

  acceptanceHistory(pullNumber: number, headSha: string, benchmarks: string[]): Promise<AcceptanceHistory> {
    return acceptanceHistory(this.client(), this.repoRef(), pullNumber, headSha, benchmarks)
  }

  pullRequestResults(pullNumber: number): Promise<PullRequestResults> {
    return pullRequestResults(this.client(), this.repoRef(), pullNumber)
  }

  labelledAt(pullNumber: number, label: string, login: string): Promise<string> {
    return labelledAt(this.client(), this.repoRef(), pullNumber, label, login)
  }

  markAccepted(pullNumber: number, result: GateResult, acceptance: Acceptance): Promise<string | null> {
    return markAccepted(this.client(), this.repoRef(), pullNumber, result, acceptance)
  }

  mergedThrough(commitSha: string, benchmark: string): Promise<MergedThrough | null> {
    return mergedThrough(this.client(), this.repoRef(), commitSha, benchmark)
  }

  reply(pullNumber: number, body: string): Promise<string> {
    return replyOn(this.client(), this.repoRef(), pullNumber, body)
  }

  private repoRef(): { owner: string; repo: string } {
    return { owner: this.context.owner, repo: this.context.repo }
  }

  trustedRunTarget(): TrustedRunTarget | null {
    return readTrustedRunTarget()
  }

  dashboardUrl(dataDir: string, benchmark?: string, series?: string, repository?: string): string {
    const pages = repository || this.context.repository
    return dashboardUrl(pages, dataDir, benchmark, series, this.context.serverUrl)
  }

  private client(): Octokit {
    if (!this.octokit) throw new Error('no GitHub token: nothing can be posted')
    return this.octokit
  }
}
