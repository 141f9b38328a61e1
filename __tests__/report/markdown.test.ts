import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { marked, type Token, type Tokens } from 'marked'
import { COMMENT_LIMIT, escapeMarkdown, renderComment, renderSummary } from '../../src/report/markdown'
import { comparisons } from '../../testkit/comparisons'

const links = {
  dashboard: 'https://acme.github.io/shop/loadgate/#bench=api',
  run: 'https://github.com/acme/shop/actions/runs/1',
}
const GOLDEN = path.resolve('__tests__/__fixtures__/golden')

function tokens(markdown: string): Token[] {
  return marked.lexer(markdown)
}

function tables(markdown: string): Tokens.Table[] {
  return tokens(markdown).filter((t): t is Tokens.Table => t.type === 'table')
}

/** Comments carry the run's timing only through the data: stable enough for golden files. */
async function golden(name: string, body: string): Promise<void> {
  const file = path.join(GOLDEN, `${name}.md`)
  if (process.env.UPDATE_GOLDEN) {
    await mkdir(GOLDEN, { recursive: true })
    await writeFile(file, body)
  }
  assert.equal(
    body,
    await readFile(file, 'utf8'),
    `${name}: run with UPDATE_GOLDEN=1 to accept a deliberate change`,
  )
}

describe('PR comment markdown', () => {
  for (const [name, make] of Object.entries(comparisons)) {
    test(`${name}: matches its golden file`, async () => {
      await golden(name, renderComment(make(), links))
    })
  }

  test('a blocked result that can be accepted says so in its next steps, and the command closes it', () => {
    const c = comparisons.regression()
    const sha = 'b'.repeat(40)
    const blocked = { ...c, blocking: true, meta: { ...c.meta, head: { ...c.meta.head, sha } } }
    const body = renderComment(blocked, links, true)
    const firstScreen = body.split('<details>')[0]!
    assert.match(
      firstScreen,
      /\*\*Next steps:\*\*.* · or accept this result with the command at the end of this comment/,
    )
    assert.ok(body.trimEnd().endsWith(`/loadgate accept ${sha} <reason>\n\`\`\``))
    // Where no command follows (a fork's own result, or nothing to accept), no step points to one.
    assert.doesNotMatch(renderComment(blocked, links, false), /or accept this result/)
    assert.doesNotMatch(renderComment(comparisons.noChange(), links, true), /or accept this result/)
  })

  test('a regression: headline first, a parsable table, links, details', () => {
    const c = comparisons.regression()
    assert.equal(c.verdict, 'REGRESSION')
    const body = renderComment(c, links)
    assert.ok(body.startsWith('<!-- loadgate:api digest='))
    const heading = tokens(body).find((t) => t.type === 'heading') as Tokens.Heading
    assert.match(heading.text, /Blocked — p(50|95) of api POST \/orders/)
    const [table] = tables(body)
    assert.ok(table)
    assert.deepEqual(
      table.header.map((h) => h.text),
      // The columns say what they are: medians of trials, and the typical round's ratio.
      ['series', 'metric', 'base (median)', 'head (median)', "typical round's change [90% interval]", ''],
    )
    assert.equal(table.rows[0]?.[5]?.text, '❌', 'regressions come first')
    // The first screen: the rows that moved, then what to do; the rows that held are in the details.
    const firstScreen = body.split('<details>')[0]!
    assert.equal(table.rows.length, 2, 'only the two regressed rows')
    assert.doesNotMatch(firstScreen, /➖ \|/)
    assert.match(
      firstScreen,
      /\*\*Next steps:\*\* reproduce on your machine, from the head's checkout: `loadgate compare --base a{40}`/,
    )
    assert.match(
      firstScreen,
      /\[full report in the job summary\]\(https:\/\/github\.com\/acme\/shop\/actions\/runs\/1\)/,
    )
    assert.match(firstScreen, /δ: the rule's tolerance/, 'δ explained where it is first read')
    assert.ok(
      table.rows.every((row) => row.length === 6),
      'no cell broke out of the table',
    )
    assert.match(body, /\[dashboard\]\(https:\/\/acme\.github\.io\/shop\/loadgate\/#bench=api\)/)
    assert.match(body, /<details><summary>All metrics, services and run details<\/summary>/)
    assert.match(body, /Noise floor ±\d+\.\d%/)
  })

  test('an informational metric that moved is marked by which way it went, never as a block or a pass', () => {
    const c = comparisons.regression()
    const info = c.series.flatMap((s) => s.metrics).find((m) => !m.gate)!
    info.verdict = 'REGRESSION'
    const details = renderComment(c, links).split('<details>')[1]!
    const row = tables(details)
      .flatMap((t) => t.rows)
      .find((r) => r[1]?.text === `${info.metric} (info)`)
    assert.ok(row, `a details row for ${info.metric} (info)`)
    assert.equal(row[5]?.text, info.change! > 0 ? '↑' : '↓')
    assert.doesNotMatch(row[5]!.text, /❌|⚠️|✅/)
  })

  test('an invalid run shows its reasons and no comparison table as a result', () => {
    const c = comparisons.invalid()
    assert.match(c.headline, /^Invalid run — head returned 6\.\d% errors \(HTTP 503 ×\d+\)/)
    const body = renderComment(c, links)
    assert.ok(body.includes(escapeMarkdown(c.headline)))
    const beforeDetails = body.split('<details>')[0]!
    assert.equal(tables(beforeDetails).length, 0)
    assert.match(beforeDetails, /cannot be trusted/)
  })

  test('the noise floor comes from the metrics that held, not from one that moved a lot', () => {
    const c = comparisons.regression()
    const moved = c.series.flatMap((s) => s.metrics).find((m) => m.verdict === 'REGRESSION')!
    moved.noiseFloor = 0.99
    const line = renderComment(c, links)
      .split('\n')
      .find((l) => l.startsWith('Noise floor'))!
    assert.doesNotMatch(line, /99\.0%/)
    assert.match(line, /widest among gated metrics that held: p(50|95) of api GET/)
    // When every gated metric moved, the widest of them is all there is to say.
    for (const m of c.series.flatMap((s) => s.metrics)) if (m.gate) m.verdict = 'REGRESSION'
    const all = renderComment(c, links)
      .split('\n')
      .find((l) => l.startsWith('Noise floor'))!
    assert.match(all, /^Noise floor ±99\.0%: .* \(p(50|95) of api POST \/orders/)
  })

  test('an invalid run shows no spread warning and no met target: nothing that reads as a result', () => {
    const c = comparisons.invalid()
    const series = c.series.find((s) => s.key !== 'all requests')!
    series.dispersion = { base: 1.2, head: 6, ratio: 5, flagged: true }
    const p95 = series.metrics.find((m) => m.metric === 'p95')!
    p95.target = { comparator: '<', value: 300, source: '< 300ms', actual: 6.8, pass: true }
    const visible = renderComment(c, links).split('<details>')[0]!
    assert.doesNotMatch(visible, /Latency spread|Targets|✅/)
    // The same comparison judged valid shows both: the test above is not vacuous.
    const valid = renderComment({ ...c, verdict: 'NO_CHANGE' }, links).split('<details>')[0]!
    assert.match(valid, /Latency spread of .* changed 5\.0×/)
    assert.match(valid, /✅ p95 of .* &lt; 300ms: head 6\.80 ms/)
  })

  test('untrusted text cannot break out: names and commit messages are escaped', () => {
    const evil = 'GET /a|b<script>alert(1)</script>[x](http://evil) @team'
    const escaped = escapeMarkdown(evil)
    assert.doesNotMatch(escaped, /<script>/)
    assert.doesNotMatch(escaped, /(^|[^\\])\|/)
    assert.doesNotMatch(escaped, /@team/)
    const c = comparisons.regression()
    c.series[0]!.name = evil
    c.series[0]!.key = `api ${evil}`
    const body = renderComment(c, links)
    assert.doesNotMatch(body, /<script>/)
    const html = marked.parse(body) as string
    assert.doesNotMatch(html, /<script>/)
    assert.doesNotMatch(html, /href="http:\/\/evil"/)
    assert.ok(tables(body).every((t) => t.rows.every((row) => row.length === 6)))
  })

  test('attacker: a bidirectional override in a name cannot reorder what the comment shows', () => {
    const c = comparisons.regression()
    c.series[0]!.name = 'GET /a \u202e%02+ \u2066x\u2069'
    c.series[0]!.key = `api ${c.series[0]!.name}`
    const body = renderComment(c, links)
    assert.doesNotMatch(body, /[\u202a-\u202e\u2066-\u2069]/)
    assert.match(body, /GET \/a \?%02\\\+ \?x\?/)
  })

  test('escaped text renders as written: quotes, ampersands and brackets, never an entity', () => {
    const text = `can't "stop" & <go> #1`
    const html = marked.parseInline(escapeMarkdown(text)) as string
    const shown = html
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
    assert.equal(shown, text)
  })

  test('a huge comparison stays under GitHub’s limit and says what it left out', () => {
    const c = comparisons.regression()
    const template = c.series.find((s) => s.verdict === 'REGRESSION')!
    c.series = Array.from({ length: 1500 }, (_, i) => ({
      ...template,
      key: `api GET /endpoint/${i}`,
      name: `GET /endpoint/${i}`,
    }))
    const body = renderComment(c, {
      ...links,
      summary: 'https://github.com/acme/shop/actions/runs/1#summary',
    })
    assert.ok(body.length <= COMMENT_LIMIT, `${body.length} characters`)
    assert.match(body, /more rows left out to fit GitHub's comment size; all rows are in the \[job summary\]/)
    assert.ok(renderSummary(c, links).length > COMMENT_LIMIT, 'the job summary keeps every row')
  })
})
