import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
export const options = {
  scenarios: {
    search: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 50),
      timeUnit: '1s',
      duration: __ENV.DURATION || '10s',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
}

export default function () {
  const response = http.get(`${BASE_URL}/search?q=term${Math.floor(Math.random() * 100)}`, {
    tags: { name: 'GET /search' },
  })
  check(response, { 'status is 200': (r) => r.status === 200 })
}
