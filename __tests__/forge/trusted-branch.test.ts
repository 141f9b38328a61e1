import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readRunContext } from '../../src/forge/github/context'
import { readTrustedRunTarget } from '../../src/forge/github/trusted-run'

// The trusted run's measuring job runs a fork's code, which can read the runner's Actions runtime
// token and write cache entries for the branch the run was started on. Started on the default
// branch, main's other workflows would restore them: both jobs refuse that before anything runs.

const HEAD = 'b'.repeat(40)
const dirs: string[] = []
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function dispatched(
  ref: string,
  inputs: Record<string, string> = { 'pull-request': '7', 'head-sha': HEAD },
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-dispatch-'))
  dirs.push(dir)
  const event = path.join(dir, 'event.json')
  await writeFile(
    event,
    JSON.stringify({ inputs, ref, repository: { full_name: 'acme/shop', default_branch: 'main' } }),
  )
  return {
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: event,
    GITHUB_REF: ref,
    GITHUB_REPOSITORY: 'acme/shop',
  }
}

const REFUSED =
  /^LoadgateError: The trusted run was started on the default branch 'main': the fork's code it measures could write Actions cache entries that its other workflows restore; start it from a branch of its own/

describe('a trusted run started on the default branch', () => {
  test('is refused by the deciding job and by the measuring job, in one line', async () => {
    const env = await dispatched('refs/heads/main')
    assert.throws(() => readTrustedRunTarget(env), REFUSED)
    assert.throws(() => readRunContext(env), REFUSED)
  })

  test('runs from a branch of its own', async () => {
    const env = await dispatched('refs/heads/loadgate-trusted')
    assert.deepEqual(readTrustedRunTarget({ ...env, GITHUB_SHA: 'C'.repeat(40) }), {
      pullNumber: 7,
      headSha: HEAD,
      settingsCommit: 'c'.repeat(40),
    })
    assert.equal(readRunContext(env).headSha, HEAD)
  })

  test('other dispatches on the default branch (a record run started by hand) are not trusted runs', async () => {
    const env = await dispatched('refs/heads/main', {})
    assert.equal(readTrustedRunTarget(env), null)
    assert.equal(readRunContext(env).eventName, 'workflow_dispatch')
  })
})
