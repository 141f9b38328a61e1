import { createServer, type IncomingMessage, type Server } from 'node:http'
import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

/**
 * Whether the request names this server by its loopback address: a page on another site whose
 * name was rebound to 127.0.0.1 (DNS rebinding) sends its own name as the Host, and gets nothing.
 */
export function isLoopbackHost(request: Pick<IncomingMessage, 'headers'>, port: number): boolean {
  const host = (request.headers.host ?? '').toLowerCase()
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

/**
 * The file under `root` (already a real path) a request path names, or null when it is outside it:
 * every link on the way is resolved first, so a checkout's `data/x.json` linked to a file of the
 * user's is never served from the dashboard's origin.
 */
async function fileUnder(root: string, pathname: string): Promise<string | null> {
  let file = await realpath(path.join(root, path.normalize(pathname)))
  if ((await stat(file)).isDirectory()) file = await realpath(path.join(file, 'index.html'))
  const inside = file === root || file.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`)
  return inside ? file : null
}

/** Serves a directory read-only on 127.0.0.1 (as GitHub Pages would serve the gh-pages branch). */
export async function serveDashboard(root: string, port = 0): Promise<{ url: string; server: Server }> {
  const realRoot = await realpath(root)
  let listening = port
  const server = createServer(async (request, response) => {
    if (!isLoopbackHost(request, listening)) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end('misdirected request')
      return
    }
    try {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
      const file = await fileUnder(realRoot, pathname)
      if (!file) {
        response.writeHead(403).end()
        return
      }
      const body = await readFile(file)
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  listening = typeof address === 'object' && address ? address.port : port
  return { url: `http://127.0.0.1:${listening}/`, server }
}
