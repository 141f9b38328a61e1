import { describe, test, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readRunContext } from '../../src/forge/github/context'
import { runBenchmark } from '../../src/pipeline'
import type { Reporter } from '../../src/report/reporter'
import { startGitHubDouble, type GitHubDouble } from '../../testkit/github-double'
import { settingsFor } from '../../testkit/settings'

// Anyone can comment `/loadgate accept`: only users who may accept get an answer. Everyone else is
// ignored in silence (the log says why), so a comment cannot make loadgate's token write.

const PR = 4
let double: GitHubDouble | null = null
const dirs: string[] = []
const savedEnv = { ...process.env }

afterEach(async () => {
  await double?.close()
  double = null
  process.env = { ...savedEnv }
})
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function commentBy(login: string, body: string) {
  double = await startGitHubDouble({
    pulls: [{ number: PR, headSha: 'a'.repeat(40) }],
    permissions: { maintainer: 'maintain', reader: 'read' },
  })
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-accept-silence-'))
  dirs.push(dir)
  const event = path.join(dir, 'event.json')
  await writeFile(
    event,
    JSON.stringify({
      action: 'created',
      issue: { number: PR, pull_request: { url: 'u' } },
      comment: { body, user: { login }, created_at: new Date().toISOString() },
    }),
  )
  const env = { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'acme/shop' }
  Object.assign(process.env, env, { GITHUB_API_URL: double.url })
  const context = readRunContext({ ...env, GITHUB_API_URL: double.url, GITHUB_RUN_ID: '78' })
  const lines: string[] = []
  const reporter: Reporter = {
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    group: (_t, work) => work(),
    summary: () => {},
  }
  const settings = settingsFor(dir, { mode: 'accept', 'github-token': 'ghs_write' })
  const outcome = await runBenchmark(settings, null, context, reporter)
  return { outcome, lines, writes: double.requests.filter((r) => r.method !== 'GET') }
}

describe('who gets an answer to /loadgate accept (API double)', () => {
  test('a reader is ignored: no reply, no status, one log line', async () => {
    const { outcome, lines, writes } = await commentBy('reader', '/loadgate accept looks fine')
    assert.equal(outcome.headline, 'acceptance ignored')
    assert.deepEqual(writes, [])
    assert.ok(
      lines.some((l) => /by reader on #4 ignored: read access, accepting needs write/.test(l)),
      lines.join('\n'),
    )
    assert.deepEqual(double!.violations, [])
  })

  test('a maintainer whose request is refused still gets the reply saying why', async () => {
    const { outcome, writes } = await commentBy('maintainer', '/loadgate accept')
    assert.equal(outcome.headline, 'acceptance refused')
    assert.equal(writes.length, 1)
    assert.match(String((writes[0]!.body as { body: string }).body), /^@maintainer: say why/)
  })
})
