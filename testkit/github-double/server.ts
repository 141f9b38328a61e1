import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  findRoute,
  queryParameterProblems,
  requestBodySchema,
  responseSchema,
  validate,
  type Route,
} from './openapi'
import type { DoubleOptions, RecordedRequest } from './types'

// The HTTP side of the double: routes each request to a documented operation, injects the
// configured failures, and checks the request and the handler's answer against the OpenAPI
// description. Whatever does not conform lands in `violations`.

/** Request bodies were validated against the operation's schema before a handler sees them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any

export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

export type Handler = (params: Record<string, string>, query: URLSearchParams, body: Body) => Reply

/** Handlers by `METHOD /template`, the template as GitHub's OpenAPI description spells the path. */
export type Routes = Record<string, Handler>

export interface ServerOptions {
  owner: string
  repo: string
  routes: Routes
  failures: NonNullable<DoubleOptions['failures']>
  tokensWithout: NonNullable<DoubleOptions['tokensWithout']>
}

export interface RunningServer {
  url: string
  requests: RecordedRequest[]
  violations: string[]
  close(): Promise<void>
}

const apiError = (message: string): Reply['body'] => ({
  message,
  documentation_url: 'https://docs.github.com/rest',
})

async function readBody(request: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of request) text += chunk
  return text
}

function send(response: ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
  response.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
}

/** The write permission a request needs, for the ones a token can lack. */
function writePermission(method: string, template: string): 'checks' | 'statuses' | null {
  if (method === 'GET') return null
  if (template.includes('/check-runs')) return 'checks'
  if (template.startsWith('/repos/{owner}/{repo}/statuses/')) return 'statuses'
  return null
}

const notAccessible: Reply = {
  status: 403,
  body: {
    message: 'Resource not accessible by integration',
    documentation_url: 'https://docs.github.com/rest',
  },
}

function requestProblems(route: Route, query: URLSearchParams, body: unknown, options: ServerOptions) {
  const schema = requestBodySchema(route.operation)
  const problems = [
    ...queryParameterProblems(route.operation, query),
    ...(schema && body !== undefined ? validate(schema, body, 'body') : []),
  ]
  const repositoryScoped = route.params.owner !== undefined || route.params.repo !== undefined
  if (repositoryScoped && (route.params.owner !== options.owner || route.params.repo !== options.repo))
    problems.push(`unknown repository ${route.params.owner}/${route.params.repo}`)
  return problems
}

function replyProblems(route: Route, reply: Reply): string[] {
  const expected = responseSchema(route.operation, reply.status)
  if (!expected.documented) return [`status ${reply.status} is not documented`]
  return expected.schema ? validate(expected.schema, reply.body, 'response') : []
}

export async function serveGitHubApi(options: ServerOptions): Promise<RunningServer> {
  const requests: RecordedRequest[] = []
  const violations: string[] = []
  const failures = options.failures.map((f) => ({ ...f, left: f.times ?? Infinity, passing: f.after ?? 0 }))

  function answer(method: string, url: URL, body: unknown, token: string): Reply {
    const route = findRoute(method, url.pathname)
    if (!route) {
      violations.push(`${method} ${url.pathname}: no such operation in GitHub's API`)
      return { status: 404, body: apiError('Not Found') }
    }
    const needed = writePermission(method, route.template)
    if (needed && options.tokensWithout[token]?.includes(needed)) return notAccessible
    const failure = failures.find((f) => f.method === method && f.path.test(url.pathname) && f.left > 0)
    if (failure && failure.passing > 0) failure.passing--
    else if (failure) {
      failure.left--
      return { status: failure.status, body: apiError(`injected ${failure.status}`) }
    }
    const operation = `${method} ${route.template}`
    const problems = requestProblems(route, url.searchParams, body, options)
    if (problems.length) {
      violations.push(...problems.map((p) => `${operation}: ${p}`))
      return { status: 422, body: apiError('Validation Failed') }
    }
    const handler = options.routes[operation]
    if (!handler) {
      violations.push(`${operation}: documented, but the double does not implement it`)
      return { status: 501, body: { message: 'not implemented by the double' } }
    }
    const reply = handler(route.params, url.searchParams, body ?? {})
    violations.push(...replyProblems(route, reply).map((p) => `${operation}: ${p}`))
    return reply
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
    const token = (request.headers.authorization ?? '').replace(/^(token|bearer) /i, '')
    const reply = answer(method, url, body, token)
    requests.push({ method, path: url.pathname + url.search, status: reply.status, body })
    send(response, reply)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    violations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
