import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { makeWorkRepo, type WorkRepo } from '../../testkit/git-repos'
import { makeResults } from '../../testkit/results-factory'
import { settingsFor } from '../../testkit/settings'
import { localRun } from './local-run'
import { storeRun } from '../../src/modes/record'
import { checkHistoryWritable, dashboardLink } from '../../src/modes/history-place'
import { reportLinks } from '../../src/modes/mode-context'
import { createForge } from '../../src/forge'
import { secretValues } from '../../src/settings/secrets'
import { toRunRecord } from '../../src/store'
import { comparisons } from '../../testkit/comparisons'

const FAKE_TOKEN = 'ghp_fakeHistoryToken0123456789'
const HEADER_VALUE = Buffer.from(`x-access-token:${FAKE_TOKEN}`).toString('base64')

const repos: WorkRepo[] = []
after(() => Promise.all(repos.map((r) => r.cleanup())))

/** A git server that refuses everything, keeping the headers it was sent. */
async function refusingGitServer(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close: () => void }> {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((request, response) => {
    seen.push(request.headers)
    response.writeHead(403).end('forbidden')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/acme/perf-history.git`, seen, close: () => server.close() }
}

describe('history-repository', () => {
  test('the history token goes to the history repository only, and never into a log, a message or a file', async () => {
    const repo = await makeWorkRepo({ prefix: 'loadgate-history-token-' })
    repos.push(repo)
    const server = await refusingGitServer()
    try {
      const settings = {
        ...settingsFor(process.cwd(), {
          mode: 'record',
          'history-repository': server.url,
          'history-token': FAKE_TOKEN,
        }),
        workspace: repo.dir,
      }
      const run = localRun(settings)
      const titles: string[] = []
      run.reporter.group = (title, work) => (titles.push(title), work())
      const checked = await checkHistoryWritable(settings).then(
        () => '',
        (error: Error) => error.message,
      )
      assert.match(checked, /perf-history\.git/)
      const results = makeResults({ rounds: 3, base: () => ({ p50: 10 }), head: () => ({ p50: 10 }) })
      const stored = await storeRun(
        run,
        toRunRecord(results, null, 'main'),
        path.join(repo.root, 'kept'),
      ).then(
        () => '',
        (error: Error) => error.message,
      )
      assert.match(
        stored,
        /Could not push the run to 'gh-pages' of http:\/\/127\.0\.0\.1:\d+\/acme\/perf-history\.git/,
      )
      // The token reached the history repository's server, as the header actions/checkout sends…
      const sent = server.seen.map((headers) => headers.authorization ?? '')
      assert.ok(sent.length > 0 && sent.every((value) => value === `basic ${HEADER_VALUE}`), sent.join(', '))
      // …and nowhere else: not the messages, the log lines, the checkout's git configuration.
      const everything = [
        checked,
        stored,
        ...titles,
        ...run.reporter.infos,
        ...run.reporter.warnings,
        await readFile(path.join(repo.dir, '.git', 'config'), 'utf8'),
      ].join('\n')
      for (const secret of [FAKE_TOKEN, HEADER_VALUE]) assert.ok(!everything.includes(secret), secret)
      // The action masks both forms, should git ever print its header.
      assert.ok(secretValues(settings).includes(FAKE_TOKEN))
      assert.ok(secretValues(settings).includes(HEADER_VALUE))
    } finally {
      server.close()
    }
  })

  test('a bad history-repository is a one-line error naming the input (a credential in it is not shown)', () => {
    const read = (inputs: Record<string, string>) => () => settingsFor(process.cwd(), inputs)
    for (const value of ['not a repository', '--upload-pack=touch x', 'acme', 'ftp://example.com/a.git']) {
      assert.throws(read({ 'history-repository': value }), (error: Error) => {
        assert.match(error.message, /^Input 'history-repository' is '.*': expected owner\/name/)
        assert.ok(!error.message.includes('\n'))
        return true
      })
    }
    assert.throws(read({ 'history-repository': 'https://me:s3cret@example.com/a.git' }), (error: Error) => {
      assert.match(error.message, /^Input 'history-repository'/)
      return !error.message.includes('s3cret')
    })
    assert.throws(read({ 'history-token': FAKE_TOKEN }), (error: Error) => {
      assert.match(error.message, /^Input 'history-token' is set without history-repository/)
      return !error.message.includes(FAKE_TOKEN)
    })
    assert.throws(
      read({ 'history-repository': 'acme/perf-history', 'history-path': 'history.json' }),
      /^SettingsError: Input 'history-path' is 'history\.json': expected no history-path beside history-repository/,
    )
    const settings = settingsFor(process.cwd(), { 'history-repository': 'acme/perf-history' })
    assert.deepEqual(settings.history.repository, { kind: 'github', repository: 'acme/perf-history' })
    const local = settingsFor(process.cwd(), { 'history-repository': './history.git' })
    assert.deepEqual(local.history.repository, { kind: 'url', url: path.resolve('history.git') })
  })

  test("the dashboard link is the history repository's Pages, or none where no address is known", () => {
    const context = {
      ...localRun(settingsFor(process.cwd())).context,
      repository: 'acme/shop',
      owner: 'acme',
      repo: 'shop',
    }
    const forge = createForge({ ...context, serverUrl: 'https://github.com' }, '')
    const link = (inputs: Record<string, string>) =>
      dashboardLink({ settings: settingsFor(process.cwd(), inputs), forge }, 'api')
    assert.equal(link({}), 'https://acme.github.io/shop/loadgate/#bench=api')
    assert.equal(
      link({ 'history-repository': 'acme/perf-history' }),
      'https://acme.github.io/perf-history/loadgate/#bench=api',
    )
    assert.equal(link({ 'history-repository': 'https://git.example.com/acme/history.git' }), undefined)
    assert.equal(link({ 'history-path': 'history.json' }), undefined)
    // The comment's link is the same.
    const run = {
      ...localRun(settingsFor(process.cwd(), { 'history-repository': 'acme/perf-history' })),
      forge,
    }
    const links = reportLinks(run, 'api', comparisons.regression())
    assert.match(links.dashboard ?? '', /^https:\/\/acme\.github\.io\/perf-history\/loadgate\/#bench=api/)
  })
})
