import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import os from 'node:os'
import assert from 'node:assert/strict'

function names(args: string[], prefix: string): string[] {
  return execFileSync('docker', args, { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(prefix))
}

/**
 * What loadgate's stacks left on the Docker engine (containers, networks, volumes, images) and the
 * arms' image override files in the temp folder (arm-images.ts).
 * A test passes the prefix of its own projects (`loadgate-<runId>`), so tests running at the
 * same time on one engine do not see each other's stacks.
 */
export function loadgateLeftovers(prefix = 'loadgate-'): string[] {
  return [
    ...names(['ps', '-a', '--format', '{{.Names}}'], prefix),
    ...names(['network', 'ls', '--format', '{{.Name}}'], prefix),
    ...names(['volume', 'ls', '--format', '{{.Name}}'], prefix),
    ...names(['images', '--format', '{{.Repository}}'], prefix),
    ...readdirSync(os.tmpdir()).filter((file) => file.startsWith(prefix) && file.endsWith('.images.json')),
  ]
}

export function assertNothingLeft(prefix = 'loadgate-'): void {
  assert.deepEqual(loadgateLeftovers(prefix), [], 'loadgate left Docker resources or override files behind')
}
