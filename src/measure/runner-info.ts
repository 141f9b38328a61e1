import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import { run } from '../util/exec'
import type { RunMeta } from '../model/types'
import { VERSION } from '../util/version'

async function versionLine(command: string, args: string[], pattern: RegExp): Promise<string> {
  try {
    const { stdout } = await run(command, args, { timeoutMs: 15_000 })
    return pattern.exec(stdout)?.[1] ?? stdout.trim().split('\n')[0] ?? ''
  } catch {
    return 'unknown'
  }
}

export async function sha256File(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
}

/** GitHub's hosted runners name their image: a new image can move every benchmark at once. */
function runnerImage(): { image?: string } {
  const name = process.env.ImageOS
  const version = process.env.ImageVersion
  return name ? { image: version ? `${name} ${version}` : name } : {}
}

/** The machine and tool versions a run was measured with: what makes two runs comparable, or not. */
export async function describeRunner(k6Version: string): Promise<Pick<RunMeta, 'runner' | 'versions'>> {
  const [docker, compose] = await Promise.all([
    versionLine('docker', ['version', '--format', '{{.Server.Version}}'], /^(\S+)/),
    versionLine('docker', ['compose', 'version', '--short'], /^v?(\S+)/),
  ])
  return {
    runner: {
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      cores: os.availableParallelism(),
      memoryBytes: os.totalmem(),
      ...runnerImage(),
    },
    versions: { loadgate: VERSION, k6: k6Version, docker, compose },
  }
}
