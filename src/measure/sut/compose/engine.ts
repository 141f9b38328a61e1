import { run } from '../../../util/exec'

/**
 * The Docker *engine's* version (`docker version`'s server), the one every feature check needs:
 * `docker --version` is the client's, which is often newer (a 28.x client on a 20.10 engine).
 * Read once per process; null when the engine does not answer.
 */
let cached: Promise<string | null> | undefined

export function engineVersion(): Promise<string | null> {
  cached ??= run('docker', ['version', '--format', '{{.Server.Version}}'], { timeoutMs: 15_000 }).then(
    ({ stdout }) => /^\s*(\d+\.\d+[^\s]*)/.exec(stdout)?.[1] ?? null,
    () => null,
  )
  return cached
}

/** The major version of an engine version ('20.10.24+dfsg1' → 20); null when it has none. */
export function majorVersion(version: string | null): number | null {
  const major = /^(\d+)\./.exec(version ?? '')?.[1]
  return major === undefined ? null : Number(major)
}
