import { withoutControlCharacters, withoutWorkflowCommands } from '../util/control-characters'

/**
 * Text for one line of the runner's log. The runner reads a line that begins with `::` as a
 * workflow command (set an output, add a mask, stop commands), so an untrusted value may neither
 * start a line nor begin one, nor carry the older `##[command]` form the runner finds anywhere.
 */
export function logLine(text: string): string {
  return withoutWorkflowCommands(text)
}

/**
 * An error for `core.setFailed`, which escapes line breaks itself: they are kept, so a failing
 * command's output stays readable; every other control character (ESC sequences) becomes `?`.
 */
export function failureText(text: string): string {
  return withoutControlCharacters(text, { keepLayout: true })
}
