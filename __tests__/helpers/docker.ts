import { execFileSync } from 'node:child_process'
import assert from 'node:assert/strict'

function names(args: string[]): string[] {
  return execFileSync('docker', args, { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('loadgate-'))
}

/** What loadgate's stacks left on the Docker engine: containers, networks, volumes, images. */
export function loadgateLeftovers(): string[] {
  return [
    ...names(['ps', '-a', '--format', '{{.Names}}']),
    ...names(['network', 'ls', '--format', '{{.Name}}']),
    ...names(['volume', 'ls', '--format', '{{.Name}}']),
    ...names(['images', '--format', '{{.Repository}}']),
  ]
}

export function assertNothingLeft(): void {
  assert.deepEqual(loadgateLeftovers(), [], 'loadgate left Docker resources behind')
}
