import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The run id the action runs under: its Compose projects are `loadgate-<run id>-…`. */
export const ACTION_RUN_ID = '4242'

export interface ActionRun {
  code: number
  stdout: string
  outputs: Record<string, string>
  summary: string
}

/** `name<<delimiter\nvalue\ndelimiter` records, as @actions/core writes GITHUB_OUTPUT and GITHUB_STATE. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const match of text.matchAll(/^(.+?)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm))
    values[match[1]!] = match[3]!
  return values
}

/**
 * Runs the bundled action as a runner does: inputs as INPUT_<NAME>, the GITHUB_* context, and
 * files for outputs, state and the job summary in `dir`. Nothing else of this process's environment.
 */
export async function runAction(options: {
  dir: string
  workspace: string
  inputs: Record<string, string>
  event: { name: string; payload: unknown }
  apiUrl?: string
  extraEnv?: Record<string, string>
  /** The entry point: default the bundle; `src/action/index.ts` runs the source (through tsx). */
  entry?: string
}): Promise<ActionRun> {
  const eventPath = path.join(options.dir, 'event.json')
  const files = {
    output: path.join(options.dir, 'output'),
    state: path.join(options.dir, 'state'),
    summary: path.join(options.dir, 'summary.md'),
  }
  await writeFile(eventPath, JSON.stringify(options.event.payload))
  for (const file of Object.values(files)) await writeFile(file, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_RUN_ID: ACTION_RUN_ID,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: path.join(options.dir, 'runner-temp'),
    ...options.extraEnv,
  }
  for (const [name, value] of Object.entries(options.inputs))
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  const entry = path.resolve(options.entry ?? 'dist/index.js')
  const tsx = import.meta.resolve('tsx')
  const child = spawn('node', entry.endsWith('.ts') ? ['--import', tsx, entry] : [entry], {
    env,
    cwd: options.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stdout += d))
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)))
  return {
    code,
    stdout,
    outputs: parseCommandFile(await readFile(files.output, 'utf8')),
    summary: await readFile(files.summary, 'utf8'),
  }
}
