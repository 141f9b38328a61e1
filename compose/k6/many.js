// Load over eight named endpoints of the example (the three of api.js and five more), for
// checking that a gate over many endpoints still settles and still sees one endpoint slowing
// down. Same open model and knobs as api.js: BASE_URL, DURATION, RATE.
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

// Equal shares: every endpoint's percentiles rest on about the same number of requests.
const ENDPOINTS = [
  (id) => http.get(`${BASE_URL}/items/${id}`, { tags: { name: 'GET /items/:id' } }),
  (id) => http.get(`${BASE_URL}/inventory/${id}`, { tags: { name: 'GET /inventory/:id' } }),
  (id) =>
    http.post(`${BASE_URL}/orders`, JSON.stringify({ item: id, quantity: 1 }), {
      headers: JSON_HEADERS,
      tags: { name: 'POST /orders' },
    }),
  () => http.get(`${BASE_URL}/catalog`, { tags: { name: 'GET /catalog' } }),
  (id) => http.get(`${BASE_URL}/users/${id}`, { tags: { name: 'GET /users/:id' } }),
  (id) => http.get(`${BASE_URL}/search?q=${id}`, { tags: { name: 'GET /search' } }),
  (id) => http.get(`${BASE_URL}/reviews/${id}`, { tags: { name: 'GET /reviews/:id' } }),
  (id) =>
    http.put(`${BASE_URL}/cart/${id}`, JSON.stringify({ item: id }), {
      headers: JSON_HEADERS,
      tags: { name: 'PUT /cart/:id' },
    }),
]

export default function () {
  const id = Math.floor(Math.random() * 1000)
  const response = ENDPOINTS[Math.floor(Math.random() * ENDPOINTS.length)](id)
  check(response, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 })
}
