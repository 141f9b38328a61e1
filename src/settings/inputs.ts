/**
 * Every input of loadgate, in the order action.yml and the README list them. action.yml's inputs,
 * the README's Inputs table (`npm run docs`), the CLI's flags and help, and the keys loadSettings
 * and loadgate.yml accept all come from here.
 */

/** Where an input can be set. */
export type InputScope =
  /** An input of action.yml. */
  | 'action'
  /** A `--flag` of `loadgate compare` and `loadgate record`. */
  | 'cli'
  /** A top-level key of loadgate.yml (an explicit input wins). */
  | 'loadgate.yml'
  /** A key of an entry in loadgate.yml's `benchmarks:` list. */
  | 'benchmark'

export interface InputSpec {
  name: string
  /** What the input does; the docs append "Default - …" from the fields below. */
  description: string
  /** The built-in value used when neither the input nor loadgate.yml sets one. */
  default?: string
  /** Describes a default that is not one fixed value (e.g. 'random'). */
  defaultText?: string
  /** The CLI's wording of the default, where it differs from the action's. */
  cliDefaultText?: string
  /** action.yml's default. Every other input defaults to '' there, so loadgate.yml can still set it. */
  actionDefault?: string
  scopes: readonly InputScope[]
}

const EVERYWHERE = ['action', 'cli', 'loadgate.yml', 'benchmark'] as const
const SHARED = ['action', 'cli', 'loadgate.yml'] as const
/** Settings that only make sense on GitHub: no CLI flag (the CLI sets mode and base-ref itself). */
const ACTION_AND_FILE = ['action', 'loadgate.yml'] as const
const ACTION_ONLY = ['action'] as const

const TABLE = [
  {
    name: 'name',
    description: 'Name of the benchmark (letters, digits, . _ -).',
    defaultText: "the k6 script's file name without extension",
    scopes: EVERYWHERE,
  },
  {
    name: 'mode',
    description:
      'compare (pull_request - base vs head in this job, the gate), record (push to the default branch - ' +
      'measure and store the run in gh-pages), report (workflow_run - post the result a fork PR uploaded), ' +
      'merge (decide from the raw outputs of segment jobs, see segment) or auto (chosen from the event).',
    default: 'auto',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'baseline',
    description:
      'rerun (measure base and head here, interleaved - the sound gate) or stored (compare head with the ' +
      "base branch's stored runs - cheaper, a cross-run comparison).",
    default: 'rerun',
    scopes: SHARED,
  },
  {
    name: 'base-ref',
    description: 'Commit or ref to compare against.',
    defaultText: "the pull request's merge-base with its base branch",
    scopes: ACTION_AND_FILE,
  },
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
  {
    name: 'segment',
    description:
      'target url - i/N: this job runs segment i of N of the load (k6 execution segments), for a matrix of N ' +
      'jobs on N machines; it measures and keeps its raw k6 outputs in work-dir for a mode merge job, and ' +
      'decides nothing itself. Every job needs the same seed (see workflows/distributed.yml).',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'segment-dirs',
    description:
      'mode merge - folders (one per line) holding the work-dir of every segment job, e.g. the downloaded ' +
      'artifacts; each is searched for results.json files.',
    scopes: ACTION_ONLY,
  },
  {
    name: 'prepare',
    description:
      "Shell command run at the root of each arm's tree before the images are built (e.g. compile the binaries the Dockerfile copies).",
    scopes: EVERYWHERE,
  },
  {
    name: 'compose-file',
    description: 'Docker Compose file that starts the system under test, relative to the repository root.',
    default: 'compose.yaml',
    scopes: EVERYWHERE,
  },
  { name: 'service', description: 'Compose service that k6 targets.', scopes: EVERYWHERE },
  {
    name: 'port',
    description:
      'Container port of that service; the service must publish it without a fixed host port (ports - ["8080"]).',
    scopes: EVERYWHERE,
  },
  {
    name: 'k6-script',
    description: 'k6 script to run, unchanged; it receives the target as __ENV.BASE_URL.',
    scopes: EVERYWHERE,
  },
  {
    name: 'k6-env',
    description:
      "Extra variables for the k6 script, one NAME=value per line (nothing else from the runner's environment reaches it).",
    scopes: EVERYWHERE,
  },
  {
    name: 'k6-version',
    description: 'k6 version to install when k6 is not on PATH.',
    default: '1.8.1',
    scopes: SHARED,
  },
  {
    name: 'config',
    description:
      'Path of a loadgate.yml holding these settings and optionally several benchmarks (see README).',
    scopes: ['action', 'cli'],
  },
  {
    name: 'min-rounds',
    description: 'Rounds (one base and one head trial each, in random order) before the first look.',
    default: '10',
    scopes: SHARED,
  },
  {
    name: 'max-rounds',
    description:
      'Rounds after one extension when a gated metric is still inconclusive (two looks, Pocock alpha).',
    default: '20',
    scopes: SHARED,
  },
  {
    name: 'warmup',
    description:
      'Warm-up per arm before the rounds (shown, never analysed), e.g. 10s; passed to the script as __ENV.DURATION. 0 disables.',
    default: '10s',
    scopes: SHARED,
  },
  {
    name: 'discard-seconds',
    description: 'Seconds discarded at the start of every trial.',
    default: '0',
    scopes: SHARED,
  },
  {
    name: 'thresholds',
    // The defaults are rules (see thresholds.ts), so the description names them itself.
    description:
      'One rule per line - [series-glob:] metric then a minimum effect (+10%, -5%, +0.5pp), an absolute ' +
      'target (< 300ms, > 200/s, < 0.5%) and/or gate|inform. Defaults - p50 +5%, p95 +10%, throughput -5%, ' +
      'error_rate +0.5pp gate; p99 and max inform.',
    scopes: EVERYWHERE,
  },
  {
    name: 'max-error-rate',
    description: 'Error rate in either arm above which the run is INVALID, e.g. 1%.',
    default: '1%',
    scopes: SHARED,
  },
  {
    name: 'max-dropped-rate',
    description: 'Share of dropped k6 iterations above which a trial is invalid.',
    default: '1%',
    scopes: SHARED,
  },
  {
    name: 'seed',
    description: 'Seed for the random round order (recorded in the results).',
    defaultText: 'random',
    scopes: SHARED,
  },
  {
    name: 'work-dir',
    description: 'Where results, k6 outputs and logs are written.',
    defaultText: '$RUNNER_TEMP/loadgate',
    cliDefaultText: "a folder per repository in the system's temporary folder, emptied when a run starts",
    scopes: SHARED,
  },
  {
    name: 'report-file',
    description:
      "mode report - the results.json (raw trials; the verdict is recomputed under this workflow's settings) or comparison.json a run uploaded as an artifact.",
    scopes: ACTION_ONLY,
  },
  {
    name: 'github-token',
    description:
      'Token for the PR comment, commit status and review (the gh-pages push uses the checkout credentials).',
    actionDefault: '${{ github.token }}',
    scopes: ACTION_ONLY,
  },
  {
    name: 'gh-pages-branch',
    description: 'Branch holding the history and the dashboard.',
    default: 'gh-pages',
    scopes: SHARED,
  },
  {
    name: 'data-dir',
    description: "Folder in that branch for loadgate's data and dashboard.",
    default: 'loadgate',
    scopes: SHARED,
  },
  {
    name: 'retention',
    description:
      "Keep the N newest runs in the charts' derived series (0 keeps all); stored run files are never deleted.",
    default: '0',
    scopes: SHARED,
  },
  {
    name: 'comment',
    description:
      'on (one sticky comment per benchmark, edited in place), on-change (edit only when the result changed) or off.',
    default: 'on',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'status',
    description:
      'Set the commit status loadgate/<benchmark> on the head commit (what branch protection requires).',
    default: 'true',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'review',
    description: 'off, approve, request-changes or both - submit a PR review matching the verdict.',
    default: 'off',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'fail-on',
    description: 'Verdicts that fail the step and set a failing status (comma-separated; never for none).',
    default: 'REGRESSION, INVALID',
    scopes: SHARED,
  },
] as const satisfies readonly InputSpec[]

export type InputName = (typeof TABLE)[number]['name']

export const INPUTS: readonly (InputSpec & { name: InputName })[] = TABLE
