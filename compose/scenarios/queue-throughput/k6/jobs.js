// Enqueues jobs at a fixed rate and waits for each until a worker has done it (a long poll). What
// matters is what the workers deliver, so the script records it itself: job_latency (enqueue →
// done, a Trend) and jobs_completed (a Counter: loadgate gates on its rate, completed jobs per second).
import http from 'k6/http'
import { check } from 'k6'
import { Counter, Trend } from 'k6/metrics'

const BASE_URL = __ENV.BASE_URL
const jobLatency = new Trend('job_latency', true)
const jobsCompleted = new Counter('jobs_completed')
/** A job not done within a second counts as not completed. */
const WAIT_MS = 1000

export const options = {
  scenarios: {
    producers: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 80),
      timeUnit: '1s',
      duration: __ENV.DURATION || '10s',
      // A waiting producer holds its VU for up to a second: rate × 1 s, with room to spare.
      preAllocatedVUs: 120,
      maxVUs: 200,
    },
  },
}

export default function () {
  const enqueued = Date.now()
  const response = http.post(`${BASE_URL}/jobs`, '{}', { tags: { name: 'POST /jobs' } })
  if (!check(response, { 'job accepted': (r) => r.status === 202 })) return
  const url = `${BASE_URL}/jobs/${response.json('id')}?wait=${WAIT_MS}`
  const status = http.get(url, { tags: { name: 'GET /jobs/:id' }, timeout: `${WAIT_MS + 2000}ms` })
  if (status.status === 200 && status.json('done')) {
    jobLatency.add(Date.now() - enqueued)
    jobsCompleted.add(1)
  }
}
