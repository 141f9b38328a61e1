import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { ResultsFile } from '../../src/model/types'

/** The results files a detection bench saved in `dir` (SAVE_DIR), in file-name order. */
export async function savedRuns(dir: string): Promise<ResultsFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ResultsFile),
  )
}
