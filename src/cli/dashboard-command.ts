import { existsSync } from 'node:fs'
import path from 'node:path'
import { builtInDefault } from '../settings/input-lookup'
import { SettingsError } from '../util/errors'
import { serveDashboard } from './dashboard-server'
import { EXIT, printHelp, writeOut } from './output'
import { parseCommandArgs } from './args'

/**
 * Serves DIR's dashboard and returns its address; a folder without loadgate's data or a port in
 * use is a one-line usage error, never an address that cannot be opened.
 */
export async function startDashboard(dir: string, dataDir: string, port: number): Promise<string> {
  const root = path.resolve(dir)
  const site = path.join(root, dataDir)
  for (const needed of ['index.html', path.join('data', 'index.json')]) {
    if (!existsSync(path.join(site, needed))) {
      throw new SettingsError(
        `'${dir}' has no loadgate dashboard (${path.join(dir, dataDir, needed)} is missing): expected a ` +
          `checkout of the gh-pages branch after a 'loadgate record' (e.g. git worktree add /tmp/pages gh-pages)`,
      )
    }
  }
  try {
    const { url } = await serveDashboard(root, port)
    return `${url}${dataDir}/`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new SettingsError(
        `Flag '--port' is '${port}': that port is already in use on 127.0.0.1; pass another, or 0 for any free port`,
      )
    throw error
  }
}

/** `loadgate dashboard DIR [--port N]`: serves a gh-pages checkout until stopped. */
export async function dashboardCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('dashboard', {
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string', default: builtInDefault('data-dir') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return printHelp('dashboard')
  const dir = positionals[0]
  if (!dir) throw new SettingsError('Argument DIR is missing: expected a checkout of the gh-pages branch')
  const port = Number(values.port)
  if (!/^\d+$/.test(String(values.port)) || port > 65535) {
    throw new SettingsError(`Flag '--port' is '${values.port}': expected a port number (0 for any free one)`)
  }
  const url = await startDashboard(dir, String(values['data-dir']), port)
  writeOut(`dashboard: ${url}\n(Ctrl-C stops it)\n`)
  await new Promise(() => {})
  return EXIT.ok
}
