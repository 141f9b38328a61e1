import { execFileSync } from 'node:child_process'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { writeResults } from '../src/model/results-file'
import type { ResultsFile } from '../src/model/types'
import { makeResults } from './results-factory'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Splits one real k6 `--out json` recording into `parts` files by request, as segments on several
 * machines would have written them: every metric declaration goes to every part, and each point
 * goes to the part of the request (or iteration) it belongs to, dealt round robin. Returns the files.
 */
export async function splitRecording(
  file: string,
  parts: number,
  dir: string,
  stem = 'part',
): Promise<string[]> {
  const lines = execFileSync('gzip', ['-dc', file], { encoding: 'utf8', maxBuffer: 1 << 30 })
    .split('\n')
    .filter(Boolean)
  const outputs: string[][] = Array.from({ length: parts }, () => [])
  let request = -1
  for (const line of lines) {
    if (line.includes('"type":"Metric"')) {
      for (const output of outputs) output.push(line)
      continue
    }
    // k6 writes a request's points together, starting with http_reqs; checks and iteration points follow it.
    if (line.startsWith('{"metric":"http_reqs"')) request++
    outputs[Math.max(0, request) % parts]!.push(line)
  }
  const files: string[] = []
  for (const [index, output] of outputs.entries()) {
    const target = path.join(dir, `${stem}-${index + 1}.json.gz`)
    await writeFile(target, gzipSync(`${output.join('\n')}\n`))
    files.push(target)
  }
  return files
}

// A real k6 recording, split by request into the outputs three segment jobs would have written.
export const SEGMENT_RECORDING = '__tests__/__fixtures__/k6/api-2s.json.gz'
export const SEGMENT_ROUNDS = 2

/** Three segment jobs' work-dirs (artifacts/segment-i/api/…) as the merge job downloads them. */
export async function segmentDirs(
  root: string,
  change: (results: ResultsFile, index: number) => void = () => {},
) {
  const dirs: string[] = []
  for (let index = 1; index <= 3; index++) {
    const dir = path.join(root, 'artifacts', `loadgate-segment-${index}`, 'api')
    await mkdir(dir, { recursive: true })
    const results = makeResults({
      rounds: SEGMENT_ROUNDS,
      base: () => ({ p50: 1 }),
      head: () => ({ p50: 1 }),
    })
    results.meta.segment = { index, count: 3 }
    change(results, index)
    await writeResults(path.join(dir, 'results.json'), results)
    dirs.push(dir)
  }
  for (let round = 1; round <= SEGMENT_ROUNDS; round++) {
    for (const arm of ['base', 'head']) {
      const stem = `round-0${round}-${arm}`
      const parts = await splitRecording(SEGMENT_RECORDING, 3, root, stem)
      for (const [i, part] of parts.entries()) {
        await rename(part, path.join(dirs[i]!, `${stem}.json.gz`))
      }
    }
  }
  return { root: path.join(root, 'artifacts'), dirs }
}
