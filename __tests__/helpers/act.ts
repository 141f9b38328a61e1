import { spawn } from 'node:child_process'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const STANDINS = path.resolve('__tests__/e2e/actions')

/** The action as a user gets it from its release: action.yml, package.json and dist/ — no node_modules. */
export async function packAction(dest: string): Promise<string> {
  await mkdir(dest, { recursive: true })
  for (const file of ['action.yml', 'package.json']) await cp(file, path.join(dest, file))
  await cp('dist', path.join(dest, 'dist'), { recursive: true })
  return dest
}

/**
 * A workflow from workflows/, with the trial length and rounds shortened for CI. act replaces
 * `actions/checkout` with a copy of its own working directory whatever it is mapped to, so the
 * checkout stand-in goes by another name.
 */
export async function shortenedWorkflow(name: string, extraInputs: Record<string, string>): Promise<string> {
  let text = await readFile(path.join('workflows', name), 'utf8')
  text = text.replace('DURATION=10s', 'DURATION=3s').replace('RATE=100', 'RATE=200')
  text = text.replace('uses: actions/checkout@v4', 'uses: loadgate-test/checkout@v1')
  const lines = Object.entries(extraInputs).map(([k, v]) => `          ${k}: ${JSON.stringify(v)}`)
  return text.replace(/(uses: loadgate\/loadgate@v1\n\s+with:\n)/, `$1${lines.join('\n')}\n`)
}

export interface ActResult {
  code: number
  log: string
}

/** Runs one workflow with act in host mode; GitHub-hosted actions are replaced by local stand-ins. */
export async function runAct(options: {
  repoDir: string
  workflow: string
  event: string
  eventFile: string
  actionDir: string
  env: Record<string, string>
  token: string
  timeoutMs?: number
}): Promise<ActResult> {
  const args = [
    options.event,
    '-W',
    options.workflow,
    '-e',
    options.eventFile,
    '-P',
    'ubuntu-latest=-self-hosted',
    '--local-repository',
    `loadgate-test/checkout@v1=${path.join(STANDINS, 'checkout')}`,
    '--local-repository',
    `actions/upload-artifact@v4=${path.join(STANDINS, 'upload-artifact')}`,
    '--local-repository',
    `loadgate/loadgate@v1=${options.actionDir}`,
    '-s',
    `GITHUB_TOKEN=${options.token}`,
    ...Object.entries(options.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
  ]
  const child = spawn('act', args, { cwd: options.repoDir, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000)
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)))
  clearTimeout(timer)
  return { code, log }
}

export async function writeEvent(file: string, payload: unknown): Promise<string> {
  await writeFile(file, JSON.stringify(payload))
  return file
}
