import { existsSync } from 'node:fs'
import path from 'node:path'
import { SettingsError } from '../util/errors'

/** The file the CLI reads without `--config`, at the repository root. */
export const CONFIG_FILE = 'loadgate.yml'

export interface ConfigChoice {
  /** The path to read, as readSettings takes it (relative to the current directory); '' for none. */
  file: string
  /** Whether it was found at the repository root rather than given with --config. */
  found: boolean
}

/**
 * The settings file of a command: `--config` when given, else `loadgate.yml` at the repository root
 * (the git toplevel of the current directory) when there is one, as tools with a config file do.
 */
export function chooseConfig(flag: string | undefined, root: string, cwd: string): ConfigChoice {
  if (flag) return { file: flag, found: false }
  const atRoot = path.join(root, CONFIG_FILE)
  if (!existsSync(atRoot)) return { file: '', found: false }
  return { file: path.relative(cwd, atRoot) || CONFIG_FILE, found: true }
}

/** The one line that says which settings file a command read without --config. */
export function foundConfigLine(choice: ConfigChoice, cwd: string): string {
  return `settings: ${path.resolve(cwd, choice.file)} (the repository root's ${CONFIG_FILE}; --config FILE reads another)`
}

/**
 * Without a settings file, a command needs the k6 script as a flag: said in one line that names
 * both ways, before readSettings' "Flag '--k6-script' is ''", which names neither.
 */
export function requireScriptOrConfig(choice: ConfigChoice, k6Script: string | undefined, root: string) {
  if (choice.file || k6Script) return
  throw new SettingsError(
    `Flag '--k6-script' is missing and ${path.join(root, CONFIG_FILE)} does not exist: ` +
      `expected the k6 script to run, a ${CONFIG_FILE} at the repository root, or --config FILE`,
  )
}
