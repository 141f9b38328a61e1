// Quotes, in each compose/scenarios/<name>/README.md, the PR comment loadgate posted for that
// scenario in the end-to-end test (saved as test-output/scenarios/<label>.md), so the READMEs show
// real output rather than a hand-edited copy. Fills the blocks between
//   <!-- comment:LABEL -->   … <!-- /comment -->   (the comment above its collapsed details)
//   <!-- services:LABEL -->  … <!-- /services -->  (the services table from those details)
//   node scripts/quote-scenario-comments.mjs [test-output/scenarios]
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const source = path.resolve(process.argv[2] ?? path.join(root, 'test-output', 'scenarios'))
const scenarios = path.join(root, 'compose', 'scenarios')

const quote = (text) =>
  text
    .trim()
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')

/** The comment as a reader sees it before opening the details; the hidden marker dropped. */
function visible(comment) {
  return comment
    .split('<details>')[0]
    .split('\n')
    .filter((line) => !line.startsWith('<!--'))
    .join('\n')
}

function servicesTable(comment) {
  const lines = comment.split('\n')
  const start = lines.findIndex((line) => line.startsWith('| service |'))
  if (start < 0) throw new Error('the comment has no services table')
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'))
  return lines.slice(start, end < 0 ? undefined : end).join('\n')
}

const blocks = { comment: visible, services: servicesTable }
let filled = 0
for (const entry of await readdir(scenarios, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue
  const readme = path.join(scenarios, entry.name, 'README.md')
  let text
  try {
    text = await readFile(readme, 'utf8')
  } catch {
    continue
  }
  const pattern = /(<!-- (comment|services):([\w-]+) -->\n)[\s\S]*?(<!-- \/\2 -->)/g
  const replacements = []
  for (const match of text.matchAll(pattern)) {
    const [, open, kind, label, close] = match
    const file = path.join(source, `${label}.md`)
    const comment = await readFile(file, 'utf8').catch(() => {
      throw new Error(
        `${path.relative(root, readme)} quotes '${label}': no ${file} (run the scenario tests first)`,
      )
    })
    replacements.push([match[0], `${open}\n${quote(blocks[kind](comment))}\n\n${close}`])
  }
  for (const [from, to] of replacements) text = text.replace(from, () => to)
  if (replacements.length) await writeFile(readme, text)
  filled += replacements.length
}
console.log(`${filled} quoted comments filled from ${path.relative(root, source) || source}`)
