import { parseArgs, type ParseArgsConfig } from 'node:util'
import { closestName } from '../util/closest-name'
import { SettingsError } from '../util/errors'

/** parseArgs for `loadgate COMMAND`, its errors in the house form (with a suggestion for a typo). */
export function parseCommandArgs<T extends ParseArgsConfig>(command: string, config: T) {
  try {
    return parseArgs(config)
  } catch (error) {
    throw usageError(error, command, Object.keys(config.options ?? {}))
  }
}

/**
 * parseArgs' errors in the house form: one line naming the flag and what was expected, pointing
 * at the command's --help. Anything else is returned unchanged.
 */
export function usageError(error: unknown, command: string, knownFlags: readonly string[] = []): unknown {
  const code = (error as { code?: string }).code ?? ''
  if (!code.startsWith('ERR_PARSE_ARGS')) return error
  const message = (error as Error).message
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? ''
  const flag = quoted.split(' ')[0] ?? quoted
  const help = `see 'loadgate ${command} --help'`
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const meant = closestName(flag.replace(/^-+/, '').split('=')[0]!, knownFlags)
    const suggestion = meant ? `did you mean '--${meant}'? ` : ''
    return new SettingsError(`Unknown flag '${flag}' for 'loadgate ${command}': ${suggestion}${help}`)
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new SettingsError(`Unexpected argument '${flag}' for 'loadgate ${command}': ${help}`)
  if (message.includes('does not take an argument'))
    return new SettingsError(`Flag '${flag}' takes no value: ${help}`)
  if (message.includes('argument missing'))
    return new SettingsError(`Flag '${flag}' is missing its value: expected ${flag} VALUE`)
  return new SettingsError(`${message.split('\n')[0]}: ${help}`)
}

/** Runs a settings read, its errors named as the flags the user typed. */
export function withFlagErrors<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw asFlagError(error)
  }
}

/** A settings error in the CLI's words: an input is a --flag here (loadgate.yml keys keep their file). */
export function asFlagError(error: unknown): unknown {
  if (!(error instanceof SettingsError)) return error
  const message = error.message.replace(/^Input '([a-z0-9-]+)'/, "Flag '--$1'")
  return message === error.message ? error : new SettingsError(message)
}
