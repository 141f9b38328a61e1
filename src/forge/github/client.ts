import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'

export type Octokit = ReturnType<typeof getOctokit>

/**
 * Octokit with retries (5xx, network) and GitHub's rate-limit handling; GITHUB_API_URL is
 * respected, so GitHub Enterprise Server works.
 */
export function createGitHubClient(
  token: string,
  options: { baseUrl?: string; retryAfterSeconds?: number } = {},
): Octokit {
  const baseUrl = options.baseUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com'
  return getOctokit(
    token,
    {
      baseUrl,
      retry: {
        retries: 3,
        doNotRetry: [400, 401, 403, 404, 410, 422, 451],
        retryAfterBaseValue: (options.retryAfterSeconds ?? 1) * 1000,
      },
      throttle: {
        onRateLimit: (_after: number, _options: unknown, _octokit: unknown, retryCount: number) =>
          retryCount < 2,
        onSecondaryRateLimit: (_after: number, _options: unknown, _octokit: unknown, retryCount: number) =>
          retryCount < 2,
      },
    },
    retry,
    throttling,
  )
}

/** HTTP status of an Octokit RequestError, or null for anything else. */
export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : null
}
