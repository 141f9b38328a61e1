/** The inputs of `target: url` (deployed environments), spread into the inputs table. */
const SHARED = ['action', 'cli', 'loadgate.yml'] as const

export const TARGET_INPUTS = [
  {
    name: 'target',
    description:
      'compose (build and start both arms here with Docker Compose) or url (measure two environments ' +
      'already running elsewhere - base-url and head-url, or a deploy command; see README).',
    default: 'compose',
    scopes: SHARED,
  },
  {
    name: 'base-url',
    description:
      "target url - the base environment's http(s) URL, without credentials (headers go through k6-env).",
    defaultText: 'printed by deploy',
    scopes: SHARED,
  },
  {
    name: 'head-url',
    description: "target url - the head environment's http(s) URL, without credentials.",
    defaultText: 'printed by deploy',
    scopes: SHARED,
  },
  {
    name: 'deploy',
    description:
      'target url - shell command run once per arm an URL input does not give, at the checkout root with ' +
      'LOADGATE_ARM (base or head) and LOADGATE_BASE_SHA; its last line of output is the URL.',
    scopes: SHARED,
  },
  {
    name: 'teardown',
    description:
      'target url - shell command run once per deployed arm when its trials are over, with LOADGATE_ARM and LOADGATE_URL.',
    scopes: SHARED,
  },
  {
    name: 'ready-path',
    description: 'target url - path probed until it answers 2xx or 3xx before an arm is measured.',
    default: '/',
    scopes: SHARED,
  },
  {
    name: 'ready-timeout',
    description: 'target url - how long an arm may take to answer on ready-path, e.g. 60s or 5m.',
    default: '60s',
    scopes: SHARED,
  },
] as const
