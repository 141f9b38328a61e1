import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import {
  foreignFraction,
  parseProcessStat,
  readRunCpu,
  runProcessTicks,
  type ProcessTicks,
} from '../../src/measure/run-cpu'

/** A /proc/<pid>/stat line with the fields the accounting reads (the rest zero). */
function statLine(pid: number, command: string, ppid: number, ticks: number[]): string {
  const fields = Array.from({ length: 50 }, () => '0')
  fields[0] = 'S'
  fields[1] = String(ppid)
  // Fields 14–17 (utime, stime, cutime, cstime) are at 11–14 after the pid and the command.
  ticks.forEach((t, i) => (fields[11 + i] = String(t)))
  return `${pid} (${command}) ${fields.join(' ')}\n`
}

const proc = (pid: number, command: string, ppid: number, ticks: number[]) =>
  parseProcessStat(statLine(pid, command, ppid, ticks))!

describe("the run's own CPU outside the arms' containers (/proc/<pid>/stat)", () => {
  test('parses a command with spaces and parentheses; own and reaped ticks', () => {
    assert.deepEqual(proc(42, 'k6 (a) b', 7, [10, 5, 30, 4]), {
      pid: 42,
      ppid: 7,
      command: 'k6 (a) b',
      own: 15,
      reaped: 34,
    })
    assert.equal(parseProcessStat('garbage'), null)
  })

  test('this process, its descendants and the engine are the run; any other process is not', () => {
    const processes: ProcessTicks[] = [
      proc(100, 'node', 1, [50, 10, 200, 20]),
      proc(101, 'k6', 100, [300, 40, 0, 0]),
      proc(102, 'taskset', 101, [1, 1, 0, 0]),
      proc(200, 'dockerd', 1, [70, 30, 999, 999]),
      proc(201, 'containerd-shim-runc-v2', 1, [5, 5, 500, 0]),
      proc(202, 'docker-proxy', 1, [20, 20, 0, 0]),
      proc(300, 'stress-ng', 1, [5000, 0, 0, 0]),
      proc(301, 'neighbour child', 300, [800, 0, 0, 0]),
    ]
    // node 280 + k6 340 + taskset 2; the engine's own ticks only (its reaped ones are the containers').
    assert.equal(runProcessTicks(processes, 100), 280 + 340 + 2 + 100 + 10 + 40)
  })

  test("foreign CPU is busy time less steal and the run's, as a share of all time", () => {
    const at = (total: number, busy: number, steal: number, runTicks: number) => ({
      host: { total, busy, steal },
      runTicks,
    })
    // 1000 ticks: 700 busy, of which 100 steal, 150 the run's processes, 2.5 s (250) its containers.
    assert.equal(foreignFraction(at(0, 0, 0, 0), at(1000, 700, 100, 150), 2.5), 0.2)
    assert.equal(foreignFraction(at(0, 0, 0, 0), at(1000, 300, 0, 150), 2.5), 0, 'never below 0')
    assert.equal(foreignFraction(at(0, 0, 0, 0), at(1000, 700, 0, 0), null), null, 'containers unknown')
    assert.equal(foreignFraction(at(5, 0, 0, 0), at(5, 0, 0, 0), 0), null, 'no time passed')
  })

  test('on this host: a child that burns CPU and ends between two readings is counted as the run', async (t) => {
    const before = await readRunCpu()
    if (!before) return t.skip('no /proc here')
    spawnSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);'])
    const after = await readRunCpu()
    assert.ok(after!.runTicks - before.runTicks >= 20, `${after!.runTicks - before.runTicks} ticks`)
  })
})
