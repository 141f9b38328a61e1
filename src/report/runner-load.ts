import type { Comparison } from '../model/types'

const percent = (x: number) => `${Math.round(x * 100)}%`

/** "round 3", "rounds 2, 5 and 7", or "12 of 20 rounds" when the list would be long. */
function roundsText(rounds: number[], of: number): string {
  if (rounds.length === 1) return `round ${rounds[0]}`
  if (rounds.length > 6) return `${rounds.length} of ${of} rounds`
  return `rounds ${rounds.slice(0, -1).join(', ')} and ${rounds.at(-1)}`
}

/**
 * Sentences on a runner that was not fit to measure on, for a run that can be trusted otherwise.
 * The verdict stands either way: with paired rounds in drawn order, what the runner added is noise
 * that the interval includes, not a bias to one arm; the sentences say why the interval is wide.
 */
export function runnerLoadTexts(comparison: Comparison): string[] {
  const load = comparison.runner
  if (!load || comparison.verdict === 'INVALID') return []
  const texts: string[] = []
  if (load.saturatedRounds.length) {
    texts.push(
      `The runner's CPUs were saturated (up to ${percent(load.maxCpuBusy)} busy) in ` +
        `${roundsText(load.saturatedRounds, comparison.rounds)}: the load, the stacks and the runner waited ` +
        'for CPU, and the latencies include that wait. A lower rate or a larger runner measures the code ' +
        'rather than the queue',
    )
  }
  if (load.stolenRounds.length) {
    texts.push(
      `The hypervisor took up to ${percent(load.maxStolen)} of the runner's CPU time (steal; ` +
        `${percent(load.meanStolen)} over all trials) in ${roundsText(load.stolenRounds, comparison.rounds)}: ` +
        'the machine was shared with other guests, so these rounds are noisier than the code. The interval ' +
        'includes that noise; a rerun on a quieter runner may settle what this one could not',
    )
  }
  return texts
}
