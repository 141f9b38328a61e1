import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'

// GitHub Marketplace refuses to publish an action whose metadata breaks its rules: a description of
// 125 characters or more, a missing name, or branding outside its sets of colors and Feather icons.

/** The Marketplace's colors (all of them). */
const COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']
/**
 * Feather icons the Marketplace accepts, those that suit a performance gate (the Marketplace leaves
 * some Feather icons out, so a new choice is checked against its list and added here).
 */
const ICONS = [
  'activity',
  'bar-chart',
  'bar-chart-2',
  'check-circle',
  'clock',
  'cpu',
  'git-pull-request',
  'shield',
  'trending-down',
  'trending-up',
  'zap',
]

const DESCRIPTION_LIMIT = 125

interface Listing {
  name?: unknown
  description?: unknown
  branding?: { icon?: unknown; color?: unknown }
}

/** What the Marketplace would refuse in action.yml's listing fields, one line each. */
function listingProblems(listing: Listing): string[] {
  const problems: string[] = []
  const { name, description, branding } = listing
  if (typeof name !== 'string' || !name.trim()) problems.push('name: missing')
  else if (name.length > 100) problems.push(`name: ${name.length} characters`)
  if (typeof description !== 'string' || !description.trim()) problems.push('description: missing')
  else if (description.length >= DESCRIPTION_LIMIT)
    problems.push(`description: ${description.length} characters, the Marketplace takes fewer than 125`)
  if (!ICONS.includes(String(branding?.icon))) problems.push(`branding.icon: '${String(branding?.icon)}'`)
  if (!COLORS.includes(String(branding?.color))) problems.push(`branding.color: '${String(branding?.color)}'`)
  return problems
}

const actionYml = () => parseYaml(readFileSync('action.yml', 'utf8')) as Listing

test("action.yml's name, description and branding are what the Marketplace publishes", () => {
  assert.deepEqual(listingProblems(actionYml()), [])
  assert.equal(actionYml().name, 'loadgate')
})

test('a description of 125 characters is refused, 124 accepted; other listing mistakes too', () => {
  const listing = actionYml()
  const sized = (length: number) => ({ ...listing, description: 'x'.repeat(length) })
  assert.deepEqual(listingProblems(sized(124)), [])
  assert.deepEqual(listingProblems(sized(125)), [
    'description: 125 characters, the Marketplace takes fewer than 125',
  ])
  assert.deepEqual(listingProblems({ description: 'ok', branding: { icon: 'gauge', color: 'teal' } }), [
    'name: missing',
    "branding.icon: 'gauge'",
    "branding.color: 'teal'",
  ])
})
