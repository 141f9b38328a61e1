import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { currentFingerprints, FINGERPRINTS } from '../scripts/docs-images'

// The documentation's screenshots show what the code draws today: each image's fingerprint (the
// comment's markdown, the dashboard's files) must be the one it was rendered from.

test("the README's and docs' screenshots are current", async () => {
  const rendered = JSON.parse(await readFile(FINGERPRINTS, 'utf8')) as Record<string, string>
  const now = await currentFingerprints()
  assert.deepEqual(Object.keys(now).sort(), Object.keys(rendered).sort())
  for (const [image, fingerprint] of Object.entries(now))
    assert.equal(rendered[image], fingerprint, `${image} is out of date: run npm run docs:images`)
})
