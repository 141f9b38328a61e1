import { access, copyFile, mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'yaml'
import { errorMessage, SettingsError } from '../../../util/errors'
import { interruptSignal } from '../../cleanup'
import { BorrowedHarnessError, type SystemOptions } from '../sut-backend'
import { readComposeModel, type ComposeModel } from './compose-model'

/** How many files may be borrowed at most: a harness is a handful of files, never a tree. */
const MAX_BORROWED = 50

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  )
}

/** `file` relative to `root` with forward slashes, or null when it lies outside it. */
function inside(root: string, file: string): string | null {
  const relative = path.relative(root, path.resolve(root, file))
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null
  return relative.split(path.sep).join('/')
}

/** Paths a `prepare` command names that are files of the head checkout (`bash compose/prepare.sh`). */
async function prepareFiles(head: string, prepare: string): Promise<string[]> {
  const words = prepare.split(/[\s;&|()<>'"]+/).filter((w) => w && !w.startsWith('-') && !w.includes('$'))
  const found: string[] = []
  for (const word of words) {
    const relative = inside(head, word)
    if (relative && (await isFile(path.join(head, relative)))) found.push(relative)
  }
  return found
}

interface BuildSpec {
  context?: string
  dockerfile?: string
}

/**
 * Each build's Dockerfile, with the build context it must already be in, as Compose resolved them in
 * the head checkout (absolute paths).
 */
function dockerfiles(model: ComposeModel): Array<{ file: string; needsFolder: string }> {
  const named: Array<{ file: string; needsFolder: string }> = []
  for (const service of Object.values(model.services ?? {})) {
    const build = (service as { build?: BuildSpec | string } | null)?.build
    const spec: BuildSpec = typeof build === 'string' ? { context: build } : (build ?? {})
    if (spec.context && !/^[a-z]+:\/\//i.test(spec.context))
      named.push({
        file: path.resolve(spec.context, spec.dockerfile ?? 'Dockerfile'),
        needsFolder: spec.context,
      })
  }
  return named
}

/** Every `env_file` of the compose file as written (Compose's resolved model inlines them), absolute. */
async function envFiles(composePath: string): Promise<string[]> {
  let document: unknown
  try {
    document = parse(await readFile(composePath, 'utf8'))
  } catch {
    return []
  }
  const services = (document as { services?: Record<string, unknown> } | null)?.services ?? {}
  const found: string[] = []
  for (const service of Object.values(services)) {
    const entries = (service as { env_file?: unknown } | null)?.env_file
    for (const entry of Array.isArray(entries) ? entries : entries ? [entries] : []) {
      const file = typeof entry === 'string' ? entry : (entry as { path?: unknown } | null)?.path
      if (typeof file === 'string' && !file.includes('$'))
        found.push(path.resolve(path.dirname(composePath), file))
    }
  }
  return found
}

/**
 * The head's benchmark harness, lent to a base tree that lacks it (the pull request that adopts
 * loadgate): the compose file, the files `prepare` names and those the compose file names
 * (Dockerfiles, env files), each copied only where the base has no such file. A file the base has
 * is never overwritten, so its code stays the base's; a build context the base lacks as a whole is
 * never copied (it would be the head's code): that build fails instead. Returns the borrowed paths
 * (relative, sorted); none when the base has its own compose file.
 */
export async function borrowHarness(options: {
  head: string
  base: string
  composeFile: string
  prepare: string
  /** The head's compose file as Compose resolves it in the head checkout; null when unreadable. */
  model: ComposeModel | null
}): Promise<string[]> {
  const { head, base, composeFile } = options
  if (await exists(path.join(base, composeFile))) return []
  const wanted = new Set<string>([composeFile.split(path.sep).join('/')])
  for (const file of await prepareFiles(head, options.prepare)) wanted.add(file)
  for (const { file, needsFolder } of options.model ? dockerfiles(options.model) : []) {
    const relative = inside(head, file)
    const folder = path.relative(head, needsFolder)
    if (folder.startsWith('..') || path.isAbsolute(folder)) continue
    if (relative && (await exists(path.join(base, folder)))) wanted.add(relative)
  }
  for (const file of await envFiles(path.join(head, composeFile))) {
    const relative = inside(head, file)
    if (relative) wanted.add(relative)
  }
  const borrowed: string[] = []
  for (const relative of [...wanted].sort()) {
    const from = path.join(head, relative)
    const to = path.join(base, relative)
    if (borrowed.length >= MAX_BORROWED || (await exists(to)) || !(await isFile(from))) continue
    await mkdir(path.dirname(to), { recursive: true })
    await copyFile(from, to)
    borrowed.push(relative)
  }
  return borrowed
}

/** The head's harness lent to the base tree when it has no compose file: the files it borrowed, said once. */
export async function lendHarness(options: SystemOptions, tree: string): Promise<string[]> {
  const { settings, bench } = options
  const model = await readComposeModel(path.join(settings.workspace, bench.composeFile)).catch(() => null)
  const borrowed = await borrowHarness({
    head: settings.workspace,
    base: tree,
    composeFile: bench.composeFile,
    prepare: bench.prepare,
    model,
  })
  if (borrowed.length)
    options.onProgress(
      `the base commit has no ${bench.composeFile}: it is measured with the head's harness (${borrowed.join(', ')})`,
    )
  return borrowed
}

/**
 * What a failed start of the base arm throws: with borrowed files, the error that lets the head be
 * measured alone (bad settings and interrupts stay what they are); without, the error itself.
 */
export function borrowedHarnessFailure(error: unknown, borrowed: string[]): unknown {
  if (borrowed.length === 0 || error instanceof SettingsError || interruptSignal()) return error
  return new BorrowedHarnessError(errorMessage(error), borrowed)
}
