import type { Unsymbolized } from '../model/profile'

/** How a report shows a name from the profile (a file the code under test chose) or a flag. */
type Code = (text: string) => string

/** What made the code nameless, and how that runtime or toolchain gets names. */
function cause({ file, runtime }: Unsymbolized, code: Code): string {
  switch (runtime) {
    case 'binary':
      return (
        `in ${code(file)}, which has no symbol table (stripped: a Go binary built with ` +
        `${code("-ldflags='-s -w'")}, or run through ${code('strip')}), so no function can be named. ` +
        `Build the image loadgate profiles without ${code('-s')} (Go) or without stripping`
      )
    case 'jvm':
      return (
        'in Java code the JVM compiled without a perf map, so no method can be named. ' +
        `The JVM must write ${code('/tmp/perf-<pid>.map')} while it runs: JDK 17+ writes it on ` +
        `${code('jcmd <pid> Compiler.perfmap')} (a snapshot, which the service can ask for itself; ` +
        `${code('-XX:+DumpPerfMapAtExit')} writes it only at exit, too late), or a perf map agent; ` +
        `with ${code('-XX:+PreserveFramePointer')} for whole stacks`
      )
    case 'node':
      return (
        'in JavaScript that Node compiled without a perf map, so no function can be named. ' +
        `Start node with ${code('--perf-basic-prof')} (and ${code('--interpreted-frames-native-stack')})`
      )
    case 'cpython':
      return (
        'in the CPython interpreter, which names no Python function to perf. ' +
        `Run Python 3.12+ with ${code('-X perf')} (or ${code('PYTHONPERFSUPPORT=1')}); before 3.12 perf cannot name them`
      )
    case 'jit':
      return (
        'in code a runtime compiled without a perf map, so no function can be named. ' +
        `The runtime must write ${code('/tmp/perf-<pid>.map')} while it runs (Node ${code('--perf-basic-prof')}, ` +
        `the JVM ${code('jcmd <pid> Compiler.perfmap')} or a perf map agent, Python 3.12+ ${code('-X perf')})`
      )
    case 'unmapped':
      return (
        'at addresses perf could place in no file, so no function can be named: the stacks were walked ' +
        `without frame pointers. Build the service with frame pointers (C, C++: ${code('-fno-omit-frame-pointer')})`
      )
  }
}

/**
 * One line in place of a verdict on the functions, where most samples have no symbol: how many,
 * where, and the fix for that toolchain (docs/profiling.md has the table).
 */
export function unsymbolizedText(unsymbolized: Unsymbolized, code: Code): string {
  return (
    `${Math.round(unsymbolized.share * 100)}% of the samples are ${cause(unsymbolized, code)} ` +
    '(docs/profiling.md).'
  )
}
