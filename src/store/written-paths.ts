import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { BENCHMARK_NAME } from '../model/names'
import { siteFiles } from './site'
import { refuseUnsafePaths, type TreeWhere } from './tree-guard'

/** What rebuilding the derived files writes or removes for one benchmark, under the data root (folders end with '/'). */
export function benchmarkPaths(benchmark: string): string[] {
  const dir = `data/${benchmark}`
  return [
    `${dir}/runs/`,
    `${dir}/runs.json`,
    `${dir}/series/`,
    `${dir}/series.json`,
    `${dir}/calibration.json`,
  ]
}

/** The benchmark folders under `<root>/data` that rebuilding reads and writes (real folders with a benchmark's name). */
export async function benchmarkFolders(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'data'), { withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isDirectory() && BENCHMARK_NAME.test(e.name)).map((e) => e.name)
}

/**
 * Refuses a data root (`<dataDir>` of the history tree) through which rebuilding the derived files
 * would write anything but regular folders and files: `data/` and its index, the badges, the
 * dashboard's files, and each benchmark's derived files and runs folder. The `data` folder is
 * checked before it is listed, so a link there is never followed.
 */
export async function refuseUnsafeDerived(
  root: string,
  where: TreeWhere,
  more: readonly string[] = [],
): Promise<void> {
  await refuseUnsafePaths(root, ['data/index.json', 'badges/', ...(await siteFiles()), ...more], where)
  const benchmarks = await benchmarkFolders(root)
  await refuseUnsafePaths(root, benchmarks.flatMap(benchmarkPaths), where)
}
