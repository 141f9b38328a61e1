import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { renderBadge, type BadgeState } from '../../src/report/badge'
import { writeBadges } from '../../src/store/badge'
import { launchChromium } from '../../testkit/chromium'

// Badges read by a real XML parser (Chromium's DOMParser): well-formed, their texts present and,
// for a hostile name, escaped so that the parsed text is the name as written and no element forms.

let browser: Browser
let page: Page

before(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
})
after(async () => {
  await browser?.close()
})

interface ParsedBadge {
  error: string | null
  root: string
  title: string
  ariaLabel: string
  width: number
  texts: string[]
  fills: string[]
  elements: string[]
}

function parse(svg: string): Promise<ParsedBadge> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml')
    const root = doc.documentElement
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      title: root.querySelector('title')?.textContent ?? '',
      ariaLabel: root.getAttribute('aria-label') ?? '',
      width: Number(root.getAttribute('width')),
      texts: Array.from(root.querySelectorAll('text'), (t) => t.textContent ?? ''),
      fills: Array.from(root.querySelectorAll('rect'), (r) => r.getAttribute('fill') ?? ''),
      elements: [...new Set(Array.from(root.querySelectorAll('*'), (e) => e.localName))].sort(),
    }
  }, svg)
}

describe('badges (drawn by badge-maker, parsed by Chromium)', () => {
  test('every state: a well-formed SVG with its texts, its title and its colour', async () => {
    const colours: Record<BadgeState, string> = { ok: '#2e7d32', shifted: '#c05621', failing: '#c62828' }
    for (const state of ['ok', 'shifted', 'failing'] as const) {
      const badge = await parse(await renderBadge('api', state))
      assert.equal(badge.error, null, state)
      assert.equal(badge.root, 'svg')
      assert.equal(badge.title, `loadgate api: ${state}`)
      assert.equal(badge.ariaLabel, `loadgate api: ${state}`)
      assert.ok(badge.texts.includes('loadgate api'), badge.texts.join(' | '))
      assert.ok(badge.texts.includes(state), badge.texts.join(' | '))
      assert.ok(badge.fills.includes('#555'), 'the grey label box')
      assert.ok(badge.fills.includes(colours[state]), `${state}: ${badge.fills.join(' ')}`)
    }
  })

  test('a hostile name is escaped: the parsed text is the name as written, and no element forms', async () => {
    // The parser does refuse what is not well-formed (positive control).
    const broken = await parse('<svg xmlns="http://www.w3.org/2000/svg"><text>a<b</text></svg>')
    assert.notEqual(broken.error, null)
    const hostile = `a<b>&"c'</text><script>alert(1)</script><title>x`
    const svg = await renderBadge(hostile, 'shifted')
    assert.equal(svg.includes('<script'), false)
    assert.equal(svg.includes('<b>'), false)
    const badge = await parse(svg)
    assert.equal(badge.error, null)
    assert.equal(badge.title, `loadgate ${hostile}: shifted`)
    assert.equal(badge.ariaLabel, `loadgate ${hostile}: shifted`)
    assert.ok(badge.texts.includes(`loadgate ${hostile}`), badge.texts.join(' | '))
    assert.deepEqual(
      badge.elements.filter((e) => ['script', 'b'].includes(e)),
      [],
    )
    assert.equal(badge.elements.filter((e) => e === 'title').length, 1)
  })

  test('a box is as wide as its text in Verdana, not as its number of characters', async () => {
    // Four narrow letters and four wide ones: the same length, far from the same width.
    const narrow = await parse(await renderBadge('iiii', 'ok'))
    const wide = await parse(await renderBadge('WWWW', 'ok'))
    assert.ok(wide.width - narrow.width >= 25, `${narrow.width} px against ${wide.width} px`)
  })
})

describe('writing the badges', () => {
  test('one SVG per benchmark; a name that is no benchmark name is refused before anything is written', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-badges-'))
    try {
      await writeBadges(root, [
        { benchmark: 'api', state: 'ok' },
        { benchmark: 'web.v2', state: 'failing' },
      ])
      assert.deepEqual((await readdir(path.join(root, 'badges'))).sort(), ['api.svg', 'web.v2.svg'])
      const web = await parse(await readFile(path.join(root, 'badges', 'web.v2.svg'), 'utf8'))
      assert.equal(web.title, 'loadgate web.v2: failing')
      for (const name of ['../escape', 'a<b>', '']) {
        await assert.rejects(
          writeBadges(root, [
            { benchmark: 'api', state: 'shifted' },
            { benchmark: name, state: 'ok' },
          ]),
          /^Error: No badge for '.*': expected a benchmark name/,
        )
      }
      assert.deepEqual((await readdir(path.join(root, 'badges'))).sort(), ['api.svg', 'web.v2.svg'])
      assert.deepEqual(await readdir(root), ['badges'])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
