import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { currentFingerprints, FINGERPRINTS, readBlockedRun } from '../scripts/docs-images'
import { builtInDefault } from '../src/settings/input-lookup'
import { defaultThresholds } from '../src/settings/thresholds'
import { integer, parseFraction } from '../src/settings/values'

// The documentation's screenshots show what the code draws today: each image's fingerprint (the
// comment's markdown, the dashboard's files) must be the one it was rendered from.

test("the README's and docs' screenshots are current", async () => {
  const rendered = JSON.parse(await readFile(FINGERPRINTS, 'utf8')) as Record<string, string>
  const now = await currentFingerprints()
  assert.deepEqual(Object.keys(now).sort(), Object.keys(rendered).sort())
  for (const [image, fingerprint] of Object.entries(now))
    assert.equal(rendered[image], fingerprint, `${image} is out of date: run npm run docs:images`)
})

// The comment's image is decided under the settings stored with its run: they must be what a run
// gets by default today, so a changed default fails here until the run's settings (and the image,
// npm run docs:images) follow it.
test("the README's comment image is decided under today's default settings", async () => {
  const { settings } = (await readBlockedRun()).results
  assert.deepEqual(settings.thresholds, JSON.parse(JSON.stringify(defaultThresholds())))
  assert.equal(settings.minRounds, integer('min-rounds', builtInDefault('min-rounds'), 1, 200))
  assert.equal(settings.maxRounds, integer('max-rounds', builtInDefault('max-rounds'), 1, 200))
  assert.equal(settings.maxErrorRate, parseFraction('max-error-rate', builtInDefault('max-error-rate')))
  assert.equal(settings.maxDroppedRate, parseFraction('max-dropped-rate', builtInDefault('max-dropped-rate')))
  assert.deepEqual(settings.erratic, [])
})
