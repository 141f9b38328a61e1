// Load for the CPU-bound reference service: one open-model (constant-arrival-rate) scenario over
// four named endpoints — a JSON-encoded catalogue page, a sort, and a write and a read that share
// one lock. loadgate passes the target as BASE_URL; the trial length and rate come from DURATION
// and RATE (set them with loadgate's k6-env).
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
if (!BASE_URL) throw new Error('BASE_URL is not set: run this script through loadgate or pass -e BASE_URL=…')

export const options = {
  scenarios: {
    mixed: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 150),
      timeUnit: '1s',
      duration: __ENV.DURATION || '5s',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

export default function () {
  const id = Math.floor(Math.random() * 1000)
  const pick = Math.random()
  let response
  if (pick < 0.3) {
    response = http.get(`${BASE_URL}/catalog?page=${id}`, { tags: { name: 'GET /catalog' } })
  } else if (pick < 0.6) {
    response = http.get(`${BASE_URL}/top`, { tags: { name: 'GET /top' } })
  } else if (pick < 0.8) {
    response = http.get(`${BASE_URL}/stock/${id}`, { tags: { name: 'GET /stock/:id' } })
  } else {
    response = http.post(`${BASE_URL}/orders`, JSON.stringify({ item: id, quantity: 1 + (id % 5) }), {
      headers: JSON_HEADERS,
      tags: { name: 'POST /orders' },
    })
  }
  check(response, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 })
}
