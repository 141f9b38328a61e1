// C0 and C1 controls (ESC, CR, LF, NEL…), DEL, the Unicode line and paragraph separators, and the
// bidirectional embeddings, overrides and isolates (which can show `+20%` as `%02+`).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
// The same but line feeds and tabs, for a document whose own layout uses them.
const CONTROL_CHARACTERS_BUT_LAYOUT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * Untrusted text for a log line or a terminal: every control character becomes `?`, so a value
 * can neither start a new line (a `::` workflow command) nor move the cursor or recolour output.
 * `keepLayout` keeps line feeds and tabs, for a whole document (HTML) rather than a value.
 */
export function withoutControlCharacters(text: string, options: { keepLayout?: boolean } = {}): string {
  return text.replace(options.keepLayout ? CONTROL_CHARACTERS_BUT_LAYOUT : CONTROL_CHARACTERS, '?')
}

/**
 * Untrusted text for one line of a workflow's log, which the runner scans for commands: a line
 * that begins with `::` once leading white space is trimmed, and the older `##[name]` anywhere in
 * the line (`##[save-state name=…;]` would hand the post step a value of the text's choosing).
 * Control characters become `?`, a leading `::` is broken up, and every `##[` becomes `# #[`.
 */
export function withoutWorkflowCommands(text: string): string {
  return withoutControlCharacters(text)
    .replace(/^(\s*):(?=:)/, '$1: ')
    .replace(/##\[/g, '# #[')
}

/** `withoutWorkflowCommands` for each line of a text whose line breaks are its own (an error, a table). */
export function linesWithoutWorkflowCommands(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => withoutWorkflowCommands(line))
    .join('\n')
}

/**
 * A JSON document for a log: `##[` can only stand inside a string there, and `#\u0023[` reads back
 * as the same string, so the runner finds no command and the document's values are unchanged.
 */
export function jsonWithoutWorkflowCommands(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/##\[/g, '#\\u0023[')
}
