import { component, example } from './openapi'
import type { Reply } from './server'
import type { DoubleOptions, DoubleState } from './types'

/** What the resources' routes share: the repository, the stored state, ids and response parts. */
export interface DoubleContext {
  owner: string
  repo: string
  /** Login of the token's user: the author of what loadgate writes. */
  tokenUser: string
  options: DoubleOptions
  state: DoubleState
  /** The double's address: set once the server listens, before any handler runs. */
  baseUrl: string
  nextId(): number
  now(): string
  /** The API address of a path under the repository, e.g. `/issues/5`. */
  apiUrl(path: string): string
  /** The web address of a path under the repository, e.g. `/pull/5`. */
  htmlUrl(path: string): string
  /** A `simple-user` for `login`. */
  user(login: string): object
  /** One page of `items` as GitHub lists them, with its Link header. */
  page(items: unknown[], query: URLSearchParams, path: string): Reply
}

export const notFound: Reply = {
  status: 404,
  body: { message: 'Not Found', documentation_url: 'https://docs.github.com' },
}

export function createContext(options: DoubleOptions): DoubleContext {
  let id = 1000
  const context: DoubleContext = {
    owner: options.owner ?? 'acme',
    repo: options.repo ?? 'shop',
    tokenUser: options.tokenUser ?? 'github-actions[bot]',
    options,
    state: { comments: new Map(), statuses: [], reviews: new Map(), checkRuns: [], issues: [] },
    baseUrl: '',
    nextId: () => id++,
    now: () => new Date().toISOString(),
    apiUrl: (path) => `${context.baseUrl}/repos/${context.owner}/${context.repo}${path}`,
    htmlUrl: (path) => `https://github.com/${context.owner}/${context.repo}${path}`,
    user: (login) => ({
      ...(example(component('simple-user')) as object),
      login,
      id: login.length,
      type: login.endsWith('[bot]') ? 'Bot' : 'User',
      html_url: `https://github.com/${login}`,
    }),
    page(items, query, path) {
      const perPage = Math.min(100, Number(query.get('per_page') ?? 30))
      const page = Number(query.get('page') ?? 1)
      const last = Math.max(1, Math.ceil(items.length / perPage))
      const link = (p: number, rel: string) =>
        `<${context.apiUrl(path)}?per_page=${perPage}&page=${p}>; rel="${rel}"`
      const links: string[] = []
      if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'))
      if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'))
      const headers: Record<string, string> = links.length ? { link: links.join(', ') } : {}
      return { status: 200, body: items.slice((page - 1) * perPage, page * perPage), headers }
    },
  }
  return context
}
