import type { Comparison, DifferingRound, RepeatedRound } from '../model/types'

const percent = (x: number) => `${Math.round(x * 100)}%`

/** "round 3", "rounds 2, 5 and 7", "12 of 20 rounds" when the list would be long, or "every round". */
function roundsText(rounds: number[], of: number): string {
  if (rounds.length === of && of > 1) return 'every round'
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

const arms = ['base', 'head'] as const

/** Not the run's share of a trial's CPU time: others' processes and steal. */
const notTheRuns = (a: DifferingRound['base']) => (a.foreignCpu ?? 0) + (a.stolen ?? 0)

/**
 * The one line for a run the runner was too busy to settle (INCONCLUSIVE with disturbed rounds, or
 * with rounds whose hosts other processes kept busy): which rounds, how much of the CPU was not the
 * run's, and what to change. Empty otherwise.
 */
export function tooBusyText(comparison: Comparison): string {
  const rounds = (comparison.runner?.differingRounds ?? []).filter((r) => r.disturbed)
  if (comparison.verdict !== 'INCONCLUSIVE') return ''
  if (rounds.length === 0) return busyAlikeText(comparison)
  const trials = rounds.flatMap((r) => arms.map((arm) => r[arm]))
  const worst = trials.reduce((w, t) => (notTheRuns(t) > notTheRuns(w) ? t : w))
  const steal = worst.stolen ?? 0
  const parts = [
    worst.foreignCpu ? `${percent(worst.foreignCpu)} other processes` : '',
    steal ? `${percent(steal)} steal` : '',
  ].filter(Boolean)
  const advice =
    steal > (worst.foreignCpu ?? 0)
      ? "a larger runner (steal is the host's other guests, no job setting removes it)"
      : 'fewer parallel jobs on this runner, or a larger runner'
  const which = roundsText(
    rounds.map((r) => r.round),
    comparison.rounds,
  )
  return (
    `Too busy to tell: ${which} ${/^(rounds|\d+ of) /.test(which) ? 'were' : 'was'} disturbed (up to ${percent(notTheRuns(worst))} of the CPU ` +
    `was not this run's: ${parts.join(', ')}); rerun on ${advice}`
  )
}

/**
 * Too busy to tell where no round's two trials differed (the arms alternated, or the neighbour ran
 * throughout) but other processes kept the host busy: it slowed both arms alike and widened the
 * interval, without favouring either.
 */
function busyAlikeText(comparison: Comparison): string {
  const load = comparison.runner
  const busy = load?.busyRounds ?? []
  if (!load || busy.length === 0) return ''
  const mostSteal = load.maxStolen > (load.maxForeign ?? 0)
  return (
    `Too busy to tell: other processes took up to ${percent(load.maxForeign ?? 0)} of the runner's CPU ` +
    `(${percent(load.meanForeign ?? 0)} on average) in ${roundsText(busy, comparison.rounds)}, both arms alike; ` +
    `rerun on ${mostSteal ? 'a larger runner' : 'fewer parallel jobs on this runner, or a larger runner'}`
  )
}

/** Per round whose two trials differed beside the run: each arm's foreign CPU and steal (details). */
export function differingRoundLines(comparison: Comparison): string[] {
  const share = (x: number | undefined) => (x === undefined ? '–' : percent(x))
  return (comparison.runner?.differingRounds ?? []).map((r) => {
    const arm = (name: (typeof arms)[number]) =>
      `${name} ${share(r[name].foreignCpu)} other processes, ${share(r[name].stolen)} steal`
    const marks = [
      r.disturbed ? 'disturbed' : '',
      r.repeats ? `measured again ${r.repeats === 1 ? 'once' : `${r.repeats} times`}` : '',
    ].filter(Boolean)
    return `round ${r.round}: ${arm('base')}; ${arm('head')}${marks.length ? ` (${marks.join(', ')})` : ''}`
  })
}

/**
 * Why a round was measured again, from the pair it superseded, the busier arm first: "round 4
 * measured again: the base trial's host was 31% busy with other work, the head's 6%".
 */
export function repeatedRoundText(r: RepeatedRound): string {
  const share = (arm: (typeof arms)[number]) => (r.by === 'steal' ? r[arm].stolen : r[arm].foreignCpu) ?? 0
  const [busier, other] = share('base') >= share('head') ? arms : ([...arms].reverse() as ['head', 'base'])
  const what =
    r.by === 'steal'
      ? `the ${busier} trial lost ${percent(share(busier))} of the CPU time to steal, the ${other}'s ${percent(share(other))}`
      : `the ${busier} trial's host was ${percent(share(busier))} busy with other work, the ${other}'s ${percent(share(other))}`
  return `round ${r.round} measured again: ${what}`
}

/** "2 rounds measured again (at most 3 a run)", or '' when none was. */
export function repeatsCountText(comparison: Comparison): string {
  const repeated = comparison.runner?.repeatedRounds ?? []
  if (!repeated.length) return ''
  const bound = comparison.runner?.repeatsPerRun
  return (
    `${repeated.length} ${repeated.length === 1 ? 'round' : 'rounds'} measured again, disturbed` +
    `${bound ? ` (at most ${bound} a run)` : ''}`
  )
}

/** The lines on repeats: each round measured again and why, and the rounds left disturbed. */
export function repeatLines(comparison: Comparison): string[] {
  const exhausted = comparison.runner?.exhaustedRounds ?? []
  return [
    ...(comparison.runner?.repeatedRounds ?? []).map(repeatedRoundText),
    ...(exhausted.length
      ? [`${roundsText(exhausted, comparison.rounds)} still disturbed, no repeat left: compared as measured`]
      : []),
  ]
}

/** The details' list items: the rounds measured again, and those whose two trials differed beside the run. */
export function differingRoundsDetail(comparison: Comparison): string[] {
  const lines = differingRoundLines(comparison)
  const repeats = repeatLines(comparison)
  return [
    ...(repeats.length
      ? [
          `- ${repeatsCountText(comparison) || 'No round measured again'}; each round is compared on its last pair of trials:`,
          ...repeats.map((l) => `  - ${l}`),
        ]
      : []),
    ...(lines.length
      ? [
          "- CPU that was not this run's, where a round's two trials differed:",
          ...lines.map((l) => `  - ${l}`),
        ]
      : []),
  ]
}
