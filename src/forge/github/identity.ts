import { statusOf, type Octokit } from './client'

/** Who writes with a workflow's GITHUB_TOKEN (and with a token that cannot read `GET /user`). */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]'

/**
 * The login the token writes as: the authenticated user for a personal or user-to-server token;
 * an installation token (GITHUB_TOKEN) may not read `/user` and writes as github-actions[bot].
 */
export async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    return data.login
  } catch (error) {
    const status = statusOf(error)
    if (status === 401 || status === 403 || status === 404) return ACTIONS_BOT_LOGIN
    throw error
  }
}

/** Whether loadgate may adopt (edit, dismiss, treat as its own) something `author` wrote. */
export function writtenBy(author: { login?: string } | null | undefined, login: string): boolean {
  return author?.login === login
}
