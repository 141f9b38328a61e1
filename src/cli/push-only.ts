import path from 'node:path'
import { pushSavedRun } from '../modes/record'
import type { Reporter } from '../report/reporter'
import { readStoreSettings } from '../settings/read-settings'
import { SettingsError } from '../util/errors'
import { Git } from '../util/git'
import { parseCommandArgs, withFlagErrors } from './args'
import { chooseConfig, foundConfigLine } from './config-file'

/** True when `loadgate record` was asked to push a saved run instead of measuring. */
export function isPushOnly(args: string[]): boolean {
  return args.some((arg) => arg === '--push-only' || arg.startsWith('--push-only='))
}

/** `loadgate record --push-only FILE [--gh-pages-branch B] [--data-dir D] [--retention N] [--config F]`. */
export async function pushOnlyCommand(args: string[], reporter: Reporter): Promise<number> {
  const { values } = parseCommandArgs('record', {
    args,
    options: {
      'push-only': { type: 'string' },
      'gh-pages-branch': { type: 'string' },
      'data-dir': { type: 'string' },
      retention: { type: 'string' },
      config: { type: 'string' },
    },
  })
  const cwd = process.cwd()
  const workspace = (await new Git(cwd).tryRun(['rev-parse', '--show-toplevel'])) ?? ''
  if (!workspace) throw new SettingsError(`'${cwd}' is not inside a git repository: run it in a checkout`)
  const file = values['push-only'] ? path.resolve(values['push-only']) : ''
  if (!file) throw new SettingsError("Flag '--push-only' is missing its value: expected the saved run file")
  const branch = (await new Git(workspace).tryRun(['symbolic-ref', '--quiet', '--short', 'HEAD'])) ?? ''
  const config = chooseConfig(values.config, workspace, cwd)
  if (config.found) reporter.info(foundConfigLine(config, cwd))
  const flag = (name: string): string => {
    if (name === 'config') return config.file
    const given = (values as Record<string, string | undefined>)[name]
    return typeof given === 'string' ? given : ''
  }
  await pushSavedRun({
    file,
    branch,
    reporter,
    settings: withFlagErrors(() => readStoreSettings(flag, { workspace, cwd })),
  })
  return 0
}
