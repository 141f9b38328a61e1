// Two scenarios at once: load on /query, and a steady probe of /status measured meanwhile.
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
const duration = __ENV.DURATION || '10s'
export const options = {
  scenarios: {
    queries: {
      executor: 'constant-arrival-rate',
      exec: 'query',
      rate: 40,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 20,
      maxVUs: 60,
    },
    probes: {
      executor: 'constant-arrival-rate',
      exec: 'probe',
      rate: 20,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 5,
      maxVUs: 20,
    },
  },
}

export function query() {
  check(http.get(`${BASE_URL}/query`, { tags: { name: 'GET /query' } }), {
    'query ok': (r) => r.status === 200,
  })
}

export function probe() {
  check(http.get(`${BASE_URL}/status`, { tags: { name: 'GET /status' } }), {
    'status ok': (r) => r.status === 200,
  })
}
