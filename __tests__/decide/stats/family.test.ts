import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { maxTAdjusted } from '../../../src/decide/stats/max-t'
import { signFlipInterval } from '../../../src/decide/stats/sign-flip'

const SHIFTED = [0.05, 0.04, 0.06, 0.03, 0.07, 0.05, -0.01, 0.06, 0.04, 0.05]

describe('the maxT family and the sign-flip test agree', () => {
  test('a metric whose differences are all equal leaves the family: it does not raise the others’ p', () => {
    const alone = maxTAdjusted([SHIFTED])[0]!
    // A constant error rate of 0, shifted by δ/2, is a constant −δ/2 in every round.
    const [withConstant, constant] = maxTAdjusted([SHIFTED, SHIFTED.map(() => -0.025)])
    assert.equal(withConstant, alone)
    assert.equal(constant, 1)
    const [, positive] = maxTAdjusted([SHIFTED, SHIFTED.map(() => 0.01)])
    assert.equal(positive, 2 ** -SHIFTED.length, 'a constant rise is its own exact sign-flip p')
  })

  test('ties within rounding count against rejection in both: one metric’s adjusted p is its own p', () => {
    // 0.1 + 0.2 − 0.3 is 5.6e-17 in floating point: a flip of those three leaves the sum unchanged.
    const differences = [0.1, 0.2, -0.3, 0.4, 0.5, 0.6, -0.7]
    const own = signFlipInterval(differences, 0.05)
    assert.equal(maxTAdjusted([differences])[0], own.pGreater)
    assert.equal(maxTAdjusted([differences.map((d) => -d)])[0], own.pLess)
  })
})
