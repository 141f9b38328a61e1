import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// The README is what a newcomer reads first: short, and every link in it and in docs/ goes
// somewhere (a file of this repository, and a heading of that file when it names one).

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-')
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)))
}

/** Markdown links and images outside code, as [page, target]. */
function links(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!)
}

test('the README stays short enough to finish', () => {
  const lines = readFileSync('README.md', 'utf8').split('\n').length
  assert.ok(lines <= 300, `README.md has ${lines} lines; put reference material in docs/`)
})

test('every relative link in the README and docs/ resolves, anchors included', () => {
  const broken: string[] = []
  for (const page of PAGES) {
    for (const target of links(page)) {
      if (/^[a-z]+:/i.test(target)) continue
      const [file, anchor] = target.split('#') as [string, string | undefined]
      const resolved = file ? path.join(path.dirname(page), decodeURIComponent(file)) : page
      if (!existsSync(resolved)) {
        broken.push(`${page}: ${target} (no ${resolved})`)
        continue
      }
      if (anchor && (statSync(resolved).isDirectory() || !anchors(resolved).has(anchor)))
        broken.push(`${page}: ${target} (no heading #${anchor} in ${resolved})`)
    }
  }
  assert.deepEqual(broken, [])
})

test('the links are found: the check above is not vacuous', () => {
  const readme = links('README.md')
  assert.ok(readme.includes('docs/configuration.md'))
  assert.ok(
    readme.some((l) => l.includes('#')),
    'the README links to headings too',
  )
})
