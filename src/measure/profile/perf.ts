import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { errorMessage } from '../../util/errors'
import { lastLines, run, startBackground, type BackgroundProcess } from '../../util/exec'
import { foldPerfScript } from './fold'
import { readPerfMaps } from './perf-map'
import type { ProcessSigns } from '../../decide/runtime-warmup'

/** Samples per second of on-CPU time: a prime, so the sampling never beats with a periodic timer. */
export const PROFILE_HZ = 997

/** How perf is started here: as is for root, through `sudo -n` where that works (the containers' processes are root's). */
export type PerfCommand = string[]

async function works(command: string, args: string[]): Promise<boolean> {
  return run(command, args, { timeoutMs: 30_000 }).then(
    () => true,
    () => false,
  )
}

/**
 * perf, ready to attach to the arms' processes, or why not (not installed, not permitted). On a
 * GitHub-hosted runner a missing perf is installed with apt first (sudo needs no password there).
 */
export async function findPerf(): Promise<{ command: PerfCommand } | { unavailable: string }> {
  const sudo = process.getuid?.() !== 0 && (await works('sudo', ['-n', 'true']))
  const command = sudo ? ['sudo', '-n', 'perf'] : ['perf']
  const perf = (args: string[]) => run(command[0]!, [...command.slice(1), ...args], { timeoutMs: 30_000 })
  const installed =
    (await works(command[0]!, [...command.slice(1), '--version'])) ||
    (sudo && process.env.GITHUB_ACTIONS === 'true' && (await installPerf()))
  if (!installed)
    return {
      unavailable:
        'perf unavailable (not installed: Debian package linux-perf, Ubuntu linux-tools-$(uname -r))',
    }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'loadgate-perf-'))
  try {
    await perf([
      'record',
      '-q',
      '-e',
      'cpu-clock',
      '-F',
      '99',
      '-g',
      '-o',
      path.join(scratch, 'probe.data'),
      '--',
      'true',
    ])
    return { command }
  } catch (error) {
    return { unavailable: `perf unavailable (${errorMessage(error).replace(/\s+/g, ' ').slice(0, 300)})` }
  } finally {
    await rm(scratch, { recursive: true, force: true }).catch(() => undefined)
  }
}

/** apt-get install of perf for the running kernel (Ubuntu), else Debian's package; true once perf runs. */
async function installPerf(): Promise<boolean> {
  const kernel = os.release()
  for (const packages of [['linux-tools-common', `linux-tools-${kernel}`], ['linux-perf']]) {
    const installed = await run(
      'sudo',
      ['-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
      {
        timeoutMs: 5 * 60 * 1000,
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      },
    ).then(
      () => true,
      () => false,
    )
    if (installed && (await works('sudo', ['-n', 'perf', '--version']))) return true
  }
  return false
}

/**
 * How perf walks a sample's stack. Frame pointers are cheap, and the Go, JVM (with
 * PreserveFramePointer) and Node services keep them. CPython is usually built without them, so
 * DWARF unwinding (a copy of each sample's stack, unwound from the libraries' `.eh_frame`) gets
 * through the interpreter; it stops at the innermost Python function's `-X perf` trampoline, which
 * is the frame the profile charges the sample to.
 */
export type Unwinding = 'frame-pointers' | 'dwarf'

/** The unwinding these processes need: DWARF where one of them runs CPython. */
export function unwindingFor(processes: ProcessSigns[]): Unwinding {
  const cpython = /^(python3[\d.]*|libpython3[\d.]*\.so.*)$/
  return processes.some((p) => p.signs.some((sign) => cpython.test(sign))) ? 'dwarf' : 'frame-pointers'
}

/** `perf record` attached to running processes (their threads, and threads they start, included). */
export class PerfRecording {
  private readonly process: BackgroundProcess

  constructor(
    private readonly command: PerfCommand,
    private readonly pids: number[],
    private readonly dataFile: string,
    private readonly unwinding: Unwinding = 'frame-pointers',
  ) {
    this.process = startBackground(command[0]!, [
      ...command.slice(1),
      'record',
      '-q',
      '-e',
      'cpu-clock',
      '-F',
      String(PROFILE_HZ),
      ...(unwinding === 'dwarf' ? ['--call-graph', 'dwarf'] : ['-g']),
      '-p',
      pids.join(','),
      '-o',
      dataFile,
    ])
  }

  /**
   * Stops sampling and returns the folded stacks, or throws with perf's error. On SIGINT perf writes
   * its data, then ends by the same signal.
   */
  async stop(): Promise<Map<string, number>> {
    const { code, signal, stderr } = await this.process.stop('SIGINT', 60_000)
    if (code !== 0 && signal !== 'SIGINT')
      throw new Error(`perf record ended with ${signal ?? `exit code ${code}`}: ${lastLines(stderr, 2)}`)
    try {
      // Read now, while the processes run: a container's map goes with it.
      const jitMaps = await readPerfMaps(this.command, this.pids)
      const [program, ...prefix] = this.command
      // `-F +pid`: the header names the process (`comm pid/tid`), so every thread finds its map.
      // `--no-inline`: DWARF stacks are CPython's, whose inlined C functions are charged to Python
      // code anyway; resolving them through a library without debug sections dropped samples.
      const noInline = this.unwinding === 'dwarf' ? ['--no-inline'] : []
      const args = [...prefix, 'script', ...noInline, '-F', '+pid', '-i', this.dataFile]
      const script = await run(program!, args, { timeoutMs: 5 * 60 * 1000 })
      return foldPerfScript(script.stdout, jitMaps)
    } catch (error) {
      throw new Error(`perf script: ${lastLines(errorMessage(error), 2)}`, { cause: error })
    } finally {
      // The raw samples are large and of no use once folded.
      await rm(this.dataFile, { force: true }).catch(() => undefined)
    }
  }
}
