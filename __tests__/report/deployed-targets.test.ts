import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { renderComment } from '../../src/report/markdown'
import { comparisons } from '../testkit/comparisons'

describe('the report of a run against deployed targets', () => {
  test('names both addresses and says the comparison is only as fair as the environments', () => {
    const comparison = comparisons.noChange()
    comparison.meta.targets = {
      base: 'https://main.preview.example.com',
      head: 'https://pr-7.preview.example.com/api',
    }
    const body = renderComment(comparison, {})
    assert.match(
      body,
      /⚠️ Measured against deployed environments: base https:\/\/main\\\.preview\\\.example\\\.com, head https:\/\/pr\\-7\\\.preview\\\.example\\\.com\/api\. The comparison is only as fair as these two environments are alike/,
    )
  })

  test('an address is escaped: it can neither inject a link nor HTML', () => {
    const comparison = comparisons.noChange()
    comparison.meta.targets = { head: 'https://x.example.com/[a](http://evil)<img src=x>' }
    const body = renderComment(comparison, {})
    assert.ok(!body.includes('[a](http://evil)') && !body.includes('<img'), body)
    assert.match(body, /base –, head https/)
  })

  test('a run on this runner says nothing of deployed environments', () => {
    assert.doesNotMatch(renderComment(comparisons.noChange(), {}), /deployed environments/)
  })
})
