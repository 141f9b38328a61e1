import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { annotateBlocked, setOutputs } from '../../src/action/outputs'
import type { BenchmarkOutcome } from '../../src/pipeline'
import { comparisonOutcome } from '../../src/modes/mode-context'
import { parseCommandFile } from '../../testkit/action'
import { comparisons } from '../../testkit/comparisons'

async function stdoutOf(work: () => void): Promise<string> {
  const write = process.stdout.write.bind(process.stdout)
  let captured = ''
  process.stdout.write = ((chunk: string | Uint8Array) => {
    captured += chunk.toString()
    return true
  }) as typeof process.stdout.write
  try {
    work()
  } finally {
    process.stdout.write = write
  }
  return captured
}

const links = { run: 'https://github.com/acme/shop/actions/runs/5' }
const posted = { commentUrl: 'https://github.com/acme/shop/pull/7#issuecomment-1', statusSet: true }

function outcomes(): BenchmarkOutcome[] {
  const blocked = comparisons.regression()
  const passed = { ...comparisons.noChange(), benchmark: 'web' }
  return [
    {
      ...comparisonOutcome(blocked, '/w/api/results.json', posted, links),
      comparisonFile: '/w/api/comparison.json',
      reportHtmlFile: '/w/api/report.html',
    },
    {
      ...comparisonOutcome(passed, '/w/web/results.json', posted, links),
      comparisonFile: '/w/web/comparison.json',
      reportHtmlFile: '/w/web/report.html',
    },
  ]
}

describe("the step's outputs and annotations", () => {
  test('comparison files, reports, the comments and one JSON of every verdict, headline and gated change', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-outputs-'))
    const file = path.join(dir, 'output')
    await writeFile(file, '')
    const before = process.env.GITHUB_OUTPUT
    process.env.GITHUB_OUTPUT = file
    try {
      setOutputs(outcomes(), '/w')
    } finally {
      process.env.GITHUB_OUTPUT = before
    }
    const out = parseCommandFile(await readFile(file, 'utf8'))
    await rm(dir, { recursive: true, force: true })
    assert.equal(out['comparison-file'], '/w/api/comparison.json\n/w/web/comparison.json')
    assert.equal(out['report-html-file'], '/w/api/report.html\n/w/web/report.html')
    assert.match(
      out['comment-markdown'] ?? '',
      /^<!-- loadgate:api [\s\S]*— Blocked —[\s\S]*\n\n<!-- loadgate:web [\s\S]*— Approved —/,
    )
    const verdicts = JSON.parse(out['verdicts-json'] ?? '')
    assert.deepEqual(
      verdicts.map((v: { benchmark: string; verdict: string; blocking: boolean }) => [
        v.benchmark,
        v.verdict,
        v.blocking,
      ]),
      [
        ['api', 'REGRESSION', true],
        ['web', 'NO_CHANGE', false],
      ],
    )
    assert.equal(verdicts[0].headline, comparisons.regression().headline)
    const gated = verdicts[0].gated as Array<{ verdict: string; change: number; ci: { low: number } }>
    assert.ok(
      gated.length > 0 && gated.some((g) => g.verdict === 'REGRESSION' && g.change > 0 && g.ci.low > 0),
    )
    assert.equal(out.verdict, 'REGRESSION')
  })

  test('attacker: a blocked headline with newlines and commands is one error annotation, titled with the benchmark', async () => {
    const hostile = {
      ...outcomes()[0]!,
      headline: 'Blocked — p50 of GET /pay\n::add-mask::x\r\n%0A::stop-commands::t\u001b[2J',
    }
    const output = await stdoutOf(() => annotateBlocked([hostile, outcomes()[1]!]))
    const lines = output.split('\n').filter(Boolean)
    assert.equal(lines.length, 1, output)
    assert.match(
      lines[0]!,
      /^::error title=loadgate · api::Blocked — p50 of GET \/pay\?::add-mask::x\?\?%250A::stop-commands::t\?\[2J$/,
    )
  })
})
