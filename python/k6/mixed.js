// Load for the Python reference service: one open-model (constant-arrival-rate) scenario over three
// named endpoints. loadgate passes the target as BASE_URL; the trial length and rate come from
// DURATION and RATE (set them with loadgate's k6-env).
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
if (!BASE_URL) throw new Error('BASE_URL is not set: run this script through loadgate or pass -e BASE_URL=…')

export const options = {
  scenarios: {
    mixed: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 100),
      timeUnit: '1s',
      duration: __ENV.DURATION || '10s',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
}

export default function () {
  const id = Math.floor(Math.random() * 1000)
  const pick = Math.random()
  let response
  if (pick < 0.4) {
    response = http.get(`${BASE_URL}/catalog?page=${id}`, { tags: { name: 'GET /catalog' } })
  } else if (pick < 0.7) {
    response = http.get(`${BASE_URL}/quote/${id}`, { tags: { name: 'GET /quote/:id' } })
  } else {
    const lines = Array.from({ length: 1 + (id % 5) }, (_, i) => ({ item: id + i, quantity: 1 + i }))
    response = http.post(`${BASE_URL}/checkout`, JSON.stringify({ lines }), {
      headers: { 'Content-Type': 'application/json' },
      tags: { name: 'POST /checkout' },
    })
  }
  check(response, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 })
}
