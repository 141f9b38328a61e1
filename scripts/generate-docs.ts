// Rewrites action.yml's `inputs:` block, the Inputs table of docs/configuration.md and the flags
// reference of docs/cli.md from the table of inputs (src/settings/inputs.ts), the default rules
// the README and docs/ name between `<!-- NAME -->` markers (src/settings/default-gates.ts), and
// docs/loadgate.schema.json, leaving the rest of the files as it is. Run with `npm run docs`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { Scalar, stringify } from 'yaml'
import { flagsReference } from '../src/cli/flag-groups'
import { configSchema, SCHEMA_FILE } from '../src/settings/config-schema'
import { withDefaultPhrases } from '../src/settings/default-gates'
import { describeInput, inputsIn } from '../src/settings/input-lookup'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const INPUTS_DOC = 'docs/configuration.md'
/** The pages that name the default rules between markers (__tests__/settings/default-gates.test.ts). */
export const PHRASE_PAGES = ['README.md', 'docs/configuration.md', 'docs/history.md']
/** Longer descriptions are folded over several lines of at most FOLD_WIDTH characters. */
const FOLD_ABOVE = 150
const FOLD_WIDTH = 100

function yamlDescription(text: string): string {
  // Quoted as Prettier quotes YAML: single quotes unless the text holds one.
  if (text.length <= FOLD_ABOVE) return stringify(text, { lineWidth: 0, singleQuote: true }).trimEnd()
  const folded = new Scalar(text)
  folded.type = Scalar.BLOCK_FOLDED
  // Folded on its own the lines are not indented; in action.yml they sit under `description:`.
  return stringify(folded, { lineWidth: FOLD_WIDTH }).trimEnd().replace(/\n/g, '\n      ')
}

function actionInputsBlock(): string[] {
  return inputsIn('action').flatMap((input) => [
    `  ${input.name}:`,
    `    description: ${yamlDescription(describeInput(input))}`,
    `    default: ${stringify(input.actionDefault ?? '', { singleQuote: true }).trimEnd()}`,
  ])
}

/** Replaces the lines under `inputs:` up to the blank lines before the next top-level key. */
function withActionInputs(actionYml: string): string {
  const lines = actionYml.split('\n')
  const start = lines.indexOf('inputs:') + 1
  if (start === 0) throw new Error("action.yml has no top-level 'inputs:'")
  let end = lines.findIndex((line, i) => i >= start && /^\S/.test(line))
  if (end === -1) end = lines.length
  while (end > start && lines[end - 1] === '') end--
  return [...lines.slice(0, start), ...actionInputsBlock(), ...lines.slice(end)].join('\n')
}

function inputsTable(): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const rows = inputsIn('action').map((input) => `| \`${input.name}\` | ${cell(describeInput(input))} |`)
  return ['| input | meaning |', '|---|---|', ...rows]
}

/** `text` with the lines between its `<!-- NAME:start -->` and `<!-- NAME:end -->` markers replaced. */
function between(file: string, name: string, lines: string[]) {
  const [open, close] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]
  return (text: string): string => {
    const start = text.indexOf(open)
    const end = text.indexOf(close)
    if (start === -1 || end < start) throw new Error(`${file} lacks ${open} … ${close}`)
    return [text.slice(0, start + open.length), ...lines, text.slice(end)].join('\n')
  }
}

function rewrite(file: string, update: (text: string) => string): void {
  const full = path.join(root, file)
  const text = existsSync(full) ? readFileSync(full, 'utf8') : ''
  const updated = update(text)
  if (updated === text) {
    console.log(`${file}: up to date`)
    return
  }
  writeFileSync(full, updated)
  console.log(`${file}: rewritten`)
}

rewrite('action.yml', withActionInputs)
rewrite(INPUTS_DOC, between(INPUTS_DOC, 'inputs', inputsTable()))
rewrite('docs/cli.md', between('docs/cli.md', 'flags', ['', flagsReference()]))
for (const page of PHRASE_PAGES) rewrite(page, withDefaultPhrases)

// The JSON Schema of loadgate.yml, formatted as the rest of the repository.
const schemaPath = path.join(root, SCHEMA_FILE)
const schema = await format(JSON.stringify(configSchema()), {
  ...(await resolveConfig(schemaPath)),
  filepath: schemaPath,
})
rewrite(SCHEMA_FILE, () => schema)
