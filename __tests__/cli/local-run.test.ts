import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readRunContext } from '../../src/forge/github/context'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { reportComparison } from '../../src/modes/compare'
import { publish } from '../../src/modes/mode-context'
import type { Reporter } from '../../src/report/reporter'
import { comparisons } from '../../testkit/comparisons'
import { settingsFor } from '../../testkit/settings'

function recordingReporter(): { reporter: Reporter; lines: string[] } {
  const lines: string[] = []
  const reporter: Reporter = {
    info: (message) => lines.push(message),
    warning: (message) => lines.push(`warning: ${message}`),
    group: async (_title, work) => work(),
    summary: () => {},
  }
  return { reporter, lines }
}

describe('a run without a forge', () => {
  test('locally there is no job summary to point at; on a runner there is', async () => {
    const settings = settingsFor(process.cwd())
    const said: Record<string, string[]> = {}
    for (const eventName of ['local', 'push']) {
      const { reporter, lines } = recordingReporter()
      const context = { ...readRunContext({ GITHUB_WORKSPACE: process.cwd() }), eventName }
      const published = await publish(
        { settings, context, reporter, forge: null },
        comparisons.noChange(),
        {},
        null,
      )
      assert.deepEqual(published, { commentUrl: '', statusSet: false })
      said[eventName] = lines
    }
    assert.deepEqual(said.local, [])
    assert.ok(said.push!.some((line) => line.includes('job summary')))
  })
})

describe('the headline of a compare run', () => {
  test('is logged once: not by the mode where the front end prints the table that starts with it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-headline-'))
    try {
      const settings = settingsFor(process.cwd())
      const context = { ...readRunContext({ GITHUB_WORKSPACE: process.cwd() }), eventName: 'local' }
      const said: Record<string, string[]> = {}
      for (const printsResults of [false, true]) {
        const { reporter, lines } = recordingReporter()
        const comparison = comparisons.regression()
        await reportComparison(
          { settings, context, reporter: { ...reporter, printsResults }, forge: null },
          settings.benchmarks[0]!,
          path.join(dir, 'results.json'),
          comparison,
        )
        said[String(printsResults)] = lines.filter((line) => line.includes(comparison.headline))
      }
      assert.equal(said.false!.length, 1, 'the action logs it')
      assert.deepEqual(said.true, [], "the CLI's table carries it")
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
