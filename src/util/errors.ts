/** A user-facing error: its message is one line naming the input and what was expected. */
export class LoadgateError extends Error {
  override name = 'LoadgateError'
}

/** A bad setting (action input, loadgate.yml field, CLI flag). */
export class SettingsError extends LoadgateError {
  override name = 'SettingsError'
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
