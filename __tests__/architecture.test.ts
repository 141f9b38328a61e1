import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import ts from 'typescript'

const SRC = path.resolve('src')
const MAX_LINES = 300
/** Pure data tables, kept whole so that a reader finds every entry in one place. */
const DATA_TABLES = new Set(['src/settings/inputs.ts'])

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : []
  })
}

/** Every module specifier a file imports or re-exports (type-only imports included). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)].map(
    (m) => m[1] ?? m[2]!,
  )
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), specifier)
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null
}

const relative = (file: string) => path.relative(process.cwd(), file)

/**
 * Every function of a file with a body (declarations, methods, accessors, constructors, arrow
 * functions and function expressions), its lines counted from its declaration (the `const` of
 * one assigned to a constant) to its closing brace.
 */
function functionLengths(file: string): Array<{ name: string; lines: number }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line
  const found: Array<{ name: string; lines: number }> = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const declared = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node
      const named = ts.isVariableDeclaration(node.parent)
        ? node.parent.name
        : (node as ts.FunctionLikeDeclaration).name
      const start = line(declared.getStart(source))
      const name = `${relative(file)}:${start + 1} ${named?.getText(source) ?? '(anonymous)'}`
      found.push({ name, lines: line(node.getEnd()) - start + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * The floors of src/, lowest first: a file imports only from its own floor or below. util knows
 * nothing of loadgate; model is the data contracts; decide is the pure statistics and verdicts;
 * settings and report read and write what a person sees; measure, store and forge do the I/O of
 * one concern each (and never import one another); modes compose them; the pipeline runs the modes;
 * action and cli are the two front ends.
 */
const FLOORS: Record<string, number> = {
  util: 0,
  model: 1,
  decide: 2,
  settings: 3,
  report: 3,
  measure: 4,
  store: 4,
  forge: 4,
  modes: 5,
  pipeline: 6,
  action: 7,
  cli: 7,
}

/** The top folder of a file in src/ (`pipeline` for src/pipeline.ts). */
const area = (file: string) => path.relative(SRC, file).split(path.sep)[0]!.replace(/\.ts$/, '')

describe('architecture', () => {
  test(`no file in src/ is over ${MAX_LINES} lines`, () => {
    const long = sourceFiles()
      .map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES && !DATA_TABLES.has(f.file))
    assert.deepEqual(long, [])
  })

  test('measure() is an orchestrator of at most 40 lines, and no function in src/measure/ is over 60', () => {
    const lengths = sourceFiles(path.join(SRC, 'measure')).flatMap(functionLengths)
    const top = lengths.find(
      (f) => f.name.startsWith(path.join('src', 'measure', 'measure.ts')) && f.name.endsWith(' measure'),
    )
    assert.ok(top, 'measure.ts declares measure()')
    assert.ok(top.lines <= 40, `${top.name}: ${top.lines} lines`)
    assert.deepEqual(
      lengths.filter((f) => f.lines > 60),
      [],
    )
    // The counter sees what it must: a method and an arrow function assigned to a constant.
    const counted = functionLengths(path.join(SRC, 'measure', 'trial-runner.ts')).map(
      (f) => f.name.split(' ')[1],
    )
    assert.ok(counted.includes('run') && counted.includes('lengthen'), counted.join(', '))
  })

  test('no import cycles', () => {
    const graph = new Map(
      sourceFiles().map((file) => [
        file,
        specifiers(file)
          .map((s) => resolveLocal(file, s))
          .filter((f): f is string => f !== null),
      ]),
    )
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map(relative).join(' → '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    assert.deepEqual(cycles, [])
  })

  test('imports point down the floors: util → model → decide → settings/report → measure/store/forge → modes → pipeline → action/cli', () => {
    const upward = sourceFiles().flatMap((file) =>
      specifiers(file)
        .map((s) => resolveLocal(file, s))
        .filter((target): target is string => target !== null)
        .filter((target) => {
          const [from, to] = [area(file), area(target)]
          if (from === to) return false
          assert.ok(
            from in FLOORS && to in FLOORS,
            `${relative(file)} → ${relative(target)}: a folder with no floor`,
          )
          // Files on one floor of I/O are separate concerns: measure, store and forge never import one another.
          return FLOORS[to]! > FLOORS[from]! || (FLOORS[to] === 4 && FLOORS[from] === 4)
        })
        .map((target) => `${relative(file)} → ${relative(target)}`),
    )
    assert.deepEqual(upward, [])
  })

  test('only src/action/ knows @actions/core (the CLI and the pipeline speak through Reporter)', () => {
    const users = sourceFiles()
      .filter((file) => specifiers(file).some((s) => s.startsWith('@actions/core')))
      .map(relative)
      .filter((file) => !file.startsWith(path.join('src', 'action') + path.sep))
    assert.deepEqual(users, [])
  })

  test('decide/ and the renderers in report/ do no I/O', () => {
    const io = /^(node:(fs|child_process|net|http|https)(\/.*)?|.*\/util\/(exec|git))$/
    const offenders = sourceFiles()
      .filter((file) => /src\/(decide|report)\//.test(file))
      .flatMap((file) =>
        specifiers(file)
          .filter((s) => io.test(s))
          .map((s) => `${relative(file)}: ${s}`),
      )
    assert.deepEqual(offenders, [])
  })

  test('the CLI bundle contains nothing of @actions/core', async () => {
    const result = await build({
      entryPoints: ['src/cli/index.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs).filter((input) => input.includes('@actions/core'))
    assert.deepEqual(inputs, [])
  })

  test("one home per concept: docs/development.md's table lists every file named for a concept, and only files that exist", () => {
    // What a file's path says it holds, per concept of the table.
    const named: Record<string, RegExp> = {
      calibration: /calibrat/,
      'change points': /change-point|shift/,
      merge: /merge|segment/,
      trust: /trusted|provenance|artifact/,
      accept: /accept/,
      profile: /profile/,
      notify: /notify|webhook|badge/,
      'runner load': /runner-load|host-cpu/,
      adoption: /borrow-harness|head-alone/,
      'warm-up and idle arm': /warmup|steady|process-signs|idle-arm|runtime-choices/,
    }
    const doc = readFileSync('docs/development.md', 'utf8')
    const rows = new Map(
      [...doc.matchAll(/^\| ([a-z -]+) \| (.*) \|$/gm)]
        .filter((m) => m[1]! in named)
        .map((m) => [m[1]!, [...m[2]!.matchAll(/`([\w./-]+\.ts|[\w./-]+\/)`/g)].map((p) => p[1]!)]),
    )
    assert.deepEqual([...rows.keys()].sort(), Object.keys(named).sort(), 'a row for every concept')
    const files = sourceFiles().map((file) => path.relative(SRC, file))
    for (const [concept, listed] of rows) {
      for (const entry of listed) assert.ok(existsSync(path.join(SRC, entry)), `${concept}: ${entry} exists`)
      const covered = (file: string) =>
        listed.some((entry) => file === entry || (entry.endsWith('/') && file.startsWith(entry)))
      const missing = files.filter((file) => named[concept]!.test(file) && !covered(file))
      assert.deepEqual(missing, [], `files named for ${concept} but not in its row`)
    }
  })
})
