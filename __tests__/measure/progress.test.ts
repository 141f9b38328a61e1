import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { plainProgress, type ProgressEvent } from '../../src/measure/progress'

describe('progress messages', () => {
  test('reach the listener without control characters: a request name cannot start a log line', () => {
    const seen: ProgressEvent[] = []
    const progress = plainProgress((event) => seen.push(event))
    progress({
      message: 'round 1 head: 10 requests; GET /pay\n::error::pwned\r\u001b[2J p50 1 ms',
      done: 1,
      planned: 4,
      etaSeconds: 3,
    })
    assert.deepEqual(seen, [
      {
        message: 'round 1 head: 10 requests; GET /pay?::error::pwned??[2J p50 1 ms',
        done: 1,
        planned: 4,
        etaSeconds: 3,
      },
    ])
  })
})
