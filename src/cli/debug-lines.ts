/**
 * The libraries shared with the action (tool cache, exec) log through @actions/core, which writes
 * `::debug::…` workflow commands to stdout. A runner hides them unless debugging is on; a terminal
 * would show every one, so outside GitHub Actions they are dropped.
 */
export function hideWorkflowDebugLines(): void {
  if (process.env.GITHUB_ACTIONS === 'true') return
  const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    typeof chunk === 'string' && chunk.startsWith('::debug::')
      ? true
      : write(chunk, ...rest)) as typeof process.stdout.write
}
