/* global __ENV, __ITER */
// Fixture script: custom Trend/Rate/Counter/Gauge, failing requests (the stack runs with
// ERROR_RATE=0.3), a request whose response callback is switched off, and a crossed threshold.
// Recorded (custom-2s.json.gz with k6 v1.8.1, custom-v2-2s.json.gz with v2.2.0) against
// `ERROR_RATE=0.3 docker compose -f compose/compose.yaml up --build --wait` with:
//   k6 run --quiet --no-usage-report --include-system-env-vars=false --address '' \
//     --out json=custom-2s.json.gz --tag loadgate_arm=head --tag loadgate_round=1 -e BASE_URL=http://127.0.0.1:PORT custom.js
import http from 'k6/http'
import { check } from 'k6'
import { Counter, Gauge, Rate, Trend } from 'k6/metrics'

const orderTime = new Trend('order_time', true)
const inStock = new Rate('in_stock')
const orders = new Counter('orders_placed')
const queue = new Gauge('queue_depth')

export const options = {
  scenarios: {
    shop: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '2s', preAllocatedVUs: 5 },
  },
  thresholds: { http_req_failed: ['rate<0.01'] },
}

export default function () {
  const r = http.get(`${__ENV.BASE_URL}/items/${__ITER % 7}`, { tags: { name: 'GET /items/:id' } })
  check(r, { 'status is 200': (res) => res.status === 200 })
  const o = http.post(`${__ENV.BASE_URL}/orders`, '{"item":1,"quantity":2}', {
    headers: { 'Content-Type': 'application/json' },
    tags: { name: 'POST /orders' },
    responseCallback: null,
  })
  orderTime.add(o.timings.duration)
  inStock.add(__ITER % 4 !== 0)
  if (o.status === 200 || o.status === 201) orders.add(1)
  queue.add(__ITER % 5)
}
