import type { Shift } from '../decide/change-points'
import { withoutControlCharacters } from '../util/control-characters'

/** A signed percentage: +18%, −4.2%. */
export function signedPercent(change: number): string {
  const value = Math.abs(change) * 100
  const digits = value >= 10 ? 0 : 1
  return `${change < 0 ? '−' : '+'}${value.toFixed(digits)}%`
}

/** Three significant digits, as the reports show values. */
export function shortNumber(value: number): string {
  return String(Number(value.toPrecision(3)))
}

/** "p95 of POST /orders +18% since a1b2c3d": the one-line name of a shift (raw text: escape where it is shown). */
export function shiftTitle(shift: Shift): string {
  return `${shift.metric} of ${shift.series} ${signedPercent(shift.change)} since ${shift.firstAfter.sha.slice(0, 7)}`
}

/** Shifts as a terminal table, oldest first; untrusted names lose their control characters. */
export function renderShiftTable(shifts: Shift[]): string {
  if (shifts.length === 0) return 'No change points in the recorded history.\n'
  const header = ['benchmark', 'series', 'metric', 'change', 'before → after', 'commits', 'runs', 'cause']
  const rows = [...shifts]
    .sort((a, b) => a.firstAfter.startedAt.localeCompare(b.firstAfter.startedAt))
    .map((s) => [
      s.benchmark,
      s.series,
      s.metric,
      `${signedPercent(s.change)}${s.worse ? ' worse' : ' better'}`,
      `${shortNumber(s.before.median)} → ${shortNumber(s.after.median)}`,
      `${s.lastBefore.sha.slice(0, 7)}..${s.firstAfter.sha.slice(0, 7)}`,
      `${s.runsBefore} | ${s.runsAfter}`,
      s.environmentChanged ? `environment changed (${s.environmentChanged})` : 'commit',
    ])
    .map((row) => row.map((cell) => withoutControlCharacters(cell)))
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return `${[line(header), ...rows.map(line)].join('\n')}\n`
}
