import { existsSync } from 'node:fs'
import { cp, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LoadgateError } from '../util/errors'
import { refuseUnsafePaths, type TreeWhere } from './tree-guard'

const VENDOR = ['uPlot.iife.min.js', 'uPlot.min.css']

/** Where the dashboard's files are: `dist/site/` beside the bundle, or `site/` + uPlot from node_modules in a source checkout. */
function locateSite(): { site: string; vendor: string | null } {
  const here = path.dirname(fileURLToPath(import.meta.url))
  // Bundled: dist/site/ (with vendor/) beside dist/index.js or one level up from dist/chunks/.
  for (const bundled of [path.join(here, 'site'), path.join(here, '..', 'site')]) {
    if (existsSync(path.join(bundled, 'vendor', VENDOR[0]!))) return { site: bundled, vendor: null }
  }
  for (let dir = here; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'site', 'index.html')) && existsSync(path.join(dir, 'package.json'))) {
      return { site: path.join(dir, 'site'), vendor: path.join(dir, 'node_modules', 'uplot', 'dist') }
    }
  }
  throw new LoadgateError('The dashboard files are missing from this installation of loadgate')
}

/** The files copySite writes, '/'-separated and relative to its destination. */
export async function siteFiles(): Promise<string[]> {
  const { site, vendor } = locateSite()
  const files = (await readdir(site, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(site, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  return vendor ? [...files, ...VENDOR.map((file) => `vendor/${file}`)] : files
}

/**
 * Copies the dashboard into `dest` (rewritten on every write, so fixes reach every repository),
 * refusing a destination that holds anything but folders and files where the dashboard's files go.
 */
export async function copySite(
  dest: string,
  where: TreeWhere = { branch: 'the history branch' },
): Promise<void> {
  await refuseUnsafePaths(dest, await siteFiles(), where)
  const { site, vendor } = locateSite()
  await cp(site, dest, { recursive: true })
  if (vendor) {
    await mkdir(path.join(dest, 'vendor'), { recursive: true })
    for (const file of VENDOR) await cp(path.join(vendor, file), path.join(dest, 'vendor', file))
  }
}
