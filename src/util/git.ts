import { run, type RunOptions } from './exec'

/** A small interface over the git command line, bound to one working directory. */
export class Git {
  constructor(
    readonly cwd: string,
    private readonly env: Record<string, string> = {},
  ) {}

  async run(args: string[], options: Omit<RunOptions, 'cwd'> = {}): Promise<string> {
    const result = await run('git', args, {
      ...options,
      cwd: this.cwd,
      env: { GIT_TERMINAL_PROMPT: '0', ...this.env, ...options.env },
    })
    return result.stdout.trim()
  }

  /** Like `run`, but returns null instead of throwing when git exits non-zero. */
  async tryRun(args: string[], options: Omit<RunOptions, 'cwd'> = {}): Promise<string | null> {
    try {
      return await this.run(args, options)
    } catch {
      return null
    }
  }

  revParse(ref: string): Promise<string> {
    return this.run(['rev-parse', '--verify', `${ref}^{commit}`])
  }

  async commitInfo(
    ref: string,
  ): Promise<{ sha: string; message: string; author: string; timestamp: string }> {
    const out = await this.run(['log', '-1', '--format=%H%x00%an%x00%cI%x00%B', ref])
    const [sha = '', author = '', timestamp = '', ...message] = out.split('\0')
    return { sha, author, timestamp, message: message.join('\0').trim() }
  }
}
