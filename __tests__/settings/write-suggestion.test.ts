import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readConfig } from '../../src/settings/config-file'
import { assertUpdatable, withSuggestion, writeSuggestion } from '../../src/settings/write-suggestion'

const SUGGESTION = { minRounds: 14, maxRounds: 28 }

describe('writing the calibration suggestion into loadgate.yml', () => {
  test('sets the rounds in place, keeps comments and other keys, adds new keys above benchmarks', () => {
    const text = `# our gate
service: api # the public one
min-rounds: 10

benchmarks:
  - { name: shop, k6-script: k6/shop.js } # main flow
`
    assert.equal(
      withSuggestion(text, 'loadgate.yml', SUGGESTION),
      `# our gate
service: api # the public one
min-rounds: 14
max-rounds: 28

benchmarks:
  - { name: shop, k6-script: k6/shop.js } # main flow
`,
    )
  })

  test('the settings reader reads what was written', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-write-'))
    try {
      const file = path.join(dir, 'loadgate.yml')
      await writeFile(file, 'service: api\nmax-rounds: 20 # two looks\n')
      await writeSuggestion(file, SUGGESTION)
      const config = readConfig('loadgate.yml', dir)
      assert.equal(config.shared['min-rounds'], '14')
      assert.equal(config.shared['max-rounds'], '28')
      assert.match(await readFile(file, 'utf8'), /max-rounds: 28 # two looks/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('refuses in one line a file it cannot update safely', async () => {
    const refusals: Array<[string, RegExp]> = [
      ['- a list\n', /its top level is not a mapping of settings/],
      ['service: [api\n', /it is not valid YAML/],
      ['service: api\n---\nservice: web\n', /it is not valid YAML/],
      ['min-rounds: { first: 10 }\n', /its 'min-rounds' is not a single value/],
    ]
    for (const [text, reason] of refusals) {
      assert.throws(
        () => withSuggestion(text, 'loadgate.yml', SUGGESTION),
        (error: Error) =>
          reason.test(error.message) &&
          error.message.startsWith("Flag '--write' cannot update 'loadgate.yml': ") &&
          !error.message.includes('\n'),
      )
    }
    await assert.rejects(
      assertUpdatable(path.join(os.tmpdir(), 'no-such-loadgate.yml')),
      /cannot update .*: it cannot be read/,
    )
  })
})
