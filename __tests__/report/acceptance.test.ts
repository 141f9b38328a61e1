import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { marked } from 'marked'
import type { Acceptance } from '../../src/model/acceptance'
import { acceptanceIn, acceptedDescription, withAcceptance } from '../../src/report/acceptance'

const SHA = 'a'.repeat(40)
const BODY =
  '<!-- loadgate:api digest=0123 -->\n### ❌ loadgate · api — Blocked — p50 of GET /search +30%\n\nrest\n'
const acceptance = (reason: string, by = 'maintainer'): Acceptance => ({
  by,
  at: '2026-11-25T04:00:00.000Z',
  reason,
  via: 'comment',
  headSha: SHA,
  accepted: 'Blocked — p50 of GET /search +30%',
})

describe('an acceptance in the sticky comment', () => {
  test('goes under the marker line, is read back, and replaces an earlier one', () => {
    const once = withAcceptance(BODY, acceptance('first reason'))
    assert.ok(once.startsWith('<!-- loadgate:api digest=0123 -->\n<!-- loadgate-accepted '))
    assert.ok(once.endsWith('### ❌ loadgate · api — Blocked — p50 of GET /search +30%\n\nrest\n'))
    assert.equal(acceptanceIn(once)?.reason, 'first reason')
    const twice = withAcceptance(once, acceptance('second reason', 'lead'))
    assert.equal(twice.match(/loadgate-accepted/g)?.length, 1, 'one acceptance at a time')
    assert.deepEqual(acceptanceIn(twice), acceptance('second reason', 'lead'))
    assert.equal(acceptanceIn(BODY), null)
  })

  test('attacker: a reason cannot close the hidden record, inject markup or forge a mention', () => {
    const reason = 'ok --> <img src=x onerror=alert(1)> [click](https://evil.example) @everyone'
    const body = withAcceptance(BODY, acceptance(reason))
    const html = marked.parse(body, { async: false })
    // A bare URL is shown as itself (GitHub links those anyway); `[click](…)` never hides one.
    assert.doesNotMatch(html, /<img|>click<\/a>/)
    assert.ok(!body.split('\n')[1]!.includes(' --> <img'), 'the hidden record holds no raw reason')
    assert.match(body, /@\u200beveryone/, 'a mention in the reason pings nobody')
    assert.equal(acceptanceIn(body)?.reason, reason, 'and it is kept exactly')
  })

  test('a tampered record is no acceptance', () => {
    const body = withAcceptance(BODY, acceptance('fine'))
    const forged = Buffer.from(JSON.stringify({ ...acceptance('fine'), by: 'a b' })).toString('base64url')
    assert.equal(acceptanceIn(body.replace(/loadgate-accepted \S+/, `loadgate-accepted ${forged}`)), null)
    assert.equal(acceptanceIn(body.replace(/loadgate-accepted \S+/, 'loadgate-accepted bm90IGpzb24')), null)
  })

  test('the status description names who and why within 140 characters', () => {
    assert.equal(acceptedDescription(acceptance('known cost')), 'Accepted by @maintainer: known cost')
    const long = acceptedDescription(acceptance('x'.repeat(300)))
    assert.equal(long.length, 140)
    assert.ok(long.endsWith('…'))
  })
})
