import { access } from 'node:fs/promises'
import path from 'node:path'
import { LoadgateError } from './errors'

/** Fails with the input's name when the file it names is not in `tree`. */
export async function requireFile(tree: string, file: string, input: string, where: string): Promise<void> {
  try {
    await access(path.join(tree, file))
  } catch {
    throw new LoadgateError(`Input '${input}' is '${file}': no such file in ${where}`)
  }
}
