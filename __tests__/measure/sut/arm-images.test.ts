import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { armImageNames, imageOverride } from '../../../src/measure/sut/compose/arm-images'

describe("an arm's images are named after the arm, so either slot's project can run them", () => {
  test('every service the arm builds gets an image of its own; pulled images stay shared', () => {
    const config = {
      services: {
        api: { build: { context: '/tree/api' }, image: 'shop/api:latest' },
        Store_DB: { build: { context: '/tree/store' } },
        cache: { image: 'redis:7' },
      },
    }
    const names = armImageNames(config, 'loadgate-r1-api-head')
    assert.deepEqual(names, {
      api: 'loadgate-r1-api-head-api',
      Store_DB: 'loadgate-r1-api-head-store_db',
    })
    assert.deepEqual(JSON.parse(imageOverride(names)), {
      services: {
        api: { image: 'loadgate-r1-api-head-api' },
        Store_DB: { image: 'loadgate-r1-api-head-store_db' },
      },
    })
    assert.deepEqual(armImageNames({}, 'x'), {})
    assert.deepEqual(armImageNames(null, 'x'), {})
  })
})
