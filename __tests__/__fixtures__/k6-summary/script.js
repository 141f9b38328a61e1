/* global __ITER */
// The run behind summary-export.json and handle-summary.json: against a local server answering every
// request after 2 ms (404 for /missing), with 'k6 run --summary-export summary-export.json script.js'.
import http from 'k6/http'
import { Trend } from 'k6/metrics'
const queue = new Trend('queue_wait', true)
export const options = {
  iterations: 30,
  vus: 2,
  summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
  thresholds: {
    'http_req_duration{name:GET /users}': ['p(95)<500'],
    'http_req_duration{scenario:default,method:POST,name:/orders}': ['p(95)<500'],
    http_req_failed: ['rate<0.5'],
  },
}
export default function () {
  http.get('http://127.0.0.1:18558/users', { tags: { name: 'GET /users' } })
  http.post('http://127.0.0.1:18558/orders', 'x', { tags: { name: '/orders' } })
  if (__ITER % 10 === 0) http.get('http://127.0.0.1:18558/missing')
  queue.add(1.5)
}
export function handleSummary(data) {
  return { 'handle-summary.json': JSON.stringify(data, null, 2) }
}
