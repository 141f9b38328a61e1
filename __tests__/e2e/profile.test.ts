import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { readResults } from '../../src/model/results-file'
import type { Comparison, ResultsFile } from '../../src/model/types'
import { renderComment } from '../../src/report/markdown'
import { renderProfileMarkdown } from '../../src/report/profile'
import { launchChromium } from '../../testkit/chromium'
import { assertNothingLeft } from '../../testkit/docker'
import { makeExampleRepo, type ExampleFolder } from '../../testkit/example-repo'
import { commentPage } from '../../testkit/screenshot'

// The profiling pair on the bundled example, with real Docker, k6 and perf: a head whose
// POST /orders does extra CPU work (EXTRA_CPU_PERCENT on LATENCY_ROUTE) is blocked, and the
// comment names the function that does that work at the top of its table; report.html carries
// the differential flame graph, checked in Chromium. A Python head whose async handler blocks the
// event loop only waits longer: it is blocked too, and its comment, rendered in Chromium, says so
// with no table. The CPU-bound, JIT, JVM and Python services each have the changed function named.

const CLI = path.resolve('src/cli/index.ts')
const TSX = import.meta.resolve('tsx')

const cleanups: Array<() => Promise<void>> = []
after(async () => {
  for (const cleanup of cleanups) await cleanup()
})

/** A blocked compare of `folder` (a reference service) whose head sets `headEnv`. */
async function compare(
  folder: ExampleFolder,
  headEnv: string,
  script: string,
  warmup = '1s',
  { rounds = 6, blocked = true, flags = [] }: { rounds?: number; blocked?: boolean; flags?: string[] } = {},
) {
  const repo = await makeExampleRepo({ folder, headEnv })
  const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-profile-work-'))
  cleanups.push(repo.cleanup, () => rm(work, { recursive: true, force: true }))
  const runId = `profile${process.pid}${folder.replace(/\W/g, '')}`
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      TSX,
      CLI,
      'compare',
      '--base',
      'HEAD~1',
      '--compose-file',
      `${folder}/compose.yaml`,
      '--service',
      'api',
      '--port',
      '8080',
      '--prepare',
      `bash ${folder}/prepare.sh`,
      '--k6-script',
      `${folder}/k6/${script}`,
      '--k6-env',
      'DURATION=2s',
      '--warmup',
      warmup,
      '--fresh-instances',
      'run',
      '--min-rounds',
      String(rounds),
      '--max-rounds',
      String(rounds),
      '--name',
      'api',
      '--work-dir',
      work,
      // Whatever the verdict, where the run need not be blocked.
      ...(blocked ? [] : ['--profile', 'always']),
      ...flags,
    ],
    {
      cwd: repo.dir,
      encoding: 'utf8',
      timeout: 600_000,
      env: { ...process.env, NO_COLOR: '1', GITHUB_RUN_ID: runId },
    },
  )
  assertNothingLeft(`loadgate-${runId}`)
  if (blocked) assert.equal(run.status, 1, `blocked\n${run.stdout}\n${run.stderr}`)
  const dir = path.join(work, 'api')
  const comparison = JSON.parse(await readFile(path.join(dir, 'comparison.json'), 'utf8')) as Comparison
  if (blocked) assert.equal(comparison.verdict, 'REGRESSION', comparison.headline)
  const profile = comparison.profile!
  assert.equal(profile.unavailable, undefined, profile.unavailable)
  return { dir, comparison, profile, stdout: run.stdout }
}

/**
 * "Where the CPU went" as Chromium shows the comment: the section's text up to the details, and
 * the function in the first row of its table (null where it has no table).
 */
async function renderedProfileSection(comment: string) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 980, height: 900 } })
    await page.setContent(commentPage(comment))
    return await page.evaluate(() => {
      const start = Array.from(document.querySelectorAll('.body > p')).find((p) =>
        p.textContent?.startsWith('Where the CPU went'),
      )
      const section: Element[] = []
      for (let e = start ?? null; e && e.tagName !== 'DETAILS'; e = e.nextElementSibling) section.push(e)
      const table = section.find((e) => e.tagName === 'TABLE')
      return {
        text: section.map((e) => e.textContent ?? '').join('\n'),
        firstFunction: table?.querySelector('tbody tr td code')?.textContent ?? null,
      }
    })
  } finally {
    await browser.close()
  }
}

describe('a differential CPU profile of a blocked pull request', () => {
  test('the comment names the function doing the extra work; report.html has the flame graph', async () => {
    const { dir, comparison, profile, stdout } = await compare(
      'compose',
      'EXTRA_CPU_PERCENT=400\nLATENCY_ROUTE=POST /orders',
      'api.js',
    )
    assert.match(
      profile.functions[0]!.name,
      /knobs\.extraCPUWork$/,
      JSON.stringify(profile.functions.slice(0, 3)),
    )
    assert.ok(profile.functions[0]!.selfBase < profile.functions[0]!.selfHead / 10, 'the base hardly runs it')

    const comment = renderComment(comparison, {})
    await mkdir('test-output', { recursive: true })
    await writeFile('test-output/profile-comment.md', comment)
    const table = comment.slice(comment.indexOf('**Where the CPU went**'))
    const firstRow = table.split('\n').find((line) => /^\| (`|<code>)/.test(line))
    assert.match(firstRow ?? '', /extraCPUWork/, table)
    const rendered = await renderedProfileSection(comment)
    assert.match(rendered.firstFunction ?? '', /knobs\.extraCPUWork$/, rendered.text)
    assert.doesNotMatch(rendered.text, /CPU per request unchanged/)
    // The terminal names it too, under the table, not only the sample counts.
    assert.match(stdout, /\n {2}Where the CPU went, [^\n]*\n {4}\S*knobs\.extraCPUWork {2}self /, stdout)

    // The measured figures are the verdict's: the profiling trials are not among the trials (a
    // round a busy machine disturbed is measured again; its superseded pair is kept apart).
    const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as ResultsFile
    assert.equal(results.trials.filter((t) => t.phase === 'measure' && !t.superseded).length, 12)
    assert.ok(results.profile!.arms!.head.requests > 0)
    // The verdict is the rounds' alone: judged again without the profile, every figure is the same.
    const { profile: _, ...withoutProfile } = results
    const again = compareResults(withoutProfile, { failOn: ['REGRESSION', 'INVALID'] })
    assert.deepEqual(
      [again.verdict, again.headline, again.series],
      [comparison.verdict, comparison.headline, comparison.series],
    )
    console.log(`profiling pair: ${results.profile!.seconds} s for both arms`)
    const folded = await readFile(path.join(dir, 'profile-head.folded'), 'utf8')
    assert.match(folded, /extraCPUWork \d+\n/)

    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`file://${path.join(dir, 'report.html')}`)
      const frames = page.locator('figure.flame svg g.frame')
      assert.ok((await frames.count()) > 5, 'the flame graph has frames')
      const extra = page.locator('figure.flame svg g.frame title', { hasText: 'extraCPUWork' })
      assert.match(
        (await extra.first().textContent()) ?? '',
        /extraCPUWork — head [\d.]+ µs\/request, base [\d.]+ \((new|\+\d+%)\)/,
      )
      const fill = await extra
        .first()
        .evaluate((title) => title.parentElement?.querySelector('rect')?.getAttribute('fill') ?? '')
      assert.match(fill ?? '', /^hsl\(0,/, 'grown frames are red')
      await page.locator('figure.flame').screenshot({ path: 'test-output/profile-flame.png' })
    } finally {
      await browser.close()
    }
  })

  // The mistake two of the teams' reports trace back to: a synchronous call in an async handler
  // stalls the event loop, and every request waits behind it.
  test('a blocking call in an async handler (Python): the rendered comment says the time is spent waiting, with no function table', async () => {
    const started = performance.now()
    // POST /checkout sleeps 10 ms in its handler: the median request waits longer, its CPU does not grow.
    const { comparison, profile, stdout } = await compare(
      'python',
      'BLOCKING_MS=10\nBLOCKING_ROUTE=POST /checkout',
      'mixed.js',
    )
    const comment = renderComment(comparison, {})
    await writeFile('test-output/profile-waiting-comment.md', comment)
    const rendered = await renderedProfileSection(comment)
    assert.equal(rendered.firstFunction, null, `no function table:\n${rendered.text}`)
    assert.match(
      rendered.text,
      /CPU per request (unchanged \([+−]\d+%[^;]*; within its samples' noise, |[+−]\d+%[^(]*\()at most [\d.]+ µs more a request against [\d.]+ ms added to the median\): (most of )?the added time is spent waiting \(I\/O, locks, sleeps, the scheduler\), not computing\./,
      rendered.text,
    )
    assert.match(stdout, /\n {2}Where the CPU went, [^\n]*\n {4}CPU per request [^\n]*spent waiting/, stdout)
    console.log(
      `blocking handler: CPU per request ${profile.totalBase} → ${profile.totalHead} µs (${profile.samples.base} and ${profile.samples.head} samples); ` +
        `test ${Math.round((performance.now() - started) / 1000)} s`,
    )
  })

  test('the CPU-bound service: a slower GET /stock/:id is blamed on its sort', async () => {
    // The knob sorts a further slice in that handler only: more of its own work, no function of its own.
    const { profile } = await compare(
      'cpu-bound',
      'CPU_WORK_PERCENT=300\nCPU_WORK_ROUTE=GET /stock/:id',
      'mixed.js',
    )
    const top = profile.functions[0]!
    assert.match(top.name, /^slices\.\w+/, JSON.stringify(profile.functions.slice(0, 3)))
    assert.ok(top.selfHead > top.selfBase * 1.5, JSON.stringify(top))
    // Go parks and wakes its threads through futex and usleep: that is switching, told apart.
    assert.ok(profile.switching!.base > 0 && profile.switching!.head > 0, JSON.stringify(profile.switching))
  })

  // V8 puts new code where freed code was, and its perf map keeps the old lines: perf alone named
  // the handler after a Node internal in about half the runs (measure/perf-map.test.ts).
  test('the JIT (Node.js) service: the handler doing more work is named first, from its perf map', async () => {
    const started = performance.now()
    const { dir, comparison, profile } = await compare(
      'jit',
      // Sixteen times its work: blocked within 6 short rounds even on a busy machine.
      'CPU_WORK_PERCENT=1500\nCPU_WORK_ROUTE=POST /checkout',
      'mixed.js',
      // Long enough for V8 to optimise the handlers. warmup auto would take 30 s an instance here:
      // its choice rests on the same reading of the processes as pause-idle-arm auto's, checked
      // below, and its length on unit tests (decide/runtime-warmup.test.ts).
      '5s',
      // One arm at a time: where pause-idle-arm auto decides for a JIT (alternating pauses none).
      { flags: ['--arms-under-load', 'one-at-a-time'] },
    )
    const first = profile.functions[0]!
    assert.equal(first.name, 'checkout (/app/server.js)', JSON.stringify(profile.functions.slice(0, 3)))
    assert.ok(first.selfHead > first.selfBase * 2, JSON.stringify(first))
    const comment = renderComment(comparison, {})
    const table = comment.slice(comment.indexOf('**Where the CPU went**'))
    const firstRow = table.split('\n').find((line) => /^\| (`|<code>)/.test(line))
    assert.match(firstRow ?? '', /checkout \(\/app\/server\.js\)/, table)

    // Both arms' JavaScript is named alike though each ran in its own process with its own map
    // file: the unchanged handlers are in both profiles under one name, and no frame is a map file.
    const folded = {
      base: await readFile(path.join(dir, 'profile-base.folded'), 'utf8'),
      head: await readFile(path.join(dir, 'profile-head.folded'), 'utf8'),
    }
    for (const text of Object.values(folded)) {
      assert.match(text, /;priceQuote \(\/app\/server\.js\)[; ]/)
      assert.match(text, /;renderCatalog \(\/app\/server\.js\)[; ]/)
      assert.doesNotMatch(text, /perf-\d+\.map/)
      // A module's top-level code (`Eval:`) runs once, as Node starts: a sample there is a stale name.
      assert.doesNotMatch(text, /;Eval:/)
    }
    assert.doesNotMatch(comment, /perf-\d+\.map|JIT code without symbols/)

    const results = await readResults(path.join(dir, 'results.json'))
    const warmups = results.trials.filter((t) => t.phase === 'warmup')
    assert.equal(warmups.length, 2, 'one warm-up per arm (fresh instances once per run)')
    // pause-idle-arm auto leaves a JIT's idle arm running: frozen, its compiler would resume within
    // its own next trial.
    assert.deepEqual(results.meta.timing?.idleArmAuto, { pause: false, runtimes: ['Node.js'] })
    assert.equal(results.settings.pauseIdleArm, false)
    assert.match(comment, /Pause-idle-arm auto: the idle arm keeps running, for the Node\.js JIT compiler/)
    console.log(
      `JIT service: warm-ups of ${warmups.map((t) => `${t.durationSeconds.toFixed(1)} s`).join(' and ')}; ` +
        `profiling pair ${results.profile!.seconds} s; test ${Math.round((performance.now() - started) / 1000)} s`,
    )
  })

  // CPython 3.12+ with `-X perf`: DWARF unwinding reaches the innermost Python function, and the
  // interpreter's own C functions under it are charged to it.
  test('the Python (FastAPI) service: the function doing more work is named first, from -X perf', async () => {
    const started = performance.now()
    const { dir, profile } = await compare(
      'python',
      // Eight times its work: blocked within 6 short rounds even on a busy machine.
      'CPU_WORK_PERCENT=700\nCPU_WORK_ROUTE=POST /checkout',
      'mixed.js',
    )
    const first = profile.functions[0]!
    assert.equal(first.name, 'checkout (/app/server.py)', JSON.stringify(profile.functions.slice(0, 3)))
    assert.ok(first.selfHead > first.selfBase * 2, JSON.stringify(first))
    assert.equal(profile.unsymbolized, undefined, JSON.stringify(profile.unsymbolized))
    const table = renderProfileMarkdown(profile)
    const firstRow = table.split('\n').find((line) => /^\| (`|<code>)/.test(line))
    assert.match(firstRow ?? '', /checkout \(\/app\/server\.py\)/, table)
    // The unchanged handlers' functions are in both arms' profiles under one name, and the
    // interpreter's own C functions are charged to them: none is a leaf under a Python function.
    for (const arm of ['base', 'head']) {
      const text = await readFile(path.join(dir, `profile-${arm}.folded`), 'utf8')
      assert.match(text, /;price_quote \(\/app\/server\.py\)[; ]/, arm)
      assert.match(text, /;render_catalog \(\/app\/server\.py\)[; ]/, arm)
      assert.doesNotMatch(text, /\.py\);[^\n]*_PyEval_EvalFrameDefault/, arm)
    }
    console.log(
      `Python service: CPU per request ${profile.totalBase} → ${profile.totalHead} µs; ` +
        `${profile.functions
          .slice(0, 3)
          .map((f) => `${f.name} ${f.selfBase} → ${f.selfHead} µs`)
          .join(', ')}; ` +
        `test ${Math.round((performance.now() - started) / 1000)} s`,
    )
  })

  // Two jlink runtimes (one per arm's prepare) and two JVM starts make this the costliest test of
  // the file: run where LOADGATE_E2E_JVM is set (the bench runs it; jvm/README.md).
  test(
    'the JVM service: the handler doing more work is named first, from the perf map it asks for',
    { skip: !process.env.LOADGATE_E2E_JVM && 'set LOADGATE_E2E_JVM=1 to run it' },
    async () => {
      const started = performance.now()
      const { dir, comparison, profile } = await compare(
        'jvm',
        // Fifty-one times its work: C2's loop costs a fraction of V8's, and a 2-s profiling trial
        // of some 300 requests must show the growth beyond its samples' noise.
        'CPU_WORK_PERCENT=5000\nCPU_WORK_ROUTE=POST /checkout',
        'mixed.js',
        // Long enough for C2 to compile the handlers, far short of warmup auto's 60 s.
        '10s',
        // The fewest rounds a run takes; the profile, not the verdict, is what this test checks.
        { rounds: 5, blocked: false },
      )
      const first = profile.functions[0]!
      assert.equal(
        first.name,
        'Shop.checkout(java.lang.String)',
        JSON.stringify(profile.functions.slice(0, 3)),
      )
      assert.ok(first.selfHead > first.selfBase * 2, JSON.stringify(first))
      assert.equal(profile.unsymbolized, undefined, JSON.stringify(profile.unsymbolized))
      // The comment shows the profile of a blocked run only: its table as a blocked run's would read
      // (on a saturated machine the head's median can grow by far more than its CPU: that is the
      // waiting sentence's case, not this test's).
      const table = renderProfileMarkdown(profile)
      const firstRow = table.split('\n').find((line) => /^\| (`|<code>)/.test(line))
      assert.match(firstRow ?? '', /Shop\.checkout\(java\.lang\.String\)/, table)
      // The unchanged handlers are in both arms' profiles under one name, from each JVM's own map.
      for (const arm of ['base', 'head']) {
        const text = await readFile(path.join(dir, `profile-${arm}.folded`), 'utf8')
        assert.match(text, /;Shop\.priceQuote\(int\)[; ]/, arm)
        assert.doesNotMatch(text, /perf-\d+\.map/, arm)
      }
      console.log(
        `JVM service: profiling pair ${comparison.profile && (await readResults(path.join(dir, 'results.json'))).profile!.seconds} s; ` +
          `test ${Math.round((performance.now() - started) / 1000)} s`,
      )
    },
  )
})
