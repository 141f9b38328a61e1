// test-group: light (pure logic: it folds recorded perf output, and starts no perf)
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { diffProfiles } from '../../src/decide/profile-diff'
import { foldPerfScript } from '../../src/measure/profile/fold'
import { unwindingFor } from '../../src/measure/profile/perf'
import { profileRecordingSchema, type ArmProfile } from '../../src/model/profile'

// CPython under perf: `-X perf` names each Python function's trampoline, DWARF unwinding stops at
// the innermost one, and the interpreter's C functions under it are that function's own CPU.
// The stacks below are `perf script --no-inline -F +pid` of the Python reference service.

const LIBPYTHON = '/usr/local/lib/libpython3.13.so.1.0'
const sample = (pid: number, frames: string[]) =>
  `python3 ${pid}/${pid} 38038.6: 1003009 cpu-clock:\n${frames.map((f) => `\t${f}\n`).join('')}`

const CHECKOUT = [
  `127230 long_bitwise+0x1d0 (${LIBPYTHON})`,
  `d1228 PyNumber_And+0xa8 (${LIBPYTHON})`,
  `8f9f5 _PyEval_EvalFrameDefault+0x4115 (${LIBPYTHON})`,
  '7fa5d65020f5 py::checkout:/app/server.py+0x5 (/tmp/perf-14486.map)',
]
const TLS = [
  '144d0 __tls_get_addr+0x20 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)',
  `16a047 _PyObject_Free+0x37 (${LIBPYTHON})`,
  `9549b _PyEval_EvalFrameDefault+0x9bbb (${LIBPYTHON})`,
  '7fa5d69edb05 py::seeded.<locals>.draw:/app/server.py+0x5 (/tmp/perf-14486.map)',
]
const SOCKET = [
  'ffffffff8223df66 do_syscall_64+0x46 ([kernel.kallsyms])',
  '10a887 __GI_getsockname+0x7 (/usr/lib/x86_64-linux-gnu/libc.so.6)',
  '58dd sock_initobj+0x17d (/usr/local/lib/python3.13/lib-dynload/_socket.cpython-313-x86_64-linux-gnu.so)',
  `17893b wrap_init+0xb (${LIBPYTHON})`,
  `92b61 _PyEval_EvalFrameDefault+0x7281 (${LIBPYTHON})`,
  '7fa5d69fb4f5 py::socket.__init__:/usr/local/lib/python3.13/socket.py+0x5 (/tmp/perf-14486.map)',
]

describe('CPython frames', () => {
  test('the interpreter under a Python function is its own CPU; C extensions, libc and the kernel keep their frames', () => {
    const script = [sample(14486, CHECKOUT), sample(14486, TLS), sample(14486, SOCKET)].join('\n')
    assert.deepEqual(Object.fromEntries(foldPerfScript(script)), {
      'python3;checkout (/app/server.py)': 1,
      'python3;seeded.<locals>.draw (/app/server.py)': 1,
      'python3;socket.__init__ (/usr/local/lib/python3.13/socket.py);sock_initobj;__GI_getsockname;do_syscall_64 [k]': 1,
    })
  })

  test('so the function whose work grew tops the table, not _PyEval_EvalFrameDefault', () => {
    const arm = (checkouts: number): ArmProfile => {
      const stacks = Object.fromEntries(
        foldPerfScript(
          [
            ...Array.from({ length: checkouts }, () => sample(1, CHECKOUT)),
            ...Array.from({ length: 40 }, () => sample(1, TLS)),
          ].join('\n'),
        ),
      )
      return { requests: 100, samples: checkouts + 40, stacks }
    }
    const diff = diffProfiles(
      profileRecordingSchema.parse({ hz: 997, seconds: 4, arms: { base: arm(20), head: arm(200) } }),
    )
    assert.equal(diff.functions[0]!.name, 'checkout (/app/server.py)')
    assert.ok(!diff.functions.some((f) => /_Py|__tls_get_addr/.test(f.name)), JSON.stringify(diff.functions))
    assert.equal(diff.unsymbolized, undefined)
  })

  test('without -X perf the interpreter is one unknown frame, and the profile says how to name Python code', () => {
    const plain = CHECKOUT.slice(0, 3).concat([`3b21 Py_RunMain+0x91 (${LIBPYTHON})`])
    const stacks = Object.fromEntries(
      foldPerfScript(Array.from({ length: 10 }, () => sample(7, plain)).join('\n')),
    )
    assert.deepEqual(stacks, { [`python3;[unknown] (${LIBPYTHON})`]: 10 })
    const arm: ArmProfile = { requests: 100, samples: 10, stacks }
    const diff = diffProfiles(
      profileRecordingSchema.parse({ hz: 997, seconds: 4, arms: { base: arm, head: arm } }),
    )
    assert.deepEqual(diff.unsymbolized, { share: 1, file: LIBPYTHON, runtime: 'cpython' })
  })

  test("another runtime's loader frames are left as they are", () => {
    const go = sample(9, [
      '144d0 __tls_get_addr+0x20 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)',
      '4a12 main.handler+0x12 (/api)',
    ]).replace('python3', 'api')
    assert.deepEqual(Object.fromEntries(foldPerfScript(go)), { 'api;main.handler;__tls_get_addr': 1 })
  })

  test('perf unwinds a CPython process from DWARF, every other one from frame pointers', () => {
    const python = { name: 'python3', signs: ['python3', 'python3', 'libpython3.13.so.1.0', 'libc.so.6'] }
    const go = { name: 'api', signs: ['api', 'api'] }
    const debianPython = { name: 'uvicorn', signs: ['uvicorn', 'python3.11', 'libc.so.6'] }
    assert.equal(unwindingFor([go, python]), 'dwarf')
    assert.equal(unwindingFor([debianPython]), 'dwarf')
    assert.equal(unwindingFor([go, { name: 'node', signs: ['node', 'node'] }]), 'frame-pointers')
  })
})
