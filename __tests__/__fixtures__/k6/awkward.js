/* global __ENV, __ITER */
// Load for recording awkward but real k6 output: request names with quotes, a backslash and
// non-ASCII letters, custom Trend/Rate/Counter/Gauge metrics, checks, failed requests, a request
// whose response callback is switched off and an unnamed one. awkward-{default,lean}.json.gz are
// 5 s at 50 iterations/s of k6 v1.8.1 against the example with ERROR_RATE=0.2, recorded with
//   ERROR_RATE=0.2 RECORD=awkward node --import tsx bench/k6-cost.ts 5s 50 1 __tests__/__fixtures__/k6/awkward.js
// (which writes them to bench/recordings/; moved here).
import http from 'k6/http'
import { check, group } from 'k6'
import { Counter, Gauge, Rate, Trend } from 'k6/metrics'

const orderTime = new Trend('order_time', true)
const inStock = new Rate('in_stock')
const orders = new Counter('orders_placed')
const queue = new Gauge('queue_depth')

export const options = {
  scenarios: {
    shop: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 50),
      timeUnit: '1s',
      duration: __ENV.DURATION || '5s',
      preAllocatedVUs: 10,
    },
  },
}

export default function () {
  const r = http.get(`${__ENV.BASE_URL}/items/${__ITER % 7}`, { tags: { name: 'GET /items/"quoted" \\ id' } })
  check(r, { 'status is "200"': (res) => res.status === 200 })
  group('Bestellung – Größe ✓', () => {
    const i = http.get(`${__ENV.BASE_URL}/inventory/${__ITER % 5}`, { tags: { name: 'GET /inventário/:id ☃' } })
    check(i, { 'inventory ok': (res) => res.status === 200 })
  })
  const o = http.post(`${__ENV.BASE_URL}/orders`, '{"item":1,"quantity":2}', {
    headers: { 'Content-Type': 'application/json' },
    tags: { name: 'POST /orders' },
    responseCallback: null,
  })
  orderTime.add(o.timings.duration)
  inStock.add(__ITER % 4 !== 0)
  if (o.status === 200 || o.status === 201) orders.add(1)
  queue.add(__ITER % 5)
  http.get(`${__ENV.BASE_URL}/items/${__ITER % 3}`)
}
