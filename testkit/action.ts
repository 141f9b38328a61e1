import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The run id the action runs under: its Compose projects are `loadgate-<run id>-…`. */
export const ACTION_RUN_ID = '4242'

export interface ActionRun {
  code: number
  stdout: string
  outputs: Record<string, string>
  /** What the main step saved for its post step (core.saveState). */
  state: Record<string, string>
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
  /** Cancels the step as the runner does (SIGTERM) once its output so far matches. */
  cancelWhen?: RegExp
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
    ...runnerEnv(options),
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: path.join(options.dir, 'runner-temp'),
    ...options.extraEnv,
  }
  const { code, stdout } = await runNode(
    options.entry ?? 'dist/index.js',
    env,
    options.workspace,
    options.cancelWhen,
  )
  return {
    code,
    stdout,
    outputs: parseCommandFile(await readFile(files.output, 'utf8')),
    state: parseCommandFile(await readFile(files.state, 'utf8')),
    summary: await readFile(files.summary, 'utf8'),
  }
}

/**
 * Runs the action's post step (from source) as the runner does after the main step, even a
 * cancelled one: the inputs again, and the main step's saved state as STATE_<name>.
 */
export async function runPostStep(options: {
  inputs: Record<string, string>
  state: Record<string, string>
  apiUrl?: string
}): Promise<{ code: number; stdout: string }> {
  const env = runnerEnv(options)
  for (const [name, value] of Object.entries(options.state)) env[`STATE_${name}`] = value
  return runNode('src/action/post.ts', env, process.cwd())
}

/** The environment every step of the action gets: the repository, the run, the API and the inputs. */
function runnerEnv(options: { inputs: Record<string, string>; apiUrl?: string }): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_RUN_ID: ACTION_RUN_ID,
  }
  for (const [name, value] of Object.entries(options.inputs))
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  return env
}

/** `entry` (a bundle, or a .ts source through tsx) in its own process: exit code and all output. */
async function runNode(
  entryFile: string,
  env: Record<string, string>,
  cwd: string,
  cancelWhen?: RegExp,
): Promise<{ code: number; stdout: string }> {
  const entry = path.resolve(entryFile)
  const tsx = import.meta.resolve('tsx')
  const child = spawn('node', entry.endsWith('.ts') ? ['--import', tsx, entry] : [entry], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let cancelled = false
  const collect = (data: Buffer) => {
    stdout += data
    if (cancelWhen && !cancelled && cancelWhen.test(stdout)) cancelled = child.kill('SIGTERM')
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)))
  return { code, stdout }
}
