import { describe, test, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { watchHistory } from '../../../src/decide/change-points'
import { createGitHubForge } from '../../../src/forge/github/forge'
import { readRunContext } from '../../../src/forge/github/context'
import { syncShiftIssues } from '../../../src/modes/shift-issues'
import { defaultThresholds } from '../../../src/settings/thresholds'
import type { RunRecord } from '../../../src/model/types'
import { startGitHubDouble, type DoubleOptions, type GitHubDouble } from '../../testkit/github-double'
import { recordsOf, stepSeries } from '../../testkit/step-histories'

let double: GitHubDouble | null = null
afterEach(async () => {
  await double?.close()
  double = null
})

const SERIES = 'api POST /orders'
const shaOf = (i: number) => (i + 1).toString(16).padStart(40, 'b')
/** p95 of the series over `runs` runs: +18% from run 20 on, back to the old level from `revertAt`. */
function history(
  runs: number,
  options: { revertAt?: number; key?: string; messageOf?: (i: number) => string } = {},
) {
  const steps = [
    { at: 20, size: 0.18 },
    ...(options.revertAt ? [{ at: options.revertAt, size: 1 / 1.18 - 1 }] : []),
  ]
  return recordsOf(stepSeries({ runs, noise: 0.02, steps, seed: 8 }), {
    key: options.key,
    messageOf: options.messageOf,
  })
}

async function setup(options: DoubleOptions = {}) {
  double = await startGitHubDouble(options)
  const context = readRunContext({
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_API_URL: double.url,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: '',
  })
  const forge = createGitHubForge(context, 'ghs_test')
  const thresholds = defaultThresholds()
  const sync = (records: RunRecord[]) =>
    syncShiftIssues({
      forge,
      benchmark: 'api',
      minChange: 0.05,
      shifts: watchHistory({ records, branch: 'main', thresholds }),
      links: (shift) => ({
        serverUrl: 'https://github.com',
        repository: 'acme/shop',
        dashboard: forge.dashboardUrl('loadgate', 'api', shift.series),
      }),
    })
  return { double, sync }
}

describe('one issue per shift (API double checked against the OpenAPI description)', () => {
  test('opened once, updated as runs refine it, never duplicated, closed when reverted', async () => {
    const { double, sync } = await setup()
    const opened = await sync(history(30))
    assert.equal(opened.length, 1, opened.join('\n'))
    assert.equal(double.state.issues.length, 1)
    const issue = double.state.issues[0]!
    // p50 and p95 moved at the same run: one issue, the larger change naming it.
    assert.match(
      issue.title,
      new RegExp(
        `^p(50|95) of ${SERIES} \\+1[5-9]% since ${shaOf(20).slice(0, 7)} \\(p(50|95) \\+1[5-9]%\\)$`,
      ),
    )
    assert.match(issue.body ?? '', /^<!-- loadgate-shift bench=api id=[0-9a-f]{16} after=\d+ -->/)
    assert.ok(issue.body?.includes(`https://github.com/acme/shop/commit/${shaOf(19)}`), 'last run before')
    assert.ok(issue.body?.includes(`https://github.com/acme/shop/commit/${shaOf(20)}`), 'first run after')
    assert.ok(issue.body?.includes(`/compare/${shaOf(19)}...${shaOf(20)}`))
    for (const metric of ['p50', 'p95'])
      assert.match(
        issue.body ?? '',
        new RegExp(
          `\\| ${metric} \\| \\+1\\d% worse \\| [\\d.\\\\]+ ms \\([\\d.\\\\]+ ms – [\\d.\\\\]+ ms\\) \\| [\\d.\\\\]+ ms \\(.*\\) \\| 20 / 10 \\| `,
        ),
      )
    assert.ok(
      issue.body?.includes('https://acme.github.io/shop/loadgate/#bench=api&series=api%20POST%20%2Forders'),
    )

    assert.deepEqual(await sync(history(30)), [], 'nothing changed: nothing written')
    const refined = await sync(history(36))
    assert.equal(double.state.issues.length, 1, 'updated, not duplicated')
    assert.match(refined[0] ?? '', /^updated #1 /)
    assert.match(double.state.issues[0]!.body ?? '', / \| 20 \/ 16 \| /)

    const reverted = await sync(history(50, { revertAt: 40 }))
    assert.match(reverted.join('\n'), /^closed #1 Reverted: the level is back since `/m)
    assert.equal(double.state.issues.length, 1)
    assert.equal(double.state.issues[0]!.state, 'closed')
    assert.match(
      double.state.comments.get(1)?.[0]?.body ?? '',
      new RegExp(`^Reverted: .*${shaOf(40).slice(0, 7)}`),
    )
    assert.deepEqual(await sync(history(50, { revertAt: 40 })), [])
    assert.deepEqual(double.violations, [])
  })

  test('a shift issue closed by hand is accepted: it stays closed and is not filed again', async () => {
    const { double, sync } = await setup()
    await sync(history(30))
    double.state.issues[0]!.state = 'closed'
    assert.deepEqual(await sync(history(34)), [])
    assert.equal(double.state.issues.length, 1)
    assert.deepEqual(double.violations, [])
  })

  test("another user's issue with a marker is not loadgate's; names and commit messages are escaped", async () => {
    const { double, sync } = await setup({
      seededIssues: [
        {
          user: 'mallory',
          title: 'fake',
          body: '<!-- loadgate-shift bench=api id=0123456789abcdef after=1 -->',
        },
      ],
    })
    const key = 'api POST /orders <img src=x onerror=alert(1)> [x](https://evil.example) @team'
    const done = await sync(
      history(30, { key, messageOf: (i) => `fix **it** <script>${i}</script> @everyone` }),
    )
    assert.equal(done.length, 1)
    assert.equal(double.state.issues.length, 2)
    assert.equal(double.state.issues[0]!.state, 'open', "mallory's issue is left alone")
    const body = double.state.issues[1]!.body ?? ''
    assert.equal(body.includes('<img'), false)
    assert.equal(body.includes('<script>'), false)
    assert.equal(body.includes('[x](https://evil.example)'), false)
    assert.equal(/@(team|everyone)/.test(body), false, 'no mentions')
    assert.ok(body.includes('&lt;img src=x onerror=alert\\(1\\)&gt;'))
    assert.deepEqual(double.violations, [])
  })
})
