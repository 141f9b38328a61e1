// The inputs that say what the gate lets pass: erratic series and accepted regressions (part of the
// inputs table, in the places the README lists them).

export const ERRATIC_INPUT = {
  name: 'erratic',
  description:
    'Series that only inform, never gate, each with the reason the report shows - one `series-glob: reason` ' +
    'per line (a mapping in loadgate.yml), e.g. `*GET /search: shares a cache with the nightly import` (a glob matches the whole series name, `api GET /search`).',
  scopes: ['action', 'cli', 'loadgate.yml', 'benchmark'],
} as const

export const ACCEPT_LABEL_INPUT = {
  name: 'accept-label',
  description:
    "mode accept - the pull request label that accepts the head's blocked result (the labeller needs write " +
    'access); a `/loadgate accept <reason>` comment does the same with a reason.',
  default: 'loadgate:accept',
  scopes: ['action', 'loadgate.yml'],
} as const
