import { withoutControlCharacters } from '../util/control-characters'

/**
 * Text for one line of the runner's log. The runner reads a line that begins with `::` as a
 * workflow command (set an output, add a mask, stop commands), so an untrusted value may neither
 * start a line nor begin one: control characters become `?` and a leading `::` is broken up.
 */
export function logLine(text: string): string {
  return withoutControlCharacters(text).replace(/^::/, ': :')
}

/**
 * An error for `core.setFailed`, which escapes line breaks itself: they are kept, so a failing
 * command's output stays readable; every other control character (ESC sequences) becomes `?`.
 */
export function failureText(text: string): string {
  return withoutControlCharacters(text, { keepLayout: true })
}
