/**
 * Every input of loadgate, in one table, in the order action.yml and the docs list them. action.yml's inputs,
 * the README's Inputs table (`npm run docs`), the CLI's flags and help, and the keys readSettings
 * and loadgate.yml accept all come from here.
 */
import { defaultRulesText } from './default-gates'

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
  /** What the input does; the docs append "Default: …" from the fields below. */
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
      'calibrate (A/A rounds of the head - its noise floor and the rounds that detect every gated minimum effect), ' +
      'merge (decide from the raw outputs of segment jobs, see segment), accept (issue_comment or a label - ' +
      "accept a pull request's blocked result, see accept-label), announce (the trusted run's first job - " +
      "set every benchmark's status to pending on the dispatched head), skip (measure nothing; set every " +
      'benchmark\'s status to success "Not run: <skip-reason>", never over a final status of the commit) or ' +
      'auto (chosen from the event).',
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
    defaultText:
      "for GitHub's test merge of a pull request (the actions/checkout default), its first parent; " +
      "otherwise the head's merge-base with the pull request's base branch (a trusted run reads it " +
      'from the API; without a pull request, the default branch), never the first parent of a merge ' +
      'the contributor made',
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
    name: 'pass-env',
    description:
      "Names of the runner's environment variables that prepare and Docker Compose (the image builds) also get, " +
      'separated by spaces or commas, e.g. GOPRIVATE NODE_AUTH_TOKEN DOCKER_BUILDKIT COMPOSE_* (a prefix ending ' +
      "in *); only names are logged, never values, and k6 gets none of them. BuildKit's type=gha cache needs " +
      'ACTIONS_RUNTIME_TOKEN ACTIONS_CACHE_URL ACTIONS_RESULTS_URL ACTIONS_CACHE_SERVICE_V2, which reach the ' +
      "build only in a pull request's gate, never in a record or trusted run (docs/setup.md, Faster builds). The " +
      "job's token and the action's inputs are refused. Empty - PATH, HOME and the Docker, Go and proxy settings only.",
    scopes: ACTION_AND_FILE,
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
      'Container port of that service; the service must publish it without a fixed host port (`ports: ["8080"]`).',
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
    description:
      'k6 version to install when k6 is neither on PATH nor in ~/.cache/loadgate/bin (where scripts/bootstrap.sh builds it).',
    default: '1.8.1',
    scopes: SHARED,
  },
  {
    name: 'load',
    description:
      'k6 (one k6 process on this runner) or k6-operator (experimental - a TestRun per trial in a Kubernetes ' +
      'cluster, its runners splitting the load by execution segment; needs target url and kubectl; see README).',
    default: 'k6',
    scopes: SHARED,
  },
  {
    name: 'k8s-namespace',
    description: 'load k6-operator - namespace of the TestRuns, their script ConfigMaps and env Secrets.',
    default: 'loadgate',
    scopes: SHARED,
  },
  {
    name: 'k6-operator-parallelism',
    description: 'load k6-operator - runners per trial (1 to 64), each running an equal segment of the load.',
    default: '2',
    scopes: SHARED,
  },
  {
    name: 'k6-operator-claim',
    description:
      'load k6-operator - ReadWriteMany PersistentVolumeClaim in k8s-namespace the runners write their raw outputs to.',
    scopes: SHARED,
  },
  {
    name: 'config',
    description:
      'Path of a loadgate.yml holding these settings and optionally several benchmarks (see README). ' +
      "A trusted run (trusted-run.yml) reads it from the commit it was started on, never from the head's tree.",
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
      'The most rounds a run takes: it looks at min-rounds, halfway and max-rounds, and stops at the first look where ' +
      'every gated metric is decided (Pocock level per look).',
    default: '20',
    scopes: SHARED,
  },
  {
    name: 'warmup',
    description:
      'Warm-up per arm on every new instance, before its first round (shown, never analysed; the arms warm up side by side), e.g. 10s; passed to the script as __ENV.DURATION. 0 disables. ' +
      "auto: as long as the runtimes the stack's processes run need, read once the first instances run: 1 s where none compiles as it runs " +
      '(Go, Rust, C, C++, CPython), 10 s for Ruby, 30 s for Node.js, Deno, Bun and LuaJIT, 60 s for the JVM, .NET, PyPy, Julia and HHVM, ' +
      "10 s where the processes cannot be seen (docs/configuration.md#warm-up-per-runtime). steady: each warm-up ends once its latency is steady (the last 3 s within 2% of the 3 s before, 7 s at the least), at most 60s or the duration in 'steady up to 90s'.",
    default: 'auto',
    scopes: SHARED,
  },
  {
    name: 'trial-length',
    description:
      'script (every measured trial as long as the k6 script, or k6-env DURATION, says) or auto: when ' +
      'rounds 1-3 show a gated tail (p90 by default) resting on too few requests to settle its δ by the last look (the ' +
      'progress note after round 3), the measured trials from round 4 on run with __ENV.DURATION set to the length ' +
      'whose measured window (after discard-seconds) has the fewest requests that note gives (the low end of its ' +
      "range, needed with 95%), at most 60s, or at most the duration in 'auto up to 30s'. The cost is said " +
      'again when it changes. The script must take its length from __ENV.DURATION, as the warm-up does.',
    default: 'script',
    scopes: SHARED,
  },
  {
    name: 'fresh-instances',
    description:
      "When each arm's Compose stack is recreated: round (before every round, so each round pairs fresh " +
      'instances and their offset enters the interval) or run (one instance per arm for the whole run: ' +
      "the instances' own speed is in no interval, so the run stops at min-rounds, no gated metric can " +
      'read NO CHANGE and one is decided only beyond δ/2 + 20% — the rest is INCONCLUSIVE; every N rounds ' +
      'is refused, its rounds would not be independent pairs). A warm-up, when set, runs on every new ' +
      'instance. target url - always run.',
    default: 'round',
    scopes: SHARED,
  },
  {
    name: 'pause-idle-arm',
    description:
      "auto, true or false. true pauses the other arm's Compose stack (docker compose pause) while one arm " +
      'is under load, so its timers and garbage collection do not land in that trial. auto pauses it unless ' +
      "either arm's processes run a JIT runtime (JVM, Node.js, .NET, …): a compiler frozen mid-work resumes " +
      'within its own next trial, which then drifts. Used only where one arm is under load at a time (arms-under-load one-at-a-time).',
    default: 'auto',
    scopes: SHARED,
  },
  {
    name: 'arms-under-load',
    description:
      'one-at-a-time (each round measures one arm, then the other, the idle one paused: pause-idle-arm), ' +
      "alternating (a round's two k6 processes run at once over twice a trial's length, each arm's load on " +
      "in its own 100-ms slices and off in the other's, so work that shares the runner lands on both arms; " +
      "every scenario must be a constant-arrival-rate) or both (duet - a round's two trials run at once " +
      'from a start barrier, each arm on half of the CPUs where it can). alternating and both need load k6. ' +
      'Beside a bursty neighbour alternating cut the spread of a median to a third; on a quiet runner ' +
      'one-at-a-time settled more runs (docs/statistics.md#alternating-arms).',
    default: 'one-at-a-time',
    scopes: SHARED,
  },
  {
    name: 'profile',
    description:
      'on-regression, always or off. After the verdict (never during it), one more trial per arm with perf ' +
      "sampling that arm's processes: the PR comment names the functions whose CPU per request grew most, " +
      'report.html shows the differential flame graph, and profile-base.folded / profile-head.folded are left ' +
      'beside the results. Where perf is missing or not permitted, one line says so and nothing else changes.',
    default: 'on-regression',
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
    description:
      'One rule per line - [series-glob:] metric then a minimum effect (+10%, -5%, +0.5pp), an absolute ' +
      'target (< 300ms, > 200/s, < 0.5%) and/or gate|inform; a rule replaces the default of its metric and series.',
    // The defaults are rules (thresholds.ts), told in the words default-gates.ts gives them.
    defaultText: `${defaultRulesText()} (p95 +10% gates p95)`,
    scopes: EVERYWHERE,
  },
  {
    name: 'erratic',
    description:
      'Series that only inform, never gate, each with the reason the report shows - one `series-glob: reason` ' +
      'per line (a mapping in loadgate.yml), e.g. `*GET /search: shares a cache with the nightly import` (a glob matches the whole series name, `api GET /search`).',
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
    cliDefaultText:
      "a folder per repository in the system's temporary folder; a run moves the previous run's files to <folder>-earlier (the 5 newest are kept)",
    scopes: SHARED,
  },
  {
    name: 'report-file',
    description:
      "mode report - the results.json (raw trials; the verdict is recomputed under this workflow's settings) or comparison.json a run uploaded as an artifact. " +
      'With several benchmarks, `{benchmark}` in the path stands for each one (`results/{benchmark}/results.json`); ' +
      "every configured benchmark then gets its own file's result, and one whose file is missing or speaks about another benchmark gets `error`.",
    scopes: ACTION_ONLY,
  },
  {
    name: 'calibration',
    description:
      "mode record - a calibration.json written by 'loadgate calibrate' to store as the benchmark's latest " +
      'calibration on the history branch (mode calibrate on the default branch stores its own); every PR ' +
      "comment then shows this repository's measured noise floor.",
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'calibrate-budget',
    description:
      'mode calibrate - the longest a run may take, e.g. 10m (a worst-case run to max-rounds, build and ' +
      "stacks included, at the calibration's own step times): the calibration names the rounds that settle " +
      'every gated metric within it, or the most rounds that fit and the change each metric settles under with them. 0: no budget.',
    default: '0',
    scopes: SHARED,
  },
  {
    name: 'github-token',
    description:
      'Token for the PR comment, commit status and review (the gh-pages push uses the checkout credentials, ' +
      'or history-token with history-repository).',
    actionDefault: '${{ github.token }}',
    scopes: ACTION_ONLY,
  },
  {
    name: 'gh-pages-branch',
    description: 'Branch holding the history and the dashboard (of history-repository when it is set).',
    default: 'gh-pages',
    scopes: SHARED,
  },
  {
    name: 'history-repository',
    description:
      'Another repository holding the history branch, where a ruleset forbids pushing to this one: owner/name ' +
      "(the dashboard is then that repository's Pages), or any git URL or local path (no dashboard link). " +
      'Every mode reads and writes the history there; see docs/history.md.',
    defaultText: "this repository (the checkout's origin)",
    scopes: SHARED,
  },
  {
    name: 'history-token',
    description:
      'Token that may push to history-repository (contents: write there), used for that remote only, masked and ' +
      "never logged. Pass it from a secret in the record job only. Empty - git's own credentials.",
    scopes: ACTION_ONLY,
  },
  {
    name: 'history-path',
    description:
      'A local JSON file holding the history instead of a git branch (e.g. one actions/cache restores and saves): ' +
      'no push, no dashboard. Writers on one machine are serialized by a lock file; across jobs the cache is ' +
      'last-writer-wins (see docs/history.md).',
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
    name: 'change-points',
    description:
      'issue (record mode - watch the recorded history for lasting shifts of the gated metrics and keep one ' +
      'issue per shift, updated as runs refine it and closed when it is reverted; needs issues: write) or off.',
    default: 'off',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'change-point-max-p',
    description: 'Largest p-value of a change point (Student t-test of the runs either side).',
    default: '0.001',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'change-point-min-change',
    description: 'Smallest relative change of a change point (a percentage or a fraction).',
    default: '5%',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'change-point-min-runs',
    description: 'Recorded runs needed on each side of a change point before it is reported.',
    default: '5',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'notify-webhook',
    description:
      'URL that receives a Slack-compatible JSON message when a shift issue is opened, when one is closed as ' +
      'accepted or reverted, and when a record run of the default branch is blocked (pass it from a secret: ' +
      'it is masked and never logged; see docs/history.md). Empty - no webhook.',
    scopes: ACTION_ONLY,
  },
  {
    name: 'cc',
    description:
      'Users or teams mentioned on the shift issues (change-points: issue), e.g. @alice, @acme/perf ' +
      '(comma-separated; in loadgate.yml a list of quoted names). Nobody else is ever mentioned there.',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'comment',
    description:
      'on (one sticky comment per benchmark, edited in place), on-change (edit only when the result ' +
      'changed), unless-no-change (comment only when a benchmark is not NO CHANGE; a comment an earlier ' +
      'push made is still kept up to date) or off. The status is set in every case.',
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
    description:
      'Verdicts that fail the step and set a failing status (comma-separated; never for none). REGRESSION ' +
      'also fails a missed target (TARGET_MISSED, which can be named alone), INCONCLUSIVE a likely over δ. ' +
      'A run with nothing gated (NOTHING_GATED) fails whatever this says, with status error.',
    default: 'REGRESSION, INVALID',
    scopes: SHARED,
  },
  {
    name: 'accept-label',
    description:
      "mode accept - the pull request label that accepts the head's blocked result (the labeller needs write " +
      'access); a `/loadgate accept <reason>` comment does the same with a reason.',
    default: 'loadgate:accept',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'trusted-bases',
    description:
      "trusted run - the base branches, besides the repository's default branch, a pull request may target " +
      '(comma-separated); a trusted run refuses any other with status error, since the status it sets stays ' +
      'on the head commit whatever base the pull request names later.',
    defaultText: 'none: the default branch only',
    scopes: ACTION_AND_FILE,
  },
  {
    name: 'skip-reason',
    description:
      'mode skip - why the gate did not run, shown as the status "Not run: <reason>" (success, so a required ' +
      'check does not wait forever on a pull request the workflow leaves out, e.g. one without an opt-in label).',
    default: 'the workflow did not select this pull request',
    scopes: ACTION_AND_FILE,
  },
] as const satisfies readonly InputSpec[]

export type InputName = (typeof TABLE)[number]['name']

export const INPUTS: readonly (InputSpec & { name: InputName })[] = TABLE
