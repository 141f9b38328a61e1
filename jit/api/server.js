// The JIT reference service: Node's own HTTP server, no dependencies. Each handler is a named
// function doing a few hundred microseconds of CPU work (inputs from fixed seeds), so a CPU
// profile names the handler whose work grew. CPU_WORK_PERCENT adds that much more of a handler's
// own work inside the handler itself, on the route CPU_WORK_ROUTE names (k6's name tag, e.g.
// `POST /checkout`), or on every route when unset. The response does not change.
'use strict'
const http = require('node:http')

const ROUTES = ['GET /catalog', 'GET /quote/:id', 'POST /checkout']
const workPercent = Number(process.env.CPU_WORK_PERCENT || 0)
const workRoute = process.env.CPU_WORK_ROUTE || ''
if (!Number.isFinite(workPercent) || workPercent < 0) {
  console.error(`CPU_WORK_PERCENT=${process.env.CPU_WORK_PERCENT}: expected a number of percent, 0 or more`)
  process.exit(2)
}
if (workRoute && !ROUTES.includes(workRoute)) {
  console.error(`CPU_WORK_ROUTE=${workRoute}: expected one of ${ROUTES.join(', ')}`)
  process.exit(2)
}
/** How many times a route repeats its own work: 1, plus the knob's share where it applies. */
const rounds = (route) => 1 + (!workRoute || workRoute === route ? workPercent / 100 : 0)

/** A seeded pseudo-random sequence (xorshift32): the same inputs for every request of a route. */
function seeded(seed) {
  let x = seed | 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 4294967296
  }
}

const PRODUCTS = Array.from({ length: 2000 }, (_, i) => {
  const random = seeded(i + 1)
  return {
    id: i,
    name: `product-${i}-${Math.floor(random() * 1e6)}`,
    price: Math.round(random() * 10000) / 100,
  }
})

/** GET /catalog?page=N: a page of 150 products, formatted and JSON-encoded. */
function renderCatalog(page) {
  let body = ''
  for (let r = 0, n = rounds('GET /catalog'); r < n; r++) {
    const start = ((page * 150) % PRODUCTS.length) | 0
    const items = []
    const limit = Math.min(150, (n - r) * 150) // a fractional last round does part of a page
    for (let i = 0; i < limit; i++) {
      const p = PRODUCTS[(start + i) % PRODUCTS.length]
      items.push({
        id: p.id,
        name: p.name.toUpperCase(),
        price: p.price.toFixed(2),
        tags: [p.id % 7, p.id % 11],
      })
    }
    const json = JSON.stringify({ page, items })
    if (r === 0) body = json
  }
  return body
}

/** GET /quote/:id: a price quote from 40,000 steps of seeded arithmetic. */
function priceQuote(id) {
  let quote = 0
  for (let r = 0, n = rounds('GET /quote/:id'); r < n; r++) {
    const random = seeded(id + 7)
    let total = 0
    const steps = Math.round(Math.min(1, n - r) * 40000)
    for (let i = 0; i < steps; i++) total = (total * 31 + Math.floor(random() * 1000)) % 1000003
    if (r === 0) quote = total
  }
  return JSON.stringify({ id, quote })
}

/** POST /checkout: prices an order's lines and checksums a 60,000-byte ledger derived from it. */
function checkout(order) {
  const lines = Array.isArray(order.lines) ? order.lines : []
  let total = 0
  for (const line of lines)
    total += (PRODUCTS[(line.item | 0) % PRODUCTS.length]?.price ?? 0) * (line.quantity | 0)
  let checksum = 0
  for (let r = 0, n = rounds('POST /checkout'); r < n; r++) {
    let hash = 2166136261
    const bytes = Math.round(Math.min(1, n - r) * 60000)
    for (let i = 0; i < bytes; i++) {
      hash ^= (i * 131 + lines.length + Math.round(total)) & 0xff
      hash = Math.imul(hash, 16777619)
    }
    if (r === 0) checksum = hash >>> 0
  }
  return JSON.stringify({ lines: lines.length, total: Math.round(total * 100) / 100, checksum })
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

function route(req, res, body) {
  const url = new URL(req.url, 'http://service')
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, '{"ok":true}')
  if (req.method === 'GET' && url.pathname === '/catalog')
    return send(res, 200, renderCatalog(Number(url.searchParams.get('page')) | 0))
  const quote = /^\/quote\/(\d+)$/.exec(url.pathname)
  if (req.method === 'GET' && quote) return send(res, 200, priceQuote(Number(quote[1])))
  if (req.method === 'POST' && url.pathname === '/checkout') {
    let order
    try {
      order = JSON.parse(body)
    } catch {
      return send(res, 400, '{"error":"the body is not JSON"}')
    }
    return send(res, 200, checkout(order))
  }
  send(res, 404, '{"error":"no such route"}')
}

if (process.argv.includes('-health')) {
  // The Compose healthcheck: the image has no curl.
  fetch('http://127.0.0.1:8080/health').then(
    (r) => process.exit(r.ok ? 0 : 1),
    () => process.exit(1),
  )
} else {
  const server = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  server.keepAliveTimeout = 65_000
  server.listen(8080, () => console.log('listening on :8080'))
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}
