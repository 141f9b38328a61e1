// Three scenarios, as the challenge API's own load test has them: an initialization burst that
// creates challenges, then — starting one second in — a steady API mix and an event stream.
// Open model throughout (constant-arrival-rate); DURATION is the steady part's length.
import http from 'k6/http'
import { check } from 'k6'

const BASE_URL = __ENV.BASE_URL
const duration = __ENV.DURATION || '10s'
const ok = { 'status 2xx': (r) => r.status >= 200 && r.status < 300 }

export const options = {
  scenarios: {
    init: {
      executor: 'constant-arrival-rate',
      exec: 'createChallenge',
      rate: 50,
      timeUnit: '1s',
      duration: '1s',
      preAllocatedVUs: 10,
      maxVUs: 50,
    },
    api: {
      executor: 'constant-arrival-rate',
      exec: 'apiMix',
      startTime: '1s',
      rate: 60,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 10,
      maxVUs: 60,
    },
    events: {
      executor: 'constant-arrival-rate',
      exec: 'eventStream',
      startTime: '1s',
      rate: 20,
      timeUnit: '1s',
      duration,
      preAllocatedVUs: 5,
      maxVUs: 30,
    },
  },
}

export function createChallenge() {
  check(http.post(`${BASE_URL}/challenges`, '{}', { tags: { name: 'POST /challenges' } }), ok)
}

export function apiMix() {
  const id = Math.floor(Math.random() * 100)
  if (Math.random() < 0.5) {
    check(http.get(`${BASE_URL}/challenges/${id}`, { tags: { name: 'GET /challenges/:id' } }), ok)
  } else {
    const url = `${BASE_URL}/challenges/${id}/progress`
    check(http.post(url, '{"step":1}', { tags: { name: 'POST /challenges/:id/progress' } }), ok)
  }
}

export function eventStream() {
  check(http.get(`${BASE_URL}/events?after=${Date.now()}`, { tags: { name: 'GET /events' } }), ok)
}
