import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { compareResults } from '../../src/decide'
import { parseResults } from '../../src/model/results-file'
import { renderComment } from '../../src/report/markdown'
import { makeResults, wobble } from '../../testkit/results-factory'

// A trusted run names the keys of the head's loadgate.yml it did not use. They travel in the
// results the fork's code could have rewritten, so only setting names pass, shown as code.

function results(ignoredSettings?: unknown) {
  const made = makeResults({
    rounds: 10,
    base: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 1)) }),
    head: (r) => ({ p50: 10 * (1 + wobble(r, 0.01, 2)) }),
  })
  return { ...made, meta: { ...made.meta, ...(ignoredSettings ? { ignoredSettings } : {}) } }
}

describe("the head's ignored settings in a trusted run's comment", () => {
  test('are named in one line, each as code; none, no line', () => {
    const named = renderComment(
      compareResults(parseResults('r.json', results(['base-ref', 'target'])), { failOn: [] }),
      {},
    )
    const lines = named.split('\n').filter((l) => l.includes("The head's loadgate.yml differs"))
    assert.deepEqual(lines, [
      "ℹ️ The head's loadgate.yml differs from the trusted branch's on `base-ref`, `target`: a trusted run " +
        "measures under the trusted branch's settings, so those were ignored.",
    ])
    const none = renderComment(compareResults(parseResults('r.json', results()), { failOn: [] }), {})
    assert.doesNotMatch(none, /differs from the trusted branch/)
  })

  test('anything but a setting name is refused when the results are read', () => {
    for (const hostile of [['[x](javascript:alert(1))'], ['`'], ['a'.repeat(41)], Array(101).fill('target')])
      assert.throws(
        () => parseResults('r.json', results(hostile)),
        /^LoadgateError: r\.json is not a valid results file/,
      )
  })
})
