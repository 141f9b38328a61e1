import { ACTIONS_CACHE_VARIABLES, isNeverPassed } from '../util/exec'
import { SettingsError } from '../util/errors'
import type { RunMode } from './run-mode'

/** The `pass-env` input as a run applies it: the names a build gets, and the ones this job withholds. */
export interface PassEnv {
  /** Variable names (or `PREFIX_*` patterns) passed to `prepare` and Docker Compose. */
  names: string[]
  /** Named, but withheld in this job: the Actions cache variables outside a pull request's gate. */
  withheld: string[]
  /** Why they are withheld, for the one line the run prints ('' when nothing is). */
  withheldBecause: string
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** A pattern: a prefix of at least two characters, then `*` (e.g. `COMPOSE_*`). */
const PATTERN = /^[A-Za-z_][A-Za-z0-9_]+\*$/

/**
 * The `pass-env` input: variable names separated by spaces, commas or new lines (a list in
 * loadgate.yml), each a name or a `PREFIX_*` pattern. A name the build must never get (the job's
 * token, the action's inputs, the runner's other ACTIONS_* variables) is refused in one line; the
 * error names the variable, never a value.
 */
export function parsePassEnv(input: string, value: string): string[] {
  const names = value.split(/[\s,]+/).filter(Boolean)
  for (const name of names) {
    if (!NAME.test(name) && !PATTERN.test(name))
      throw new SettingsError(
        `Input '${input}' has '${name.slice(0, 60)}': expected environment variable names (letters, digits, _) ` +
          'or a prefix ending in * (e.g. COMPOSE_*), separated by spaces or commas',
      )
    const prefix = name.endsWith('*') ? name.slice(0, -1) : ''
    // A pattern never matches a withheld name (passedEnv skips them); these could match nothing else.
    if (prefix ? /^(ACTIONS|INPUT)_/.test(prefix) : isNeverPassed(name))
      throw new SettingsError(
        `Input '${input}' has '${name.slice(0, 60)}': a build never gets the job's token (GITHUB_TOKEN), the ` +
          `action's inputs (INPUT_*) or the runner's ACTIONS_* variables other than the cache's ` +
          `(${ACTIONS_CACHE_VARIABLES.join(', ')}), which are named one by one`,
      )
  }
  return [...new Set(names)]
}

/**
 * Which jobs' builds may get the Actions cache variables (docs/setup.md, Faster builds): with them
 * a build reads and writes the cache of the run's branch, and restores whatever code left there.
 * Only the gate of a pull request (its own scope: a fork's run gets a read-only token, a
 * same-repository author could edit the workflow) and the CLI on one's own machine. Never a record
 * run (its entries are the default branch's, which every branch restores), a trusted run or any
 * other dispatched, scheduled or pushed run (a trusted run's measurements are decided on by
 * another job, and its branch's entries would carry one fork's code into the next one's run).
 */
export function cacheVariablesAllowed(mode: RunMode, eventName: string): boolean {
  return (
    (mode === 'compare' || mode === 'calibrate') && (eventName === 'pull_request' || eventName === 'local')
  )
}

export function passEnvFrom(
  input: string,
  value: string,
  job: { mode: RunMode; eventName: string },
): PassEnv {
  const names = parsePassEnv(input, value)
  if (cacheVariablesAllowed(job.mode, job.eventName)) return { names, withheld: [], withheldBecause: '' }
  const withheld = names.filter((name) => ACTIONS_CACHE_VARIABLES.includes(name))
  return {
    names: names.filter((name) => !withheld.includes(name)),
    withheld,
    withheldBecause: withheld.length
      ? `only a pull request's gate passes the Actions cache to its build, not a ${job.mode} run on ` +
        `'${job.eventName || 'unknown'}' (docs/setup.md, Faster builds)`
      : '',
  }
}
