// Load over eight named endpoints of the CPU-bound reference service (the four of mixed.js and
// four more), for checking that a gate over many series still settles and still sees one endpoint
// slowing down. Same open model and knobs as mixed.js: BASE_URL, DURATION, RATE.
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
if (!BASE_URL) throw new Error('BASE_URL is not set: run this script through loadgate or pass -e BASE_URL=…')

export const options = {
  scenarios: {
    shop: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 160),
      timeUnit: '1s',
      duration: __ENV.DURATION || '5s',
      preAllocatedVUs: 30,
      maxVUs: 150,
    },
  },
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

// Two hundred and fifty lines of the same shape every time: POST /validate does the same work per request.
const ORDER = JSON.stringify({
  lines: Array.from({ length: 250 }, (_, i) => ({
    sku: `sku-${10000000 + i}`,
    quantity: 1 + (i % 4),
    priceCents: 1999 + i,
  })),
})

// Equal shares: every endpoint's percentiles rest on about the same number of requests.
const ENDPOINTS = [
  (id) => http.get(`${BASE_URL}/catalog?page=${id}`, { tags: { name: 'GET /catalog' } }),
  () => http.get(`${BASE_URL}/top`, { tags: { name: 'GET /top' } }),
  (id) => http.get(`${BASE_URL}/stock/${id}`, { tags: { name: 'GET /stock/:id' } }),
  (id) =>
    http.post(`${BASE_URL}/orders`, JSON.stringify({ item: id, quantity: 1 }), {
      headers: JSON_HEADERS,
      tags: { name: 'POST /orders' },
    }),
  (id) => http.get(`${BASE_URL}/search?q=${String(id).padStart(3, '0')}`, { tags: { name: 'GET /search' } }),
  (id) => http.get(`${BASE_URL}/render/${id}`, { tags: { name: 'GET /render/:id' } }),
  (id) => http.get(`${BASE_URL}/hash/${id}`, { tags: { name: 'GET /hash/:id' } }),
  () => http.post(`${BASE_URL}/validate`, ORDER, { headers: JSON_HEADERS, tags: { name: 'POST /validate' } }),
]

export default function () {
  const id = Math.floor(Math.random() * 1000)
  const response = ENDPOINTS[Math.floor(Math.random() * ENDPOINTS.length)](id)
  check(response, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 })
}
