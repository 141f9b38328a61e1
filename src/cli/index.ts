#!/usr/bin/env node
import { errorMessage, SettingsError } from '../util/errors'
import { cleanupAll, stopRun } from '../measure/cleanup'
import { isPushOnly, pushOnlyCommand } from './push-only'
import { usageError } from './args'
import { dashboardCommand } from './dashboard-command'
import { historyCommand } from './history-command'
import { importCommand } from './import-command'
import { measureCommand } from './measure-command'
import { mergeCommand } from './merge-command'
import { reportCommand } from './report-command'
import { terminalReporter } from './terminal-reporter'
import { EXIT, printHelp, writeErr, writeOut } from './output'
import { VERSION } from '../util/version'
import { closestName } from '../util/closest-name'

export { EXIT } from './output'

let watchingOutput = false

/** A closed or failing output (e.g. `| head -3`) stops the run and tears everything down: exit 3. */
function stopOnOutputError(): void {
  if (watchingOutput) return
  watchingOutput = true
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) =>
      stopRun('SIGPIPE', EXIT.failed, `cannot write the output (${error.code ?? error.message})`),
    )
  }
}

const COMMANDS = [
  'compare',
  'record',
  'calibrate',
  'merge',
  'report',
  'dashboard',
  'history',
  'import',
] as const

/** `name` when it is a command; otherwise a usage error that suggests the nearest one. */
function knownCommand(name: string): string {
  if ((COMMANDS as readonly string[]).includes(name)) return name
  const meant = closestName(name, COMMANDS)
  const suggestion = meant ? `did you mean '${meant}'? ` : ''
  const expected = `${COMMANDS.slice(0, -1).join(', ')} or ${COMMANDS.at(-1)}`
  throw new SettingsError(`Unknown command '${name}': ${suggestion}expected ${expected}`)
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  stopOnOutputError()
  try {
    switch (command) {
      case 'compare':
      case 'record':
      case 'calibrate':
        if (command === 'record' && isPushOnly(rest))
          return await pushOnlyCommand(rest, terminalReporter(false))
        return await measureCommand(command, rest)
      case 'report':
        return await reportCommand(rest)
      case 'dashboard':
        return await dashboardCommand(rest)
      case 'history':
        return await historyCommand(rest)
      case 'import':
        return await importCommand(rest)
      case 'merge':
        return await mergeCommand(rest)
      case undefined:
      case '--help':
      case '-h':
        return printHelp('main')
      case 'help':
        return printHelp(rest[0] === undefined ? 'main' : knownCommand(rest[0]))
      case 'version':
      case '--version':
      case '-V':
        writeOut(`loadgate ${VERSION}\n`)
        return EXIT.ok
      default:
        knownCommand(command)
        return EXIT.usage
    }
  } catch (thrown) {
    const error = usageError(thrown, command ?? '')
    writeErr(`loadgate: ${errorMessage(error)}`)
    return error instanceof SettingsError ? EXIT.usage : EXIT.failed
  } finally {
    await cleanupAll((message) => writeErr(`loadgate: ${message}`))
  }
}

process.exitCode = await main(process.argv.slice(2))
