import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
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
