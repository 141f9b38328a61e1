import { z } from 'zod'
import { text } from './validation'

/** A GitHub login: letters, digits and single dashes, or an app's `name[bot]`. */
export const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/

/**
 * A maintainer's acceptance of a pull request's blocked result: who, when, why, and the head
 * commit whose result it accepts (a later commit is judged afresh). Kept in the sticky comment,
 * where a later run can read it back, so it is validated like any untrusted document.
 */
export const acceptanceSchema = z.object({
  by: z.string().regex(LOGIN, 'a GitHub login'),
  /** ISO 8601 time of the acceptance. */
  at: z.iso.datetime(),
  reason: text(300),
  via: z.enum(['comment', 'label']),
  headSha: z.string().regex(/^[0-9a-f]{40}$/, 'a full commit sha'),
  /** What the status said before it was accepted, e.g. the regression's headline. */
  accepted: text(300),
})
export type Acceptance = z.infer<typeof acceptanceSchema>

/** Who accepted a pull request's blocked result, when and why, as a run record of its merge keeps it. */
export const acceptedChangeSchema = z.object({
  by: z.string().regex(LOGIN, 'a GitHub login'),
  at: z.iso.datetime(),
  reason: text(300),
})
export type AcceptedChange = z.infer<typeof acceptedChangeSchema>

/** The pull request a commit of the default branch came through, as a run record keeps it. */
export const mergedThroughSchema = z.object({
  pullRequest: z.number().int().min(1),
  /** loadgate's sticky comment for the benchmark on that pull request, when it has one. */
  commentUrl: text(500).optional(),
  /** Its blocked result was accepted. */
  accepted: acceptedChangeSchema.optional(),
})
export type MergedThrough = z.infer<typeof mergedThroughSchema>
