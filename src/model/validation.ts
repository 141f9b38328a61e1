import { z } from 'zod'

// Building blocks of the document schemas. Documents read back may come from a fork's run and are
// untrusted: strings are bounded so a hostile artifact cannot blow up a comment, numbers are finite.

/** A string of at most `max` characters. */
export const text = (max = 1000) => z.string().max(max)
export const finite = z.number().finite()
export const finiteOrNull = finite.nullable()

/** The first problem of a failed parse as `field.path: message`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid document'
  const where = issue.path.length ? issue.path.join('.') : '(top level)'
  return `${where}: ${issue.message}`
}
