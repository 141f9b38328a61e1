import { formatAlpha, formatBytes } from '../model/format'
import type { Comparison } from '../model/types'
import { escapeMarkdown, markdownCode } from './escape'
import { timingText } from './format'
import { differingRoundsDetail, repeatsCountText } from './runner-load'

function sha7(sha: string | undefined): string {
  return sha ? `\`${sha.slice(0, 7).replace(/[^0-9a-f]/g, '')}\`` : '?'
}

/** The details' table of services: CPU per request, peak memory and restarts of each arm. */
export function servicesTable(comparison: Comparison): string {
  const services = [...new Set(comparison.services.map((s) => s.service))]
  if (services.length === 0) return ''
  const cell = (service: string, arm: 'base' | 'head') =>
    comparison.services.find((s) => s.service === service && s.arm === arm)
  const cpu = (v: number | null | undefined) => (v == null ? 'not measured' : `${(v * 1000).toFixed(3)} ms`)
  const rows = services.map((service) => {
    const base = cell(service, 'base')
    const head = cell(service, 'head')
    const restarts = (base?.restarts ?? 0) + (head?.restarts ?? 0)
    return `| ${escapeMarkdown(service)} | ${cpu(base?.cpuSecondsPerRequest)} | ${cpu(head?.cpuSecondsPerRequest)} | ${formatBytes(base?.peakMemoryBytes ?? null)} | ${formatBytes(head?.peakMemoryBytes ?? null)} | ${restarts} |`
  })
  return [
    '| service | CPU per request, base | head | peak memory, base | head | restarts |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n')
}

/** The details' list: runner, versions, plan and the two commits. */
export function runDetails(comparison: Comparison): string {
  const m = comparison.meta
  return [
    `- Runner: ${escapeMarkdown(m.runner.cpuModel)}, ${m.runner.cores} cores, ${escapeMarkdown(m.runner.os)}`,
    `- Versions: loadgate ${escapeMarkdown(m.versions.loadgate)}, k6 ${escapeMarkdown(m.versions.k6)}, Docker ${escapeMarkdown(m.versions.docker)}, Compose ${escapeMarkdown(m.versions.compose)}`,
    `- Round order seed ${m.seed}; ${comparison.rounds} rounds${comparison.extended ? ' (went on past the first look)' : ''}${repeatsCountText(comparison) ? `, ${repeatsCountText(comparison)}` : ''}; one-sided level ${formatAlpha(comparison.alpha)} per look; ${comparison.kind === 'paired' ? "signed-rank tests of the typical round's ratio (error rates: sign-flip tests of the mean), step-down maxT over gated metrics" : 'Holm over gated metrics'}`,
    m.base
      ? `- Base ${sha7(m.base.sha)} ${escapeMarkdown(m.base.message.split('\n')[0] ?? '')}`
      : '- Base: none (the head was measured alone)',
    `- Head ${sha7(m.head.sha)} ${escapeMarkdown(m.head.message.split('\n')[0] ?? '')}`,
    ...(m.timing ? [`- ${timingText(m.timing, markdownCode)}`] : []),
    ...differingRoundsDetail(comparison),
  ].join('\n')
}
