// Load for the example: an open model (constant-arrival-rate), so a slower service cannot
// hide behind fewer requests. loadgate passes the target as BASE_URL; the trial length and
// rate come from DURATION and RATE (set them with loadgate's k6-env).
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
if (!BASE_URL) throw new Error('BASE_URL is not set: run this script through loadgate or pass -e BASE_URL=…')

export const options = {
  scenarios: {
    api: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 100),
      timeUnit: '1s',
      duration: __ENV.DURATION || '5s',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
}

export default function () {
  const id = Math.floor(Math.random() * 1000)
  const pick = Math.random()
  let response
  if (pick < 0.5) {
    response = http.get(`${BASE_URL}/items/${id}`, { tags: { name: 'GET /items/:id' } })
  } else if (pick < 0.8) {
    response = http.get(`${BASE_URL}/inventory/${id}`, { tags: { name: 'GET /inventory/:id' } })
  } else {
    const body = JSON.stringify({ item: id, quantity: 1 + (id % 5) })
    response = http.post(`${BASE_URL}/orders`, body, {
      headers: { 'Content-Type': 'application/json' },
      tags: { name: 'POST /orders' },
    })
  }
  check(response, { 'status is 2xx': (r) => r.status >= 200 && r.status < 300 })
}
