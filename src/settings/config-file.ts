import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml'
import { SettingsError } from '../util/errors'
import { configProblems } from './config-check'
import { keyLabel, mappingInput, unknownKeyMessage, type ConfigFile } from './config-values'
import { inputNamesIn } from './input-lookup'

export { keyLabel, mappingInput, scalar, unknownKeyMessage, type ConfigFile } from './config-values'

export const NO_CONFIG_FILE: ConfigFile = {
  shared: {},
  thresholds: undefined,
  benchmarks: [],
  lineOf: () => null,
}

/** The line of a key path in a parsed document. */
function lineFinder(document: ReturnType<typeof parseDocument>, counter: LineCounter) {
  return (keys: ReadonlyArray<string | number>): number | null => {
    let node: unknown = document.contents
    let keyNode: Node | null = null
    for (const key of keys) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key)
        keyNode = (pair?.key as Node | undefined) ?? null
        node = pair?.value
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key]
        keyNode = (node as Node | undefined) ?? null
      } else return null
    }
    const offset = keyNode?.range?.[0]
    return offset === undefined ? null : counter.linePos(offset).line
  }
}

/**
 * Reads loadgate.yml: top-level keys are input defaults, `benchmarks:` a list of benchmarks. A
 * relative path is looked up in `cwd` first (as any command-line tool would), then in the workspace.
 */
export function readConfig(file: string, workspace: string, cwd?: string): ConfigFile {
  const here = cwd ? path.resolve(cwd, file) : ''
  const full = here && existsSync(here) ? here : path.resolve(workspace, file)
  let text: string
  try {
    text = readFileSync(full, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : String(error)
    throw new SettingsError(
      `Input 'config' is '${file}': expected a readable loadgate.yml (${reason.split('\n')[0]})`,
    )
  }
  return parseConfig(text, file)
}

/** A YAML syntax error as the file's line with a caret under the place, e.g. for `port: [8080`. */
function syntaxError(error: unknown, text: string, file: string): SettingsError {
  const linePos = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0]
  const reason = String((error as Error).message ?? error)
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
  if (!linePos) return new SettingsError(`${file}: expected readable YAML (${reason})`)
  const source = text.split('\n')[linePos.line - 1] ?? ''
  const caret = `${' '.repeat(Math.max(0, linePos.col - 1))}^`
  return new SettingsError(
    `${file} line ${linePos.line}, column ${linePos.col}: expected readable YAML (${reason})\n  ${source}\n  ${caret}`,
  )
}

/**
 * loadgate.yml's text as settings; `file` names it in errors. The whole file is checked at once,
 * before anything runs: every unknown key, every value its setting refuses and every threshold
 * rule, in one error of one line per problem, each naming its key and line.
 */
export function parseConfig(text: string, file: string): ConfigFile {
  const counter = new LineCounter()
  const parsed = parseDocument(text, { lineCounter: counter })
  if (parsed.errors.length > 0) throw syntaxError(parsed.errors[0], text, file)
  let document: unknown = parsed.toJS()
  if (document === null || document === undefined) document = {}
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new SettingsError(`${file}: expected a mapping of settings at the top level`)
  }
  const config: ConfigFile = {
    shared: {},
    thresholds: undefined,
    benchmarks: [],
    lineOf: lineFinder(parsed, counter),
  }
  const problems: string[] = []
  const collect = (check: () => void) => {
    try {
      check()
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error
      problems.push(error.message)
    }
  }
  const sharedKeys: readonly string[] = inputNamesIn('loadgate.yml')
  for (const [key, value] of Object.entries(document as Record<string, unknown>)) {
    collect(() => {
      if (key === 'benchmarks') config.benchmarks = benchmarkEntries(value, file)
      else if (key === 'thresholds') config.thresholds = value
      else if (sharedKeys.includes(key))
        config.shared[key] = mappingInput(key, value, keyLabel(config, file, [key]))
      else
        throw new SettingsError(
          unknownKeyMessage(file, config.lineOf([key]), key, [...sharedKeys, 'benchmarks']),
        )
    })
  }
  problems.push(...configProblems(config, file))
  // In the order of the file, as an editor shows them.
  const lineIn = (problem: string) => Number(/\(line (\d+)\)/.exec(problem)?.[1] ?? 0)
  problems.sort((a, b) => lineIn(a) - lineIn(b))
  if (problems.length === 1) throw new SettingsError(problems[0]!)
  if (problems.length > 1)
    throw new SettingsError(
      `${file} has ${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    )
  return config
}

function benchmarkEntries(value: unknown, file: string): Array<Record<string, unknown>> {
  if (!Array.isArray(value) || value.some((b) => typeof b !== 'object' || b === null || Array.isArray(b)))
    throw new SettingsError(`${file}: 'benchmarks' must be a list of mappings`)
  return value as Array<Record<string, unknown>>
}

/** The keys on which two loadgate.yml files differ (`benchmarks` and `thresholds` as a whole). */
export function differingKeys(one: ConfigFile, other: ConfigFile): string[] {
  const keys = new Set([...Object.keys(one.shared), ...Object.keys(other.shared)])
  const differ = [...keys].filter((key) => one.shared[key] !== other.shared[key])
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  if (!same(one.thresholds, other.thresholds)) differ.push('thresholds')
  if (!same(one.benchmarks, other.benchmarks)) differ.push('benchmarks')
  return differ.sort()
}
