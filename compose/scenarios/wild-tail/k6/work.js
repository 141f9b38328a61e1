import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
export const options = {
  scenarios: {
    work: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 100),
      timeUnit: '1s',
      duration: __ENV.DURATION || '10s',
      preAllocatedVUs: 30,
      maxVUs: 150,
    },
  },
}

export default function () {
  check(http.get(`${BASE_URL}/work`, { tags: { name: 'GET /work' } }), {
    'status is 200': (r) => r.status === 200,
  })
}
