import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  component,
  example,
  findRoute,
  queryParameterProblems,
  requestBodySchema,
  responseSchema,
  validate,
} from './openapi'

// A local stand-in for the part of GitHub's REST API loadgate uses. Every request and every
// response is checked against GitHub's OpenAPI description: a wrong path, field, enum or status
// is recorded in `violations`, which tests assert to be empty.

export interface DoubleOptions {
  owner?: string
  repo?: string
  pulls?: Array<{ number: number; headSha: string; author?: string; state?: 'open' | 'closed' }>
  /** Login of the token's user: it cannot approve its own PRs. */
  tokenUser?: string
  failures?: Array<{ method: string; path: RegExp; status: number; times?: number }>
  /** Issue number → unrelated comments to seed (forces pagination). */
  preexistingComments?: Record<number, number>
}

export interface Comment {
  id: number
  body: string
  user: string
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

export interface DoubleState {
  comments: Map<number, Comment[]>
  statuses: Array<{
    sha: string
    state: string
    context: string
    description: string
    target_url: string | null
  }>
  reviews: Map<number, Review[]>
}

export interface GitHubDouble {
  url: string
  state: DoubleState
  requests: Array<{ method: string; path: string; status: number; body: unknown }>
  violations: string[]
  close(): Promise<void>
}

/** Request bodies were validated against the operation's schema before a handler sees them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any

type Handler = (
  params: Record<string, string>,
  query: URLSearchParams,
  body: Body,
) => { status: number; body?: unknown; headers?: Record<string, string> }

export async function startGitHubDouble(options: DoubleOptions = {}): Promise<GitHubDouble> {
  const owner = options.owner ?? 'acme'
  const repo = options.repo ?? 'shop'
  const tokenUser = options.tokenUser ?? 'github-actions[bot]'
  const state: DoubleState = { comments: new Map(), statuses: [], reviews: new Map() }
  const requests: GitHubDouble['requests'] = []
  const violations: string[] = []
  const failures = (options.failures ?? []).map((f) => ({ ...f, left: f.times ?? Infinity }))
  let nextId = 1000
  let baseUrl = ''

  const user = (login: string) => ({
    ...(example(component('simple-user')) as object),
    login,
    id: login.length,
    type: login.endsWith('[bot]') ? 'Bot' : 'User',
    html_url: `https://github.com/${login}`,
  })
  const commentJson = (issue: number, c: Comment) => ({
    ...(example(component('issue-comment')) as object),
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${baseUrl}/repos/${owner}/${repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${owner}/${repo}/pull/${issue}#issuecomment-${c.id}`,
    issue_url: `${baseUrl}/repos/${owner}/${repo}/issues/${issue}`,
    body: c.body,
    user: user(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: 'NONE',
  })
  const reviewJson = (pull: number, r: Review) => ({
    ...(example(component('pull-request-review')) as object),
    id: r.id,
    node_id: `PRR_${r.id}`,
    user: user(r.user),
    body: r.body,
    state: r.state,
    commit_id: r.commit_id,
    html_url: `https://github.com/${owner}/${repo}/pull/${pull}#pullrequestreview-${r.id}`,
    pull_request_url: `${baseUrl}/repos/${owner}/${repo}/pulls/${pull}`,
    author_association: 'NONE',
  })
  const now = () => new Date().toISOString()

  for (const [issue, count] of Object.entries(options.preexistingComments ?? {})) {
    state.comments.set(
      Number(issue),
      Array.from({ length: count }, (_, i) => ({
        id: nextId++,
        body: `unrelated comment ${i}`,
        user: 'someone',
        created_at: now(),
        updated_at: now(),
      })),
    )
  }

  function paginate<T>(items: T[], query: URLSearchParams, path: string) {
    const perPage = Math.min(100, Number(query.get('per_page') ?? 30))
    const page = Number(query.get('page') ?? 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const links: string[] = []
    const link = (p: number, rel: string) => `<${baseUrl}${path}?per_page=${perPage}&page=${p}>; rel="${rel}"`
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'))
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'))
    const headers: Record<string, string> = links.length ? { link: links.join(', ') } : {}
    return { body: items.slice((page - 1) * perPage, page * perPage), headers }
  }

  const pullsByNumber = new Map((options.pulls ?? []).map((p) => [p.number, p]))
  const handlers: Record<string, Handler> = {
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': (p, q) => {
      const issue = Number(p.issue_number)
      const list = (state.comments.get(issue) ?? []).map((c) => commentJson(issue, c))
      return { status: 200, ...paginate(list, q, `/repos/${owner}/${repo}/issues/${issue}/comments`) }
    },
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': (p, _q, body) => {
      const issue = Number(p.issue_number)
      const comment = {
        id: nextId++,
        body: String(body.body),
        user: tokenUser,
        created_at: now(),
        updated_at: now(),
      }
      state.comments.set(issue, [...(state.comments.get(issue) ?? []), comment])
      return { status: 201, body: commentJson(issue, comment) }
    },
    'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': (p, _q, body) => {
      for (const [issue, list] of state.comments) {
        const comment = list.find((c) => c.id === Number(p.comment_id))
        if (comment) {
          comment.body = String(body.body)
          comment.updated_at = now()
          return { status: 200, body: commentJson(issue, comment) }
        }
      }
      return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com' } }
    },
    'POST /repos/{owner}/{repo}/statuses/{sha}': (p, _q, body) => {
      const status = {
        sha: p.sha!,
        state: body.state,
        context: body.context ?? 'default',
        description: body.description ?? '',
        target_url: body.target_url ?? null,
      }
      state.statuses.push(status)
      return {
        status: 201,
        body: {
          ...(example(component('status')) as object),
          id: nextId++,
          state: status.state,
          context: status.context,
          description: status.description,
          target_url: status.target_url,
          creator: user(tokenUser),
        },
      }
    },
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews': (p, q) => {
      const pull = Number(p.pull_number)
      const list = (state.reviews.get(pull) ?? []).map((r) => reviewJson(pull, r))
      return { status: 200, ...paginate(list, q, `/repos/${owner}/${repo}/pulls/${pull}/reviews`) }
    },
    'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews': (p, _q, body) => {
      const pull = Number(p.pull_number)
      const author = pullsByNumber.get(pull)?.author
      if (author === tokenUser && (body.event === 'APPROVE' || body.event === 'REQUEST_CHANGES')) {
        return {
          status: 422,
          body: {
            message: 'Unprocessable Entity',
            errors: ['Can not approve your own pull request'],
            documentation_url: 'https://docs.github.com',
          },
        }
      }
      const review = {
        id: nextId++,
        state:
          body.event === 'APPROVE'
            ? 'APPROVED'
            : body.event === 'REQUEST_CHANGES'
              ? 'CHANGES_REQUESTED'
              : 'COMMENTED',
        body: String(body.body ?? ''),
        user: tokenUser,
        commit_id: String(body.commit_id ?? ''),
      }
      state.reviews.set(pull, [...(state.reviews.get(pull) ?? []), review])
      return { status: 200, body: reviewJson(pull, review) }
    },
    'PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals': (p) => {
      const pull = Number(p.pull_number)
      const review = state.reviews.get(pull)?.find((r) => r.id === Number(p.review_id))
      if (!review)
        return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com' } }
      review.state = 'DISMISSED'
      return { status: 200, body: reviewJson(pull, review) }
    },
    'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls': (p) => {
      const matches = (options.pulls ?? []).filter((pr) => pr.headSha === p.commit_sha)
      const simple = example(component('pull-request-simple')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      return {
        status: 200,
        body: matches.map((pr) => ({
          ...simple,
          number: pr.number,
          state: pr.state ?? 'open',
          head: { ...simple.head, sha: pr.headSha },
        })),
      }
    },
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    let text = ''
    for await (const chunk of request) text += chunk
    return text
  }

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    response.end(body === undefined ? '' : JSON.stringify(body))
  }

  const server = createServer(async (request, response) => {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://localhost')
    const text = await readBody(request)
    let body: unknown = undefined
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      violations.push(`${method} ${url.pathname}: body is not JSON`)
    }
    const record = (status: number) =>
      requests.push({ method, path: url.pathname + url.search, status, body })
    const route = findRoute(method, url.pathname)
    if (!route) {
      violations.push(`${method} ${url.pathname}: no such operation in GitHub's API`)
      record(404)
      return send(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
    }
    const failure = failures.find((f) => f.method === method && f.path.test(url.pathname) && f.left > 0)
    if (failure) {
      failure.left--
      record(failure.status)
      return send(response, failure.status, {
        message: `injected ${failure.status}`,
        documentation_url: 'https://docs.github.com/rest',
      })
    }
    const problems = [
      ...queryParameterProblems(route.operation, url.searchParams),
      ...(requestBodySchema(route.operation) && body !== undefined
        ? validate(requestBodySchema(route.operation)!, body, 'body')
        : []),
    ]
    if (route.params.owner !== owner || route.params.repo !== repo)
      problems.push(`unknown repository ${route.params.owner}/${route.params.repo}`)
    if (problems.length) {
      violations.push(...problems.map((p) => `${method} ${route.template}: ${p}`))
      record(422)
      return send(response, 422, {
        message: 'Validation Failed',
        documentation_url: 'https://docs.github.com/rest',
      })
    }
    const handler = handlers[`${method} ${route.template}`]
    if (!handler) {
      violations.push(`${method} ${route.template}: documented, but the double does not implement it`)
      record(501)
      return send(response, 501, { message: 'not implemented by the double' })
    }
    const result = handler(route.params, url.searchParams, body ?? {})
    const expected = responseSchema(route.operation, result.status)
    if (!expected.documented)
      violations.push(`${method} ${route.template}: status ${result.status} is not documented`)
    else if (expected.schema)
      violations.push(
        ...validate(expected.schema, result.body, 'response').map((p) => `${method} ${route.template}: ${p}`),
      )
    record(result.status)
    send(response, result.status, result.body, result.headers)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url: baseUrl,
    state,
    requests,
    violations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
