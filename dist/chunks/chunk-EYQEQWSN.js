import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  ACTIONS_CACHE_VARIABLES,
  ALL_REQUESTS,
  ALPHA,
  BENCHMARK_NAME,
  BorrowedHarnessError,
  CUSTOM_SERIES,
  CommandTimeout,
  Git,
  INPUTS,
  KERNEL_FRAME,
  LoadgateError,
  MAX_ROUNDS,
  MAX_STACKS,
  MAX_STACK_CHARS,
  MIN_CALIBRATION_ROUNDS,
  MIN_INSTANCE_PAIRS,
  NO_CONFIG_FILE,
  POWER,
  ROUNDS_FOR_A_FIRM_RANGE,
  STEADY_FLOOR_SECONDS,
  SettingsError,
  UNNAMED_JIT_FRAME,
  WEBHOOK_TIMEOUT_MS,
  alphaFor,
  analysisMargin,
  baseCommit,
  boolean,
  booleanOr,
  budgetHeadline,
  builtInDefault,
  byInstancePair,
  childEnv,
  choosePauseIdleArm,
  chooseWarmup,
  classifyFewInstances,
  comparedCommitsProblem,
  createForge,
  createSystemUnderTest,
  defaultThresholds,
  describeHeadline,
  differingKeys,
  errorMessage,
  escapeHtml,
  escapeMarkdown,
  everyMeasured,
  external_exports,
  fail,
  failsOn,
  farAboveLine,
  fewInstancesReason,
  fewestSignificantRounds,
  finite,
  finiteOrNull,
  firmThinSeries,
  firstIssue,
  followSchedule,
  formatAlpha,
  formatBytes,
  formatChange,
  formatValue,
  gatedLatencyMetrics,
  globMatches,
  holm,
  idleArmChoiceText,
  incompleteBeta,
  inputNamesIn,
  instancePairCount,
  instancePairOf,
  integer,
  interleavedSchedule,
  interruptSignal,
  isNeverPassed,
  isUnnamedJit,
  keyLabel,
  lastLines,
  lengthenedTrialSeconds,
  lookAlpha,
  mappingInput,
  measured,
  median,
  medianInterval,
  mergedThroughSchema,
  metricDefaults,
  metricValue,
  minimumPairs,
  minutesRange,
  normalCdf,
  normalQuantile,
  offsetAllowance,
  oneOf,
  pairedSamples,
  parentsOf,
  parseArmsUnderLoad,
  parseCc,
  parseDuration,
  parseEnvLines,
  parseErraticLines,
  parseFailOn,
  parseFraction,
  parseFreshInstances,
  parseThresholdEntries,
  parseThresholdLines,
  parseTrialLength,
  parseWarmup,
  parseWebhook,
  planLooks,
  planReach,
  probability,
  profileDiffSchema,
  profileModeSchema,
  profileRecordingSchema,
  readConfig,
  refuseUntrustedBase,
  relativeTo,
  renderCalibrationMarkdown,
  renderComment,
  renderFlameGraph,
  renderSummary,
  renewalsIn,
  repeatedRoundText,
  repositoryUrl,
  requestSeries,
  requireFile,
  resolveBaseCommit,
  resolveThresholds,
  roundsForMargin,
  roundsPlan,
  rulesFor,
  run,
  safeUrl,
  sampleSize,
  scalar,
  seededRandom,
  seriesKeys,
  settlingPlan,
  settlingPower,
  shiftPerSigma,
  sideBySide,
  smallestGatedFamily,
  sorted,
  stackPlacement,
  startBackground,
  steadiness,
  studentTCdf,
  studentTQuantile,
  sureGrowth,
  targetFrom,
  text,
  thinSeriesProgressNotes,
  thresholdsForSeries,
  transformAll,
  trialsAtOnce,
  trustedPullRequest,
  unitOf,
  unknownKeyMessage,
  unmatchedGlobs,
  unpairedSamples,
  untrustedBaseProblem,
  validTrials,
  warmupChoiceText,
  warmupTrials,
  withoutControlCharacters,
  withoutWorkflowCommands,
  worstMetricVerdict
} from "./chunk-5S2W27WS.js";

// package.json
var package_default = {
  name: "loadgate",
  version: "1.0.0",
  description: "Gate pull requests on service performance: Docker Compose + k6, paired statistics, gh-pages history, PR comments.",
  keywords: [
    "performance",
    "load-testing",
    "k6",
    "github-action",
    "docker-compose",
    "benchmark"
  ],
  license: "MIT",
  repository: {
    type: "git",
    url: "git+https://github.com/loadgate/loadgate.git"
  },
  type: "module",
  engines: {
    node: ">=20"
  },
  bin: {
    loadgate: "dist/cli.js"
  },
  files: [
    "dist",
    "action.yml",
    "LICENSE",
    "README.md",
    "CHANGELOG.md"
  ],
  scripts: {
    build: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    lint: "eslint . && prettier --check .",
    format: "prettier --write .",
    test: "bash scripts/test.sh",
    demo: "bash scripts/demo.sh",
    docs: "node --import tsx scripts/generate-docs.ts",
    "docs:images": "node --import tsx scripts/docs-images.ts"
  },
  devDependencies: {
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@actions/tool-cache": "^4.0.0",
    "@eslint/js": "^10.0.1",
    "@octokit/openapi": "^23.0.2",
    "@octokit/plugin-retry": "^8.1.1",
    "@octokit/plugin-throttling": "^11.0.5",
    "@types/node": "^20.19.43",
    "badge-maker": "^6.0.0",
    esbuild: "^0.28.2",
    eslint: "^10.15.0",
    "fast-check": "^4.10.2",
    globals: "^17.14.0",
    marked: "^18.2.1",
    "playwright-core": "^1.65.1",
    prettier: "^3.10.1",
    tsx: "^4.23.15",
    typescript: "5.9",
    "typescript-eslint": "^8.73.0",
    uplot: "^1.6.32",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  }
};

// src/util/version.ts
var VERSION = package_default.version;

// src/measure/checkout.ts
function refuseUntrustedEvent(event) {
  if (event !== "pull_request_target") return;
  throw new LoadgateError(
    "loadgate does not measure on pull_request_target: that event checks out the base branch (base would be compared with base and the result put on the pull request), and with the head checked out the pull request's code would run beside a write token; run it on 'pull_request' (a fork's result is posted by a workflow_run workflow with mode: report)"
  );
}
async function assertMeasuringTheHead(git, run2) {
  refuseUntrustedEvent(run2.event);
  if (!run2.headSha) return;
  const head = await git.revParse("HEAD");
  const parents = await parentsOf(git, head);
  if (head === run2.headSha || parents.length === 2 && parents[1] === run2.headSha) return;
  throw new LoadgateError(
    `The checked-out tree (${head.slice(0, 12)}) is neither the head being reported (${run2.headSha.slice(0, 12)}) nor a merge of it: check out the pull request's head or its merge commit (the actions/checkout default) before loadgate, so what is measured is what is reported`
  );
}

// src/settings/read-settings.ts
import path3 from "node:path";

// src/settings/benchmarks.ts
import path from "node:path";
function benchmarksFrom(explicit, config, configFile, workspace, mode, target = "compose") {
  const needsScript = mode !== "report" && mode !== "accept" && mode !== "announce" && mode !== "skip";
  const needsStack = needsScript && mode !== "merge" && target === "compose";
  const benchmarkKeys = inputNamesIn("benchmark");
  const label = (entryPath, key) => keyLabel(config, configFile, [...entryPath, key]);
  const layered = (entry, entryPath) => {
    const raw = {};
    for (const key of benchmarkKeys) {
      const fallback = builtInDefault(key);
      if (fallback) raw[key] = { value: fallback, label: key };
      const top = Object.hasOwn(config.shared, key) ? config.shared[key] : void 0;
      if (top) raw[key] = { value: top, label: label([], key) };
      if (Object.hasOwn(entry, key) && key !== "thresholds") {
        const value = entry[key];
        const where = label(entryPath, key);
        const text2 = key === "k6-env" || key === "erratic" ? mappingInput(key, value, where) : scalar(value, where);
        raw[key] = { value: text2, label: where };
      }
      if (explicit[key]) raw[key] = { value: explicit[key], label: key };
    }
    return raw;
  };
  const thresholdsOf = (entry, entryPath) => {
    if (explicit.thresholds) return { lines: explicit.thresholds, label: "thresholds" };
    if (Object.hasOwn(entry, "thresholds"))
      return { entries: entry.thresholds, label: label(entryPath, "thresholds") };
    if (config.thresholds !== void 0) return { entries: config.thresholds, label: label([], "thresholds") };
    return { label: "thresholds" };
  };
  let benchmarks;
  if (config.benchmarks.length > 0) {
    benchmarks = config.benchmarks.map((entry, index) => {
      const where = `${configFile} benchmarks[${index}]`;
      for (const key of Object.keys(entry)) {
        if (!benchmarkKeys.includes(key)) {
          throw new SettingsError(
            unknownKeyMessage(where, config.lineOf(["benchmarks", index, key]), key, benchmarkKeys)
          );
        }
      }
      return benchmarkFrom(
        layered(entry, ["benchmarks", index]),
        thresholdsOf(entry, ["benchmarks", index]),
        workspace,
        needsScript,
        needsStack
      );
    });
  } else if (!needsScript && !explicit["k6-script"] && !config.shared["k6-script"]) {
    benchmarks = [];
  } else {
    benchmarks = [benchmarkFrom(layered({}, []), thresholdsOf({}, []), workspace, needsScript, needsStack)];
  }
  const names = benchmarks.map((b) => b.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new SettingsError(`Benchmark name '${duplicate}' is used twice: names must be unique`);
  return benchmarks;
}
function benchmarkName(name, k6Script) {
  return name || path.basename(k6Script).replace(/\.[^.]+$/, "");
}
function benchmarkFrom(raw, thresholdSource, workspace, needsScript, needsStack) {
  const text2 = (key) => raw[key]?.value ?? "";
  const input = (key) => raw[key]?.label ?? key;
  const thresholds = thresholdSource.lines !== void 0 ? parseThresholdLines(thresholdSource.lines, thresholdSource.label) : thresholdSource.entries !== void 0 ? parseThresholdEntries(thresholdSource.entries, thresholdSource.label) : [];
  const k6Script = text2("k6-script");
  if (!k6Script) fail(input("k6-script"), "", "the path of the k6 script to run");
  const script = relativeTo(workspace, input("k6-script"), k6Script, needsScript);
  const name = benchmarkName(text2("name"), script);
  if (!BENCHMARK_NAME.test(name))
    fail(input("name"), name, "letters, digits, dot, dash or underscore (at most 64)");
  const service = text2("service");
  if (needsStack && !service) fail(input("service"), "", "the Compose service that k6 should target");
  const port = text2("port") ? integer(input("port"), text2("port"), 1, 65535) : 0;
  if (needsStack && !port) fail(input("port"), "", "the service's container port (e.g. 8080)");
  const composeFile = relativeTo(workspace, input("compose-file"), text2("compose-file"), needsStack);
  return {
    name,
    composeFile,
    service,
    port,
    portInput: input("port"),
    k6Script: script,
    k6Env: parseEnvLines(input("k6-env"), text2("k6-env")),
    prepare: text2("prepare"),
    thresholds: resolveThresholds(thresholds),
    erratic: parseErraticLines(text2("erratic"), input("erratic"))
  };
}

// src/settings/data-dir.ts
var SEGMENT = /^[A-Za-z0-9._-]+$/;
function parseDataDir(value, fallback) {
  if (!value.trim()) return fallback;
  const trimmed = value.trim().replace(/(?<=[^/])\/+$/, "");
  const segments = trimmed.split("/");
  const safe = segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
  if (safe) return trimmed;
  const shown = JSON.stringify(value).slice(1, -1);
  throw new SettingsError(
    `Input 'data-dir' is '${shown}': expected a relative folder such as 'loadgate' or 'perf/api' (letters, digits, . _ - and /; no '..', not absolute)`
  );
}

// src/settings/history-settings.ts
import path2 from "node:path";
var OWNER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
var URL_SCHEMES = /^(https?|ssh|git|file):$/;
var SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[A-Za-z0-9._~/-]+$/;
function refuse(input, value, expected) {
  const shown = JSON.stringify(value.slice(0, 200)).slice(1, -1);
  throw new SettingsError(`Input '${input}' is '${shown}': expected ${expected}`);
}
function parseHistoryRepository(input, value, workspace) {
  if (!value) return null;
  const expected = "owner/name (e.g. acme/perf-history), a git URL without credentials (the token goes in history-token) or a local repository's path";
  if (/\s/.test(value) || withoutControlCharacters(value) !== value || value.startsWith("-"))
    refuse(input, value, expected);
  if (OWNER_NAME.test(value) && !value.endsWith(".")) return { kind: "github", repository: value };
  if (SCP_LIKE.test(value)) return { kind: "url", url: value };
  const url = URL.parse(value);
  if (url && URL_SCHEMES.test(url.protocol)) {
    if (url.username || url.password) refuse(input, url.protocol + "//***@" + url.host, expected);
    return { kind: "url", url: value };
  }
  if (path2.isAbsolute(value) || /^\.\.?\//.test(value))
    return { kind: "url", url: path2.resolve(workspace, value) };
  return refuse(input, value, expected);
}
function parseHistoryFile(input, value, workspace) {
  if (!value) return "";
  if (withoutControlCharacters(value) !== value || value.endsWith("/"))
    refuse(input, value, "the path of a JSON file (e.g. a file actions/cache restores)");
  return path2.resolve(workspace, value);
}
function historyFrom(value, label, token, workspace) {
  const repository = parseHistoryRepository(
    label("history-repository"),
    value("history-repository"),
    workspace
  );
  const file = parseHistoryFile(label("history-path"), value("history-path"), workspace);
  if (repository && file)
    refuse(
      label("history-path"),
      value("history-path"),
      "no history-path beside history-repository (the history is in one place: a git branch or a file)"
    );
  if (token && !repository)
    throw new SettingsError(
      "Input 'history-token' is set without history-repository: expected it only with history-repository (the checkout credentials push to this repository; its value is not shown)"
    );
  return { repository, token, file };
}
function historyAuthorization(token) {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
}

// src/settings/rounds-plan.ts
function checkRoundsPlan(plan) {
  if (plan.mode !== "compare" && plan.mode !== "merge" || plan.baseline === "stored" || !plan.failOn.includes("REGRESSION"))
    return;
  for (const benchmark of plan.benchmarks) {
    if (benchmark.thresholds.some((t) => t.gate && t.target)) continue;
    const family = smallestGatedFamily(benchmark.thresholds);
    if (family === 0) continue;
    const reach = planReach(plan.minRounds, plan.maxRounds, family, plan.benchmarks.length);
    if (reach.canBlock) continue;
    fail(
      "max-rounds",
      String(plan.maxRounds),
      `at least ${reach.workableMaxRounds} with min-rounds ${plan.minRounds}: ${plan.maxRounds} rounds reach a p of ${Number(reach.smallestP.toPrecision(3))} at best for the gated metrics of benchmark '${benchmark.name}', above the level ${Number(reach.alpha.toPrecision(3))} of each look, so no regression could ever block (fail-on: INVALID for a run that only measures)`
    );
  }
}

// src/settings/load-backend.ts
var DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
var DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
function loadFrom(value, target) {
  const kind = oneOf("load", value("load"), ["k6", "k6-operator"]);
  if (kind === "k6") {
    if (value("k6-operator-claim"))
      throw new SettingsError(
        "Input 'k6-operator-claim' is set but 'load' is 'k6': expected 'load: k6-operator' with it"
      );
    return { kind };
  }
  if (target !== "url")
    fail(
      "target",
      target,
      "url with 'load: k6-operator' (the cluster's runners cannot reach a Compose stack on this runner)"
    );
  const namespace = value("k8s-namespace");
  if (!DNS_LABEL.test(namespace))
    fail("k8s-namespace", namespace, "a Kubernetes namespace name (a-z, 0-9, -)");
  const claim = value("k6-operator-claim");
  if (!DNS_SUBDOMAIN.test(claim))
    fail("k6-operator-claim", claim, "the name of a ReadWriteMany PersistentVolumeClaim (load: k6-operator)");
  const parallelism = integer("k6-operator-parallelism", value("k6-operator-parallelism"), 1, 64);
  return { kind, namespace, parallelism, claim };
}

// src/settings/segment.ts
var MAX_SEGMENTS = 64;
function segmentFrom(text2, context) {
  if (!text2) return null;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text2);
  const index = Number(match?.[1]);
  const count2 = Number(match?.[2]);
  if (!match || count2 < 2 || count2 > MAX_SEGMENTS || index < 1 || index > count2)
    fail("segment", text2, `i/N with 1 \u2264 i \u2264 N and 2 \u2264 N \u2264 ${MAX_SEGMENTS}, e.g. 2/3`);
  if (context.mode !== "compare" || context.baseline !== "rerun")
    fail("segment", text2, "mode compare with baseline rerun: segments are merged into one comparison");
  if (context.target !== "url")
    fail("segment", text2, "'target: url': every segment job must load the same deployed environments");
  if (context.deploy)
    fail(
      "segment",
      text2,
      "base-url and head-url instead of deploy: each segment job would deploy environments of its own"
    );
  return { index, count: count2 };
}
function executionSegmentArgs(segment) {
  const bound = (i) => i === 0 ? "0" : i === segment.count ? "1" : `${i}/${segment.count}`;
  const sequence = Array.from({ length: segment.count + 1 }, (_2, i) => bound(i));
  return [
    "--execution-segment",
    `${bound(segment.index - 1)}:${bound(segment.index)}`,
    "--execution-segment-sequence",
    sequence.join(",")
  ];
}
function segmentDirsFrom(text2, mode) {
  const dirs = text2.split("\n").map((line) => line.trim()).filter(Boolean);
  if (mode === "merge" && dirs.length === 0)
    fail("segment-dirs", "", "the folders of the segment jobs (one per line) for mode merge");
  if (mode !== "merge" && dirs.length > 0) fail("segment-dirs", dirs[0], "'mode: merge' with it");
  return dirs;
}

// src/settings/acceptance.ts
function acceptLabel(input, value) {
  if (!value || value.length > 50 || /[\r\n]/.test(value))
    throw new SettingsError(
      `Input '${input}' is '${value.slice(0, 60)}': expected a label name of 1 to 50 characters`
    );
  return value;
}
var BRANCH = /^(?!.*\.\.)(?!\/)(?!.*\/$)[A-Za-z0-9._/-]{1,100}$/;
function trustedBases(input, value) {
  const names = value.split(/[\s,]+/).filter(Boolean);
  const bad = names.find((name) => !BRANCH.test(name));
  if (bad !== void 0 || names.length > 20)
    throw new SettingsError(
      `Input '${input}' is '${value.slice(0, 100)}': expected up to 20 branch names separated by commas (letters, digits, . _ - /)${bad === void 0 ? "" : `, not '${bad.slice(0, 100)}'`}`
    );
  return names;
}

// src/settings/pass-env.ts
var NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
var PATTERN = /^[A-Za-z_][A-Za-z0-9_]+\*$/;
function parsePassEnv(input, value) {
  const names = value.split(/[\s,]+/).filter(Boolean);
  for (const name of names) {
    if (!NAME.test(name) && !PATTERN.test(name))
      throw new SettingsError(
        `Input '${input}' has '${name.slice(0, 60)}': expected environment variable names (letters, digits, _) or a prefix ending in * (e.g. COMPOSE_*), separated by spaces or commas`
      );
    const prefix = name.endsWith("*") ? name.slice(0, -1) : "";
    if (prefix ? /^(ACTIONS|INPUT)_/.test(prefix) : isNeverPassed(name))
      throw new SettingsError(
        `Input '${input}' has '${name.slice(0, 60)}': a build never gets the job's token (GITHUB_TOKEN), the action's inputs (INPUT_*) or the runner's ACTIONS_* variables other than the cache's (${ACTIONS_CACHE_VARIABLES.join(", ")}), which are named one by one`
      );
  }
  return [...new Set(names)];
}
function cacheVariablesAllowed(mode, eventName) {
  return (mode === "compare" || mode === "calibrate") && (eventName === "pull_request" || eventName === "local");
}
function passEnvFrom(input, value, job) {
  const names = parsePassEnv(input, value);
  if (cacheVariablesAllowed(job.mode, job.eventName)) return { names, withheld: [], withheldBecause: "" };
  const withheld = names.filter((name) => ACTIONS_CACHE_VARIABLES.includes(name));
  return {
    names: names.filter((name) => !withheld.includes(name)),
    withheld,
    withheldBecause: withheld.length ? `only a pull request's gate passes the Actions cache to its build, not a ${job.mode} run on '${job.eventName || "unknown"}' (docs/setup.md, Faster builds)` : ""
  };
}

// src/settings/read-settings.ts
function resolveMode(value, eventName) {
  const mode = oneOf("mode", value, [
    "auto",
    "compare",
    "record",
    "report",
    "calibrate",
    "merge",
    "accept",
    "announce",
    "skip"
  ]);
  if (mode !== "auto") return mode;
  if (eventName === "pull_request" || eventName === "pull_request_target") return "compare";
  if (eventName === "workflow_run") return "report";
  if (eventName === "issue_comment") return "accept";
  if (eventName === "push" || eventName === "schedule" || eventName === "workflow_dispatch") return "record";
  return fail("mode", "auto", `compare, record or report to be set for the '${eventName || "unknown"}' event`);
}
function inputSources(read, context) {
  const workspace = path3.resolve(context.workspace);
  const inputs = {};
  for (const { name } of INPUTS) inputs[name] = read(name).trim();
  const { config, ignoredHeadSettings } = configOf(inputs.config ?? "", workspace, context);
  return {
    workspace,
    inputs,
    config,
    ignoredHeadSettings,
    // Precedence: explicit input > loadgate.yml top level > built-in default.
    value: (name) => inputs[name] || config.shared[name] || builtInDefault(name),
    // Errors blame where the value came from: the input (flag) itself, or loadgate.yml's key and line.
    label: (name) => !inputs[name] && config.shared[name] ? keyLabel(config, inputs.config ?? "", [name]) : name,
    /** Whether the user set it (as an input or in loadgate.yml), not left to its built-in default. */
    isSet: (name) => Boolean(inputs[name] || config.shared[name])
  };
}
function configOf(file, workspace, context) {
  if (!file) return { config: NO_CONFIG_FILE, ignoredHeadSettings: [] };
  if (!context.trustedConfig)
    return { config: readConfig(file, workspace, context.cwd), ignoredHeadSettings: [] };
  let head = NO_CONFIG_FILE;
  try {
    head = readConfig(file, workspace, context.cwd);
  } catch {
  }
  return { config: context.trustedConfig, ignoredHeadSettings: differingKeys(head, context.trustedConfig) };
}
function readStoreSettings(read, context) {
  const { workspace, inputs, value, label } = inputSources(read, context);
  return {
    workspace,
    ghPagesBranch: value("gh-pages-branch"),
    history: historyFrom(value, label, inputs["history-token"] ?? "", workspace),
    dataDir: parseDataDir(value("data-dir"), builtInDefault("data-dir")),
    retention: integer(label("retention"), value("retention"), 0, 1e6)
  };
}
function readSettings(read, context) {
  const { workspace, inputs, config, ignoredHeadSettings, value, label, isSet } = inputSources(read, context);
  const mode = resolveMode(value("mode"), context.eventName);
  const minRounds = integer(label("min-rounds"), value("min-rounds"), 1, 200);
  const maxRounds = integer(label("max-rounds"), value("max-rounds"), 1, 200);
  if (maxRounds < minRounds && isSet("max-rounds"))
    fail(label("max-rounds"), value("max-rounds"), `at least min-rounds (${minRounds})`);
  if (maxRounds < minRounds)
    fail(label("min-rounds"), value("min-rounds"), `at most max-rounds (${maxRounds}, its default)`);
  const failOn = parseFailOn(label("fail-on"), value("fail-on"));
  const explicitBench = {};
  for (const name of inputNamesIn("benchmark")) explicitBench[name] = inputs[name] ?? "";
  const baseline = oneOf(label("baseline"), value("baseline"), ["rerun", "stored"]);
  const target = targetFrom(value, mode, baseline);
  const load = loadFrom(value, target.kind);
  const benchmarks = benchmarksFrom(explicitBench, config, inputs.config ?? "", workspace, mode, target.kind);
  checkRoundsPlan({
    mode,
    baseline,
    minRounds,
    maxRounds,
    failOn,
    benchmarks
  });
  const seedText = value("seed");
  const segment = segmentFrom(value("segment"), {
    mode,
    baseline,
    target: target.kind,
    deploy: target.kind === "url" ? target.deploy : ""
  });
  if (segment && maxRounds !== minRounds)
    fail(
      label("max-rounds"),
      String(maxRounds),
      `min-rounds (${minRounds}) with segment: the segment jobs cannot agree to extend the rounds`
    );
  if (segment && !seedText)
    fail(
      "seed",
      "",
      `one fixed number shared by every segment job (segment is ${segment.index}/${segment.count})`
    );
  const warmup = parseWarmup(label("warmup"), value("warmup"));
  const reportFile = inputs["report-file"] ?? "";
  if (mode === "report" && !reportFile)
    fail("report-file", "", "the comparison artifact to report (mode: report)");
  return {
    mode,
    baseline,
    target,
    segment,
    segmentDirs: segmentDirsFrom(inputs["segment-dirs"] ?? "", mode).map(
      (dir) => path3.resolve(workspace, dir)
    ),
    baseRef: value("base-ref"),
    ignoredHeadSettings,
    k6Version: value("k6-version").replace(/^v/, ""),
    load,
    passEnv: passEnvFrom(label("pass-env"), value("pass-env"), { mode, eventName: context.eventName }),
    minRounds,
    maxRounds,
    warmupSeconds: warmup.seconds,
    warmupUntilSteady: warmup.untilSteady,
    warmupByRuntime: warmup.byRuntime,
    freshInstances: parseFreshInstances(label("fresh-instances"), value("fresh-instances")),
    pauseIdleArm: booleanOr(label("pause-idle-arm"), value("pause-idle-arm"), ["auto"]),
    profile: oneOf(label("profile"), value("profile"), profileModeSchema.options),
    armsUnderLoad: parseArmsUnderLoad(label("arms-under-load"), value("arms-under-load"), load.kind),
    trialLength: parseTrialLength(label("trial-length"), value("trial-length")),
    discardSeconds: parseDuration(label("discard-seconds"), value("discard-seconds")),
    maxErrorRate: parseFraction(label("max-error-rate"), value("max-error-rate")),
    maxDroppedRate: parseFraction(label("max-dropped-rate"), value("max-dropped-rate")),
    githubToken: inputs["github-token"] ?? "",
    ghPagesBranch: value("gh-pages-branch"),
    history: historyFrom(value, label, inputs["history-token"] ?? "", workspace),
    dataDir: parseDataDir(value("data-dir"), builtInDefault("data-dir")),
    comment: oneOf(label("comment"), value("comment"), [
      "on",
      "on-change",
      "unless-no-change",
      "off"
    ]),
    status: boolean(label("status"), value("status")),
    review: oneOf(label("review"), value("review"), [
      "off",
      "approve",
      "request-changes",
      "both"
    ]),
    failOn,
    retention: integer(label("retention"), value("retention"), 0, 1e6),
    changePoints: {
      mode: oneOf(label("change-points"), value("change-points"), ["issue", "off"]),
      maxP: probability(label("change-point-max-p"), value("change-point-max-p")),
      minChange: parseFraction(label("change-point-min-change"), value("change-point-min-change")),
      minRuns: integer(label("change-point-min-runs"), value("change-point-min-runs"), 1, 1e3)
    },
    notify: {
      webhook: parseWebhook("notify-webhook", inputs["notify-webhook"] ?? ""),
      cc: parseCc(label("cc"), value("cc")),
      timeoutMs: WEBHOOK_TIMEOUT_MS
    },
    workDir: path3.resolve(workspace, value("work-dir") || context.defaultWorkDir),
    seed: seedText ? integer("seed", seedText, 0, 2 ** 31 - 1) : Math.floor(Math.random() * 2 ** 31),
    workspace,
    reportFile: reportFile ? path3.resolve(workspace, reportFile) : "",
    calibrationFile: value("calibration") ? path3.resolve(workspace, value("calibration")) : "",
    calibrateBudgetSeconds: parseDuration(label("calibrate-budget"), value("calibrate-budget")),
    acceptLabel: acceptLabel(label("accept-label"), value("accept-label")),
    trustedBases: trustedBases(label("trusted-bases"), value("trusted-bases")),
    skipReason: value("skip-reason").replace(/\s+/g, " ").trim().slice(0, 100),
    benchmarks
  };
}

// src/model/thresholds.ts
var METRIC_VERDICTS = [
  "REGRESSION",
  "TARGET_MISSED",
  "IMPROVEMENT",
  "NO_CHANGE",
  "INCONCLUSIVE",
  "LIKELY_OVER_DELTA"
];
var metricVerdictSchema = external_exports.enum(METRIC_VERDICTS);
var verdictSchema = external_exports.enum([...METRIC_VERDICTS, "INVALID", "NOTHING_GATED", "NO_BASE"]);
var outcomeVerdictSchema = external_exports.enum([...verdictSchema.options, "ERROR"]);
var directionSchema = external_exports.enum(["lower", "higher"]);
var builtinMetricSchema = external_exports.enum([
  "p50",
  "p90",
  "p95",
  "p99",
  "mean",
  "max",
  "throughput",
  "error_rate",
  "checks"
]);
var metricIdSchema = text(200).pipe(
  external_exports.union([builtinMetricSchema, external_exports.templateLiteral(["custom:", external_exports.string()])])
);
var comparatorSchema = external_exports.enum(["<", "<=", ">", ">="]);
var absoluteTargetSchema = external_exports.object({
  comparator: comparatorSchema,
  /** In the metric's unit: ms for latency, req/s for throughput, fraction (0.005) for rates. */
  value: finite,
  /** The text the user wrote, e.g. `p95 < 300ms`, shown in reports. */
  source: text(200)
});
var metricThresholdSchema = external_exports.object({
  metric: metricIdSchema,
  /** Glob on the series key (`*` matches any run of characters); `*` = all series. */
  series: text(500),
  direction: directionSchema,
  /** Minimum effect worth reporting: relative fraction (0.05 = 5%) or, when `absolute`, a difference in the metric's unit (0.005 = 0.5 points). */
  delta: finite,
  absolute: external_exports.boolean(),
  /** Gated metrics decide the verdict; others are reported only. */
  gate: external_exports.boolean(),
  target: absoluteTargetSchema.optional()
});
var erraticSeriesSchema = external_exports.object({
  /** Glob over series keys, as in thresholds. */
  series: text(200),
  reason: text(200)
});

// src/model/run-timing.ts
var warmupEndSchema = external_exports.object({
  reason: external_exports.enum(["steady", "cap"]),
  /** Seconds of load when it ended. */
  seconds: finite,
  /** The last drift the rule saw (a ratio − 1); null when it never had two sets of windows. */
  drift: finiteOrNull
});
var runtimeName = external_exports.string().regex(/^[\w.+ -]{1,16}$/);
var runTimingSchema = external_exports.object({
  wallSeconds: finite,
  /** The measured windows the verdict rests on. */
  measuredSeconds: finite,
  /** Warm-ups of fresh instances (side by side: counted once). */
  warmupSeconds: finite,
  /** The load generator's start-up and discard around the measured windows. */
  loadStartupSeconds: finite,
  /** From the stacks' start (builds included) to the first trial. */
  stacksStartSeconds: finite,
  /** Renewals, pauses and resource sampling between trials. */
  otherSeconds: finite,
  /** measuredSeconds / wallSeconds. */
  measuredShare: external_exports.number().min(0).max(1),
  /** warmup auto: the length chosen for every warm-up, and the runtimes and processes it was chosen from. */
  warmupAuto: external_exports.object({
    seconds: finite,
    runtimes: external_exports.array(runtimeName).max(16),
    // Read from the service's own processes: only names that are safe to show anywhere.
    processes: external_exports.array(external_exports.string().regex(/^([\w.+-]{1,15}|\?)$/)).max(8),
    seen: external_exports.boolean()
  }).optional(),
  /** pause-idle-arm auto: whether the idle arm was paused, and the JIT runtimes that kept it running. */
  idleArmAuto: external_exports.object({ pause: external_exports.boolean(), runtimes: external_exports.array(runtimeName).max(16) }).optional(),
  /** warmup steady: how the warm-ups ended, and their lengths in seconds. */
  warmupEnds: external_exports.object({
    steady: external_exports.number().int().nonnegative(),
    capped: external_exports.number().int().nonnegative(),
    seconds: external_exports.array(finite).length(3)
  }).optional()
});

// src/model/results.ts
var RESULTS_SCHEMA_VERSION = 1;
var modeSchema = external_exports.enum(["compare", "record", "report", "calibrate"]);
var baselineKindSchema = external_exports.enum(["rerun", "stored"]);
var armSchema = external_exports.enum(["base", "head"]);
var phaseSchema = external_exports.enum(["warmup", "measure"]);
var freshInstancesSchema = external_exports.union([external_exports.enum(["round", "run"]), external_exports.number().int().min(2).max(200)]);
var armsUnderLoadSchema = external_exports.enum(["one-at-a-time", "both", "alternating"]);
var trialLengthSchema = external_exports.object({
  mode: external_exports.enum(["script", "auto"]),
  maxSeconds: external_exports.number().positive().max(3600).optional(),
  /** The DURATION the measured trials ran with from `fromRound` on (auto, when it lengthened them). */
  lengthenedSeconds: external_exports.number().positive().max(3600).optional(),
  /** 4 since auto decides on rounds 1–3; 2 in files written when it decided on round 1. */
  fromRound: external_exports.number().int().min(2).optional()
});
var latencySummarySchema = external_exports.object({
  /** Number of successful requests the summary is over. */
  count: finite,
  /** Milliseconds; percentiles with k6's interpolation i = p·(n−1). */
  p50: finite,
  p90: finite,
  p95: finite,
  p99: finite,
  mean: finite,
  min: finite,
  max: finite,
  /**
   * Milliseconds the p95 moves by chance alone: half the distance between the quantiles at
   * 0.95 ∓ √(0.95·0.05/count), one binomial SD of its rank either side. Absent in results files of 1.0.0.
   */
  p95RankNoise: finite.optional(),
  /** The same for p90 and p99 (absent in results files before p90 became the default gated tail). */
  p90RankNoise: finite.optional(),
  p99RankNoise: finite.optional()
});
var seriesIdentity = {
  /** `<scenario> <METHOD> <name>`, stable across runs; the unit of comparison. */
  key: text(1e3),
  scenario: text(300),
  method: text(20),
  name: text(700)
};
var seriesTrialSchema = external_exports.object({
  ...seriesIdentity,
  requests: finite,
  failed: finite,
  /** Achieved requests per second over the measured window. */
  throughput: finite,
  /** failed / requests, 0..1. */
  errorRate: finite,
  /** Over successful requests only; null where none succeeded. */
  latency: latencySummarySchema.nullable(),
  /** HTTP status code → count ('0' = no response). */
  statusCodes: external_exports.record(external_exports.string(), finite)
});
var customMetricTypeSchema = external_exports.enum(["trend", "rate", "counter", "gauge"]);
var customMetricTrialSchema = external_exports.object({
  name: text(300),
  type: customMetricTypeSchema,
  /** trend: count/p50/p90/p95/p99/mean/min/max; rate: value (fraction), count; counter: value (sum), rate (per s); gauge: value (last), min, max. */
  values: external_exports.record(external_exports.string(), finite)
});
var serviceResourcesSchema = external_exports.object({
  service: text(300),
  container: text(300),
  /** CPU seconds used during the trial. Null when it could not be measured. */
  cpuSeconds: finiteOrNull,
  peakMemoryBytes: finiteOrNull,
  restarts: finite,
  /** True when the container exited or restarted during the trial. */
  disrupted: external_exports.boolean()
});
var machineProbeSchema = external_exports.object({
  samples: external_exports.number().int().min(0),
  wallMicros: finite,
  cpuMicros: finite
});
var trialSchema = external_exports.object({
  arm: armSchema,
  phase: phaseSchema,
  /** 1-based round; for a warm-up the round its new instance starts with, 0 for the run's first instance. */
  round: external_exports.number().int().nonnegative(),
  startedAt: text(64),
  /** Seconds of the measured window (after discard). */
  durationSeconds: finite,
  k6ExitCode: external_exports.number().int(),
  /** k6 exited 99: the script's own thresholds were crossed (reported, not hidden). */
  thresholdsCrossed: external_exports.boolean(),
  valid: external_exports.boolean(),
  /** Why the trial is invalid (k6's own error, a container restart, …). */
  invalidReason: text(2e3).optional(),
  iterations: finite,
  droppedIterations: finite,
  checks: external_exports.object({ passes: finite, fails: finite }),
  series: external_exports.array(seriesTrialSchema),
  custom: external_exports.array(customMetricTrialSchema),
  resources: external_exports.array(serviceResourcesSchema),
  /** Wall-clock seconds of the k6 process (start-up included), for overhead accounting. */
  k6Seconds: finite.optional(),
  /** The arm's instance the trial measured (Compose: its container ids); absent where not known. */
  instance: external_exports.array(text(100)).max(200).optional(),
  /** The stack slot (Compose project, network, names) the arm ran in: drawn per set of instances. */
  slot: external_exports.number().int().min(0).max(1).optional(),
  /** warmup steady: when and why this warm-up ended. */
  warmupEnd: warmupEndSchema.optional(),
  /** Duet: when the start barrier released this arm's load (k6 started held, then resumed). */
  releasedAt: text(64).optional(),
  /** Fraction of the runner's CPU time busy in the trial (/proc/stat), over `cpus` where the arm had its own. */
  hostCpuBusy: external_exports.number().min(0).max(1).optional(),
  /** Of that, the share the hypervisor gave to other guests (steal): a slower runner no process shows. */
  hostCpuStolen: external_exports.number().min(0).max(1).optional(),
  /**
   * Share of the whole host's CPU time in the trial busy with neither the run (every arm's
   * containers, k6, loadgate, the container engine) nor steal: other jobs and neighbours.
   */
  foreignCpu: external_exports.number().min(0).max(1).optional(),
  /** A measured trial's machine-speed probe (measure/machine-probe.ts); absent in duet and warm-ups. */
  machineProbe: machineProbeSchema.optional(),
  /**
   * The round was measured again (its two trials were disturbed beside the run) and this trial's
   * pair is not the round's last: kept as measured, left out of the comparison.
   */
  superseded: external_exports.boolean().optional(),
  /** Which measurement of its round this trial belongs to: 1 for the first repeat (absent: the first). */
  repeat: external_exports.number().int().min(1).max(100).optional(),
  /** Alternating: the arms whose slices shared this trial's span (its window is this many times its own). */
  sliceArms: external_exports.number().int().min(2).max(16).optional(),
  /** Duet with the CPUs split: the CPUs the arm's containers, its k6 and its port proxy ran on. */
  cpus: external_exports.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, "a CPU list").max(200).optional()
});
var commitInfoSchema = external_exports.object({
  sha: external_exports.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit id"),
  ref: text(300),
  message: text(2e4),
  author: text(300),
  timestamp: text(64)
});
var runMetaSchema = external_exports.object({
  /** GitHub run id or a local id. */
  runId: text(100),
  runUrl: text(500),
  repository: text(200),
  event: text(100),
  pullRequest: external_exports.number().int().positive().nullable(),
  base: commitInfoSchema.nullable(),
  head: commitInfoSchema,
  startedAt: text(64),
  finishedAt: text(64),
  runner: external_exports.object({
    os: text(200),
    cpuModel: text(300),
    cores: finite,
    memoryBytes: finite,
    /** The hosted runner's image and version (ImageOS/ImageVersion), when the runner sets them. */
    image: text(200).optional()
  }),
  versions: external_exports.object({ loadgate: text(50), k6: text(50), docker: text(100), compose: text(100) }),
  hashes: external_exports.object({ k6Script: text(100), composeFile: text(100) }),
  seed: finite,
  /** target url: where each arm ran (scheme, host and path; never credentials or a query). */
  targets: external_exports.object({ base: text(2e3).optional(), head: text(2e3).optional() }).optional(),
  /**
   * A trusted run: the keys of the head's loadgate.yml that differ from the trusted branch's and
   * were not used (setting names only, so safe to show).
   */
  ignoredSettings: external_exports.array(external_exports.string().regex(/^[a-z][a-z0-9-]{0,39}$/)).max(100).optional(),
  /** segment i/N: this run measured one of N execution segments of the load, to be merged. */
  segment: external_exports.object({ index: external_exports.number().int().min(1), count: external_exports.number().int().min(2) }).refine((s) => s.index <= s.count, "a segment index at most the count").optional(),
  timing: runTimingSchema.optional(),
  /**
   * The head's harness files the base tree lacked and was measured with (the pull request that
   * adopts loadgate): paths relative to the repository, shown escaped.
   */
  borrowedHarness: external_exports.array(text(500)).max(50).optional(),
  /** Why the base could not be measured, when the head was measured alone (verdict NO_BASE). */
  baseUnmeasured: text(2e3).optional()
});
var resultsFileSchema = external_exports.object({
  schemaVersion: external_exports.literal(RESULTS_SCHEMA_VERSION),
  benchmark: text(64),
  mode: modeSchema,
  baseline: baselineKindSchema,
  meta: runMetaSchema,
  settings: external_exports.object({
    minRounds: finite,
    maxRounds: finite,
    warmupSeconds: finite,
    /** warmup steady: warmupSeconds is the cap, and each warm-up ended once steady. */
    warmupUntilSteady: external_exports.boolean().optional(),
    discardSeconds: finite,
    maxErrorRate: finite,
    maxDroppedRate: finite,
    thresholds: external_exports.array(metricThresholdSchema),
    /** Series that inform only, with the reason (absent in files written before erratic existed). */
    erratic: external_exports.array(erraticSeriesSchema).max(100).optional(),
    /** Benchmarks gated by the same job: the 5% false-alarm rate is shared among them. */
    benchmarks: external_exports.number().int().min(1).max(100).optional(),
    /**
     * The instances as measured: 'round' means a fresh pair of instances in every round, 'run' one
     * pair for the whole run (what decide counts its instance pairs by). Absent in files written
     * before instances could be renewed, which kept one instance per arm: read as 'run'.
     */
    freshInstances: freshInstancesSchema.optional(),
    pauseIdleArm: external_exports.boolean().optional(),
    /** one-at-a-time (sequential) or both (duet); absent in files written before duet existed. */
    armsUnderLoad: armsUnderLoadSchema.optional(),
    /** trial-length auto: the cap, and the DURATION the measured trials were lengthened to from `fromRound` on. */
    trialLength: trialLengthSchema.optional(),
    /** Why the arms could not be recreated or paused as the settings asked (target url). */
    instancesNote: text(500).optional()
  }),
  /** Round order actually used, e.g. [['head','base'], ['base','head'], …]. */
  schedule: external_exports.array(external_exports.array(armSchema)),
  trials: external_exports.array(trialSchema),
  /** Rounds whose trials found the runner's CPUs saturated (a note: the arms competed for the CPU). */
  saturation: external_exports.object({
    rounds: external_exports.array(external_exports.number().int().nonnegative()).max(1e3),
    maxCpuBusy: external_exports.number().min(0).max(1)
  }).optional(),
  /**
   * Rounds measured again because their two trials were disturbed (decide/disturbance.ts): the
   * bounds, each repeat in the order it ran with the arms' new order, and the rounds still disturbed
   * when the bounds allowed no further repeat. Absent when no round was disturbed.
   */
  repeats: external_exports.object({
    perRound: external_exports.number().int().min(0).max(100),
    perRun: external_exports.number().int().min(0).max(1e3),
    rounds: external_exports.array(external_exports.object({ round: external_exports.number().int().min(1), order: external_exports.array(armSchema).max(2) })).max(1e3),
    exhausted: external_exports.array(external_exports.number().int().min(1)).max(1e3)
  }).optional(),
  /** The profiling pair run after the verdict (profile input): both arms' stacks, or why there are none. */
  profile: profileRecordingSchema.optional(),
  /** Set when the run stopped early; trials measured before it are kept. */
  error: text(5e3).optional()
});

// src/model/calibration.ts
var CALIBRATION_SCHEMA_VERSION = 1;
var count = external_exports.number().int().nonnegative();
var sigmaMethodSchema = external_exports.enum(["signed-rank", "mad", "sd"]);
var noiseRowSchema = external_exports.object({
  /** Series key and display name, as in a comparison. */
  key: text(1e3),
  name: text(700),
  metric: metricIdSchema,
  absolute: external_exports.boolean(),
  /** Which way is better (absent in calibrations written before it was kept). */
  direction: directionSchema.optional(),
  /** The rule's minimum effect: a relative fraction, or a difference in the metric's unit. */
  delta: finite,
  /** Rounds whose head − base difference entered σ. */
  rounds: count,
  /** The per-round SD its test faces, on the analysis scale (log-ratio or difference): see sigmaMethod. */
  sigma: finite,
  /**
   * 'signed-rank': the σ a relative metric's signed-rank interval implies (√n · width / 2z); 'mad':
   * 1.4826 × median absolute deviation; 'sd': the sample SD (when MAD is 0 but not every difference is).
   */
  sigmaMethod: sigmaMethodSchema,
  /** σ as a change: a relative fraction (e^σ − 1) or the absolute difference. */
  noiseFloor: finite,
  /** The smallest change the plan detects with 90% power at its first look, as a change like noiseFloor. */
  detectable: finite,
  /**
   * Rounds at which this metric settles with the power that lets every gated metric settle in 90% of
   * runs, at its typical σ (`typicalSigma`; this calibration's σ where absent).
   */
  roundsNeeded: count,
  /**
   * The σ a plan is sized at (decide/noise-history.ts): the typical σ, the predictive median over the
   * stored sessions (this calibration's σ with fewer than three); the planning σ, their 85% predictive
   * quantile (with fewer, this σ's 85% upper confidence bound); and the rounds the planning σ needs.
   * `sessions`: the stored sessions they rest on besides this one. Absent in older calibrations.
   */
  typicalSigma: finite.optional(),
  planSigma: finite.optional(),
  planRounds: count.optional(),
  sessions: count.optional(),
  /** When this σ is above the stored sessions' 95% predictive quantile: how many times their median, and that quantile. */
  farAbove: external_exports.object({ factor: finite, bound: finite }).optional()
});
var sessionSigmaSchema = external_exports.object({
  key: text(1e3),
  metric: metricIdSchema,
  sigma: finite,
  rounds: count,
  sigmaMethod: sigmaMethodSchema.optional()
});
var noiseSessionSchema = external_exports.object({
  measuredAt: text(64),
  commit: external_exports.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit id"),
  sigmas: external_exports.array(sessionSigmaSchema).max(2e3)
});
var MAX_KEPT_SESSIONS = 30;
var calibrationSuggestionSchema = external_exports.object({
  /** Whether the configured plan already detects every gated metric's δ. */
  sufficient: external_exports.boolean(),
  minRounds: count,
  maxRounds: count,
  /** The alternative with the rounds unchanged: each trial this many times longer, or at this much more rate. */
  scale: finite,
  /** Seconds per trial under that alternative (0 when the trial length is unknown). */
  trialSeconds: finite,
  /** Requests per second under that alternative. */
  rate: finite
});
var secondsRange = external_exports.tuple([finite, finite]);
var tailReliefSchema = external_exports.object({
  /** Indexes into the calibration's rows, costliest first. */
  informational: external_exports.array(count).min(1).max(2e3),
  /** The rounds by which the metrics still gated settle in 90% of runs. */
  roundsNeeded: count,
  minRounds: count,
  maxRounds: count
});
var calibrationCostSchema = external_exports.object({
  /** Seconds before the first trial (checkout, build, starting the stacks) and after the last. */
  setup: finite,
  /** What a measured trial adds beyond its measured window: k6 starting, the discard, the pause between trials. */
  trialOverhead: finite,
  /** One set of warm-ups, and one renewal of the arms' instances. */
  warmup: finite,
  renewal: finite,
  /** A run of the plan as configured, of the suggested rounds, and of the suggested trial length. */
  configured: secondsRange,
  /**
   * The configured plan's median run of unchanged code: the look it stops at (the first at or after
   * `medianRounds`) and its seconds; null when half the runs go past the last look.
   */
  median: external_exports.object({ look: count, seconds: finite }).nullable().optional(),
  suggestedRounds: secondsRange,
  suggestedTrials: secondsRange,
  /** A run of the plan that gates fewer tails (`tailRelief`). */
  tailRelief: secondsRange.optional()
});
var calibrationBudgetSchema = external_exports.object({
  seconds: finite,
  fits: external_exports.boolean(),
  /** The plan's rounds: the calibrated ones, or the fewest whose test can reach the look's level. */
  minRounds: count,
  maxRounds: count,
  /** Seconds of a measured trial in that plan; 0 when even the configured plan takes longer. */
  trialSeconds: finite,
  /** The plan's run, first look and last. */
  runSeconds: secondsRange,
  /** Per row of the calibration, in its order: the change the metric must be allowed for unchanged code to settle (NO CHANGE at the first look in 90% of runs). */
  settles: external_exports.array(finite).max(2e3)
});
var calibrationSchema = external_exports.object({
  schemaVersion: external_exports.literal(CALIBRATION_SCHEMA_VERSION),
  benchmark: external_exports.string().regex(BENCHMARK_NAME, "a benchmark name"),
  commit: external_exports.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit id"),
  measuredAt: text(64),
  /** The plan's level per look, the gated family size, and the per-metric level after the correction. */
  alpha: finite,
  family: count,
  level: finite,
  minRounds: count,
  maxRounds: count,
  /** Median measured seconds of a trial, and the achieved requests per second over all requests. */
  trialSeconds: finite,
  rate: finite,
  rows: external_exports.array(noiseRowSchema).max(2e3),
  /**
   * The rounds by which unchanged code settles (NO CHANGE, every gated metric at once) in half the
   * runs, as `roundsNeeded` gives 90%: where the median run ends. Absent in older calibrations.
   */
  medianRounds: count.optional(),
  suggestion: calibrationSuggestionSchema,
  /** Null when no tail holds the plan back; absent in older calibrations. */
  tailRelief: tailReliefSchema.nullable().optional(),
  /**
   * The σ of this calibration and of the calibrations stored before it (at most MAX_KEPT_SESSIONS,
   * oldest first, this one last). Absent in older calibrations: their rows are their one session.
   */
  sessions: external_exports.array(noiseSessionSchema).max(MAX_KEPT_SESSIONS).optional(),
  /** Absent in calibrations written before runs were costed. */
  cost: calibrationCostSchema.optional(),
  budget: calibrationBudgetSchema.optional()
});
var noiseFloorSchema = external_exports.object({
  /** The calibrated commit and when it was measured. */
  commit: external_exports.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit id"),
  measuredAt: text(64),
  metrics: external_exports.array(
    external_exports.object({
      metric: metricIdSchema,
      absolute: external_exports.boolean(),
      /** The largest noise floor of the metric over the calibrated series. */
      floor: finite
    })
  ).max(50)
});

// src/model/comparison.ts
var COMPARISON_SCHEMA_VERSION = 1;
var intervalSchema = external_exports.object({
  low: finite,
  high: finite,
  /** Coverage of the interval: two one-sided bounds at the look's level, e.g. 0.948. */
  level: finite
});
var metricComparisonSchema = external_exports.object({
  metric: metricIdSchema,
  unit: external_exports.enum(["ms", "req/s", "ratio", "count", "value"]),
  direction: directionSchema,
  gate: external_exports.boolean(),
  /** Medians over valid measured trials; null where not measured. */
  base: finiteOrNull,
  head: finiteOrNull,
  /** Relative change as a fraction (0.1 = +10%), or an absolute difference for `absolute` metrics. */
  change: finiteOrNull,
  ci: intervalSchema.nullable(),
  p: finiteOrNull,
  /** The one-sided p of "worse by more than δ/2", adjusted over the gated metrics of the run (maxT; Holm for stored baselines). */
  pAdjusted: finiteOrNull,
  pairs: finite,
  delta: finite,
  absolute: external_exports.boolean(),
  verdict: metricVerdictSchema,
  /** Half-width of the CI in the change's unit: the smallest change this run could detect. */
  noiseFloor: finiteOrNull,
  /**
   * Paired runs: the per-round SD of the differences on the analysis scale, as calibration estimates
   * it (decide/calibration.ts noiseSigma), for the noise history. Absent in older comparisons.
   */
  sigma: finite.optional(),
  /** Plain-words reason, e.g. "fewer than 6 pairs can never be significant". */
  note: text(1e3).optional(),
  /** LIKELY_OVER_DELTA: about how many rounds would show the estimated change beyond δ/2. */
  roundsToDecide: finite.optional(),
  /**
   * LIKELY_OVER_DELTA: the family-wise bound its verdict used, as a change — worse than this,
   * corrected over the gated metrics (under δ/2, where its own interval is beyond it).
   */
  familyBound: finite.optional(),
  /**
   * The rule's absolute target, judged on the head's median over trials: `pass` null when the trials
   * cannot tell (or none were measured); `low`/`high` bound that median at the look's level (absent
   * from comparisons made before they were kept); `baseMisses` when the base's median misses it too.
   */
  target: absoluteTargetSchema.extend({
    actual: finiteOrNull,
    pass: external_exports.boolean().nullable(),
    low: finiteOrNull.optional(),
    high: finiteOrNull.optional(),
    baseMisses: external_exports.boolean().optional()
  }).optional()
});
var dispersionChangeSchema = external_exports.object({
  /** Median over trials of p99/p50 per arm. */
  base: finiteOrNull,
  head: finiteOrNull,
  /** head/base ratio of the spreads. */
  ratio: finiteOrNull,
  flagged: external_exports.boolean()
});
var sampleSizeSchema = external_exports.preprocess(
  // Comparisons made while p95 was the only tail the advice knew name its uncertainty p95Uncertainty.
  (value) => {
    if (typeof value !== "object" || value === null || !("p95Uncertainty" in value)) return value;
    const { p95Uncertainty, ...rest } = value;
    return { metric: "p95", rankUncertainty: p95Uncertainty, ...rest };
  },
  external_exports.object({
    /** The gated tail the advice is about (the one that needs the most requests). */
    metric: external_exports.enum(["p90", "p95", "p99"]),
    /** Median successful requests of the series per trial. */
    requestsPerTrial: finite,
    trialSeconds: finite,
    /** Relative standard deviation of a trial's tail quantile from rank uncertainty alone. */
    rankUncertainty: finite,
    /** The tail rule's δ. */
    delta: finite,
    /** Requests per trial at which unchanged code settles δ by the last look; null when the trials have them. */
    requestsNeeded: finiteOrNull,
    /** The plan's looks, in rounds (absent from comparisons made before the rule was stated for them). */
    firstLook: finite.optional(),
    lastLook: finite.optional(),
    /** Seconds each trial discards before its measured window (absent from comparisons made before it was kept: 0). */
    discardSeconds: finite.optional()
  })
);
var seriesComparisonSchema = external_exports.object({
  ...seriesIdentity,
  metrics: external_exports.array(metricComparisonSchema).max(100),
  dispersion: dispersionChangeSchema,
  sampleSize: sampleSizeSchema.optional(),
  /** Marked erratic in the settings: every metric informs; the reason the report shows. */
  erratic: text(200).optional(),
  verdict: metricVerdictSchema
});
var serviceComparisonSchema = external_exports.object({
  service: text(300),
  arm: armSchema,
  /** Medians over measured trials. */
  cpuSecondsPerRequest: finiteOrNull,
  peakMemoryBytes: finiteOrNull,
  restarts: finite
});
var invalidReasonSchema = external_exports.object({
  arm: external_exports.enum(["base", "head", "both"]),
  /** Machine-readable kind. */
  kind: external_exports.enum(["error-rate", "dropped-iterations", "container", "trial-failed", "no-data"]),
  message: text(1e3)
});
var fraction = external_exports.number().min(0).max(1);
var roundList = external_exports.array(external_exports.number().int().nonnegative()).max(1e3);
var armBesideSchema = external_exports.object({ foreignCpu: fraction.optional(), stolen: fraction.optional() });
var differingRoundSchema = external_exports.object({
  round: external_exports.number().int().nonnegative(),
  base: armBesideSchema,
  head: armBesideSchema,
  /** The difference reached the disturbed mark: not the run's CPU differed enough to move latency. */
  disturbed: external_exports.boolean(),
  /** Times the round was measured again; its last pair is the one shown. */
  repeats: external_exports.number().int().positive().optional()
});
var repeatedRoundSchema = external_exports.object({
  round: external_exports.number().int().min(1),
  base: armBesideSchema,
  head: armBesideSchema,
  by: external_exports.enum(["foreign", "steal"])
});
var runnerLoadSchema = external_exports.object({
  /** Rounds with a trial at or above the saturation mark, and the highest busy fraction. */
  saturatedRounds: roundList,
  maxCpuBusy: fraction,
  /** Rounds with a trial that lost at least the noted share of its CPU time to other guests (steal). */
  stolenRounds: roundList,
  maxStolen: fraction,
  /** Steal over every measured trial with a reading. */
  meanStolen: fraction,
  /** Foreign CPU (busy with neither the run nor steal): the most of a trial, and the mean over trials. */
  maxForeign: fraction.optional(),
  meanForeign: fraction.optional(),
  /** Rounds with a trial whose host gave at least the noted share of its CPU to other processes. */
  busyRounds: roundList.optional(),
  /** Rounds whose two trials differed beside the run by at least the shown difference. */
  differingRounds: external_exports.array(differingRoundSchema).max(1e3).optional(),
  /** Each repeat of a disturbed round, with the pair it superseded; only each round's last pair is compared. */
  repeatedRounds: external_exports.array(repeatedRoundSchema).max(1e3).optional(),
  /** The most repeats the run allowed, and the rounds still disturbed once no repeat was left. */
  repeatsPerRun: external_exports.number().int().min(0).max(1e3).optional(),
  exhaustedRounds: roundList.optional()
});
var comparisonSchema = external_exports.object({
  schemaVersion: external_exports.literal(COMPARISON_SCHEMA_VERSION),
  benchmark: external_exports.string().regex(BENCHMARK_NAME, "a benchmark name"),
  /**
   * 'paired' = same-job A/B (the gate); 'stored' = head against stored history (cross-run);
   * 'head-only' = the head measured alone, no base to compare with (verdict NO_BASE or INVALID).
   */
  kind: external_exports.enum(["paired", "stored", "head-only"]),
  verdict: verdictSchema,
  /** True when `fail-on` names the verdict: the job fails and the status is failure. */
  blocking: external_exports.boolean(),
  /** One line a reader gets in one second (plain text; escape before rendering). */
  headline: text(1e3),
  invalid: external_exports.array(invalidReasonSchema).max(100),
  rounds: finite,
  /** One-sided significance level of each look (Pocock's constant level over the plan's looks). */
  alpha: finite,
  extended: external_exports.boolean(),
  series: external_exports.array(seriesComparisonSchema).max(2e3),
  services: external_exports.array(serviceComparisonSchema).max(200),
  meta: runMetaSchema,
  /** Where the results file that produced this comparison was written. */
  resultsFile: text(2e3).optional(),
  /** The repository's measured noise floor, from the calibration stored for this benchmark. */
  noiseFloor: noiseFloorSchema.optional(),
  /** Where the CPU went: the differential profile of the profiling pair, when one ran. */
  profile: profileDiffSchema.optional(),
  /** Present when the runner was saturated or lost CPU time to other guests during the trials. */
  runner: runnerLoadSchema.optional()
});

// src/store/run-files.ts
import { readdir, readFile, stat } from "node:fs/promises";
import path4 from "node:path";

// src/model/run-record.ts
var RUN_RECORD_SCHEMA_VERSION = 2;
var medianWithIntervalSchema = external_exports.object({ median: finite, low: finiteOrNull, high: finiteOrNull });
var importedFromSchema = external_exports.object({
  from: external_exports.enum(["k6-summary", "github-action-benchmark"]),
  /** The imported file's name (no folders). */
  file: text(300),
  importedAt: text(64),
  key: external_exports.string().regex(/^[0-9a-f]{64}$/, "a sha-256 in hex")
});
var runRecordSchema = external_exports.object({
  schemaVersion: external_exports.literal(RUN_RECORD_SCHEMA_VERSION),
  benchmark: text(64),
  meta: runMetaSchema,
  /** Branch the run was recorded for (e.g. main). */
  branch: text(300),
  verdict: verdictSchema.nullable(),
  /** The pull request the commit came through (record mode asks GitHub), and whether its result was accepted. */
  mergedThrough: mergedThroughSchema.optional(),
  /**
   * The rules lasting shifts of this benchmark are judged by, as they were when the run was recorded:
   * its gated relative thresholds, its erratic series and the change-point settings. The dashboard and
   * `loadgate history` use the newest run's, as the issue watcher did. Absent in older files.
   */
  shiftRules: external_exports.object({
    thresholds: external_exports.array(metricThresholdSchema).max(500),
    erratic: external_exports.array(erraticSeriesSchema).max(100),
    detector: external_exports.object({ maxP: finite, minChange: finite, minRuns: external_exports.number().int().min(1).max(1e3) })
  }).optional(),
  /**
   * Set on a run brought in by `loadgate import` from another tool's history: drawn on the dashboard,
   * never a baseline, never in the run-to-run spread or a change point. Absent on measured runs.
   */
  imported: importedFromSchema.optional(),
  /** Compact per-series summary: medians over trials, with a 95% CI of the median. */
  series: external_exports.array(
    external_exports.object({
      key: seriesIdentity.key,
      metrics: external_exports.record(external_exports.string(), medianWithIntervalSchema)
    })
  ),
  /**
   * A paired run's per-round σ of each gated metric (the noise history calibrations plan from).
   * Absent in older files and in runs that measured the head alone.
   */
  noise: external_exports.array(sessionSigmaSchema).max(2e3).optional(),
  /** Per-trial values of the head arm, kept for `baseline: stored`: key → metric → values. */
  trials: external_exports.record(external_exports.string(), external_exports.record(external_exports.string(), external_exports.array(finite)))
});
function measuredRuns(records) {
  return records.filter((record) => record.imported === void 0);
}

// src/store/migrate.ts
function migrateRunRecord(raw) {
  const version = raw?.schemaVersion;
  if (version === RUN_RECORD_SCHEMA_VERSION) return raw;
  if (version === 1) {
    const v1 = raw;
    return {
      schemaVersion: RUN_RECORD_SCHEMA_VERSION,
      benchmark: v1.benchmark,
      branch: v1.branch,
      verdict: v1.verdict ?? null,
      meta: {
        runId: v1.runId,
        runUrl: "",
        repository: "",
        event: "push",
        pullRequest: null,
        base: null,
        head: { ...v1.commit, ref: v1.branch },
        startedAt: v1.time,
        finishedAt: v1.time,
        runner: { os: "", cpuModel: v1.runner, cores: 0, memoryBytes: 0 },
        versions: { loadgate: "", k6: "", docker: "", compose: "" },
        hashes: { k6Script: "", composeFile: "" },
        seed: 0
      },
      series: v1.series.map((s) => ({
        key: s.key,
        metrics: Object.fromEntries(
          Object.entries(s.metrics).map(([m, v2]) => [m, { median: v2, low: null, high: null }])
        )
      })),
      trials: {}
    };
  }
  throw new Error(`unknown run record schemaVersion ${JSON.stringify(version)}`);
}

// src/store/run-files.ts
var READ_BATCH = 64;
var HISTORY_CAPS = { fileBytes: 4 * 1024 * 1024, totalBytes: 512 * 1024 * 1024 };
var MIB = 1024 * 1024;
var mib = (bytes) => `${(bytes / MIB).toFixed(bytes < MIB ? 2 : 0)} MiB`;
function withinCaps(files, warn, caps = HISTORY_CAPS) {
  const kept = [];
  let total = 0;
  let dropped = 0;
  let newestDropped = "";
  for (const file of [...files].reverse()) {
    if (file.size > caps.fileBytes) {
      warn(
        skippedMessage(file.file, `${mib(file.size)} is over the ${mib(caps.fileBytes)} a run file may have`)
      );
      continue;
    }
    if (total + file.size > caps.totalBytes) {
      if (dropped++ === 0) newestDropped = file.file;
      continue;
    }
    total += file.size;
    kept.push(file);
  }
  if (dropped > 0)
    warn(
      `Skipped ${dropped} older stored run file(s), the newest '${printable(newestDropped)}': the run files together are over the ${mib(caps.totalBytes)} read of a history (they stay on the branch; the history is built from the newer runs)`
    );
  return kept.reverse();
}
function printable(text2, max = 200) {
  const clean = withoutControlCharacters(text2);
  return clean.length > max ? `${clean.slice(0, max)}\u2026` : clean;
}
function parseRunFile(text2) {
  let raw;
  try {
    raw = JSON.parse(text2);
  } catch {
    return { reason: "not valid JSON" };
  }
  return parseRunValue(raw);
}
function parseRunValue(raw) {
  let migrated;
  try {
    migrated = migrateRunRecord(raw);
  } catch (error) {
    return { reason: errorMessage(error) };
  }
  const parsed = runRecordSchema.safeParse(migrated);
  return parsed.success ? { record: parsed.data } : { reason: firstIssue(parsed.error) };
}
function skippedMessage(file, reason) {
  return `Skipped the stored run file '${printable(file)}': ${printable(reason)} (it stays on the branch; the history is built without it)`;
}
async function listRunFiles(dir) {
  const files = [];
  const walk = async (current) => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path4.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isRunFileName(entry.name)) files.push(full);
    }
  };
  await walk(dir);
  return files.sort();
}
function isRunFileName(name) {
  return name.endsWith(".json") && !name.endsWith(".benchmark-action.json");
}
async function readRunFiles(dir, root, warn, caps = HISTORY_CAPS) {
  const listed = await listRunFiles(dir);
  const sized = [];
  for (let i = 0; i < listed.length; i += READ_BATCH) {
    const batch = listed.slice(i, i + READ_BATCH);
    const sizes = await Promise.all(batch.map((full) => stat(full).then((s) => s.size)));
    batch.forEach((full, index) => sized.push({ full, file: path4.relative(root, full), size: sizes[index] }));
  }
  const files = withinCaps(sized, warn, caps).map((f) => f.full);
  const records = [];
  for (let i = 0; i < files.length; i += READ_BATCH) {
    const batch = files.slice(i, i + READ_BATCH);
    const texts = await Promise.all(batch.map((file) => readFile(file, "utf8")));
    texts.forEach((text2, index) => {
      const parsed = parseRunFile(text2);
      if ("record" in parsed) records.push(parsed.record);
      else warn(skippedMessage(path4.relative(root, batch[index]), parsed.reason));
    });
  }
  return records;
}

// src/model/artifact-file.ts
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";
var MAX_ARTIFACT_BYTES = 20 * 1024 * 1024;
var MAX_TRIALS = 800;
async function readArtifactText(file) {
  const cannotRead = (error) => {
    const enoent = error.code === "ENOENT";
    return new LoadgateError(
      `${file} cannot be read: ${enoent ? "no such file" : errorMessage(error).split("\n")[0]}`
    );
  };
  const linked = await lstat(file).catch((error) => {
    throw cannotRead(error);
  });
  refuseIrregular(file, linked);
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error) => {
      throw error.code === "ELOOP" ? notRegular(file, "a symbolic link") : cannotRead(error);
    }
  );
  try {
    const opened2 = await handle.stat();
    refuseIrregular(file, opened2);
    if (opened2.ino !== linked.ino || opened2.dev !== linked.dev)
      throw new LoadgateError(
        `${file} was replaced while it was read: expected an artifact file nothing changes`
      );
    const size = opened2.size;
    if (size > MAX_ARTIFACT_BYTES) {
      throw new LoadgateError(
        `${file} is ${size} bytes (${formatBytes(size)}), over the ${MAX_ARTIFACT_BYTES}-byte (${formatBytes(MAX_ARTIFACT_BYTES)}) limit of an artifact file`
      );
    }
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}
function notRegular(file, what2) {
  return new LoadgateError(
    `${file} is ${what2}: expected a regular file (an artifact's links are never followed)`
  );
}
function refuseIrregular(file, info) {
  if (info.isSymbolicLink()) throw notRegular(file, "a symbolic link");
  if (!info.isFile()) throw notRegular(file, "not a regular file");
}
function checkTrialCount(file, document) {
  const trials = document?.trials;
  if (Array.isArray(trials) && trials.length > MAX_TRIALS) {
    throw new LoadgateError(
      `${file} holds ${trials.length} trials, over the limit of ${MAX_TRIALS} (max-rounds 200, two arms, a warm-up each)`
    );
  }
}

// src/store/remote.ts
function remoteRef(remote, branch) {
  return `refs/remotes/${remote}/${branch}`;
}
async function fetchBranch(git, remote, branch) {
  const fetched = await git.tryRun([
    "fetch",
    "--no-tags",
    "--quiet",
    remote,
    `+refs/heads/${branch}:${remoteRef(remote, branch)}`
  ]);
  return fetched !== null;
}
async function gitOutcome(cwd, args, gitEnv = {}) {
  const result = await run("git", args, {
    cwd,
    env: { GIT_TERMINAL_PROMPT: "0", ...gitEnv },
    allowExitCodes: Array.from({ length: 255 }, (_2, i) => i + 1)
  });
  const text2 = gist(result.stderr || result.stdout) || `git ${args[0]} exited with ${result.code}`;
  return { code: result.code, stdout: result.stdout, detail: text2.replace(/\/\/[^/@\s]+@/g, "//***@") };
}
function gist(output) {
  const lines = output.split("\n").map((line) => line.trim()).filter((line) => line && !/^(hint:|Please make sure you have|and the repository exists)/.test(line));
  return lines.slice(0, 3).join(" | ");
}

// src/store/push-access.ts
async function checkPushAccess(target) {
  const remote = target.remote ?? "origin";
  const shown = target.remoteLabel || remote;
  const git = new Git(target.workspace, target.gitEnv);
  await requireRemote(target);
  const listed = await gitOutcome(
    target.workspace,
    ["ls-remote", "--heads", remote, `refs/heads/${target.branch}`],
    target.gitEnv
  );
  if (listed.code !== 0) {
    throw new LoadgateError(
      `Cannot read the remote '${shown}' to record the run in '${target.branch}': ${listed.detail}`
    );
  }
  const exists = listed.stdout.trim() !== "" && await fetchBranch(git, remote, target.branch);
  const source = exists ? remoteRef(remote, target.branch) : "HEAD";
  const pushed = await gitOutcome(
    target.workspace,
    ["push", "--dry-run", "--quiet", remote, `${source}:refs/heads/${target.branch}`],
    target.gitEnv
  );
  if (pushed.code !== 0) {
    const needs = target.pushNeeds ?? "on GitHub the workflow needs 'permissions: contents: write'";
    throw new LoadgateError(
      `Cannot push to the '${target.branch}' branch of the remote '${shown}', so no run can be recorded: ${pushed.detail} (${needs})`
    );
  }
}
async function requireRemote(target) {
  const remote = target.remote ?? "origin";
  if (await new Git(target.workspace).tryRun(["remote", "get-url", "--push", remote]) !== null) return;
  throw new SettingsError(
    `Recording pushes the run to the '${target.branch}' branch of the remote '${remote}', and this repository has no remote '${remote}': add it (git remote add ${remote} URL) and run again`
  );
}

// src/store/run-record.ts
var STORED_METRICS = ["p50", "p90", "p95", "p99", "mean", "max", "throughput", "error_rate"];
function toRunRecord(results, comparison, branch, shiftRules) {
  const trials = results.trials.filter((t) => t.phase === "measure" && t.arm === "head" && t.valid);
  const keys = [...new Set(trials.flatMap((t) => t.series.map((s) => s.key)))].sort();
  const customMetrics = [
    ...new Set(trials.flatMap((t) => t.custom.map((c) => `custom:${c.name}`)))
  ];
  const record = {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    benchmark: results.benchmark,
    meta: results.meta,
    branch,
    verdict: comparison?.verdict ?? null,
    series: [],
    trials: {},
    ...shiftRules ? { shiftRules } : {}
  };
  const add = (key, metrics) => {
    const summary = {};
    const values = {};
    for (const metric of metrics) {
      const measured2 = trials.map((t) => metricValue(t, key, metric)).filter((v2) => v2 !== null);
      if (measured2.length === 0) continue;
      values[metric] = measured2.map((v2) => Number(v2.toPrecision(6)));
      summary[metric] = medianInterval(values[metric]);
    }
    if (Object.keys(summary).length === 0) return;
    record.series.push({ key, metrics: summary });
    record.trials[key] = values;
  };
  for (const key of keys) add(key, STORED_METRICS);
  if (customMetrics.length) add(CUSTOM_SERIES, customMetrics);
  const noise = comparison ? noiseOf(comparison) : [];
  if (noise.length) record.noise = noise;
  return record;
}
function noiseOf(comparison) {
  if (comparison.kind !== "paired") return [];
  return comparison.series.flatMap(
    (series) => series.metrics.flatMap(
      (m) => m.gate && m.sigma !== void 0 ? [{ key: series.key, metric: m.metric, sigma: m.sigma, rounds: m.pairs }] : []
    )
  );
}
function runFileName(record) {
  const time = record.meta.startedAt;
  const stamp = time.replace(/[:.]/g, "-");
  const runId = record.meta.runId.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 40);
  return `${time.slice(0, 4)}/${time.slice(5, 7)}/${stamp}-${record.meta.head.sha.slice(0, 7)}-${runId}.json`;
}

// src/store/gh-pages.ts
import { mkdir as mkdir4, mkdtemp, readdir as readdir4, rm as rm4, writeFile as writeFile3 } from "node:fs/promises";
import os from "node:os";
import path10 from "node:path";

// src/store/badge.ts
import { mkdir, rm, writeFile } from "node:fs/promises";
import path5 from "node:path";

// src/report/badge.ts
var COLOURS = { ok: "#2e7d32", shifted: "#c05621", failing: "#c62828" };
async function renderBadge(benchmark, state) {
  const { makeBadge } = await import("./lib-NUHS7TG3.js");
  const svg = makeBadge({
    label: `loadgate ${benchmark}`,
    message: state,
    labelColor: "#555",
    color: COLOURS[state],
    style: "flat"
  });
  return `${svg}
`;
}

// src/store/badge.ts
var FAILING_VERDICTS = /* @__PURE__ */ new Set([
  "REGRESSION",
  "TARGET_MISSED",
  "INVALID"
]);
function badgeState(records, found) {
  const latest2 = measuredRuns(records).filter((r) => r.branch === found.branch).reduce(
    (newest, r) => !newest || r.meta.startedAt >= newest.meta.startedAt ? r : newest,
    void 0
  );
  if (latest2?.verdict && FAILING_VERDICTS.has(latest2.verdict)) return "failing";
  if (found.open.some((shift) => !shift.firstAfter.mergedThrough?.accepted)) return "shifted";
  return "ok";
}
async function writeBadges(root, badges) {
  const unnamed = badges.find(({ benchmark }) => !BENCHMARK_NAME.test(benchmark));
  if (unnamed)
    throw new Error(
      `No badge for '${printable(unnamed.benchmark)}': expected a benchmark name (letters, digits, '.', '-', '_')`
    );
  const dir = path5.join(root, "badges");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const { benchmark, state } of badges)
    await writeFile(path5.join(dir, `${benchmark}.svg`), await renderBadge(benchmark, state));
}

// src/store/benchmark-action.ts
var UNITS = { throughput: "req/s", error_rate: "%" };
var SCALE = { error_rate: 100 };
function round(value) {
  return Number(value.toPrecision(6));
}
function benchmarkActionFiles(record) {
  const smaller = [];
  const bigger = [];
  const commit = `commit ${record.meta.head.sha.slice(0, 7)}; ${record.meta.runner.cpuModel}`.trim();
  for (const series of record.series) {
    for (const [metric, summary] of Object.entries(series.metrics)) {
      if (metric.startsWith("custom:")) continue;
      const scale = SCALE[metric] ?? 1;
      const low = summary.low === null ? null : round(summary.low * scale);
      const high = summary.high === null ? null : round(summary.high * scale);
      const entry = {
        name: `${series.key} ${metric}`,
        unit: UNITS[metric] ?? "ms",
        value: round(summary.median * scale),
        ...low !== null && high !== null ? { range: `\xB1 ${round((high - low) / 2)}` } : {},
        extra: low !== null && high !== null ? `95% CI of the median ${low} \u2013 ${high}; ${commit}` : commit
      };
      const direction = metricDefaults(metric).direction;
      (direction === "higher" ? bigger : smaller).push(entry);
    }
  }
  const files = [
    { tool: "customSmallerIsBetter", suffix: ".smaller-is-better.benchmark-action.json", entries: smaller },
    { tool: "customBiggerIsBetter", suffix: ".bigger-is-better.benchmark-action.json", entries: bigger }
  ];
  return files.filter((f) => f.entries.length > 0);
}

// src/store/derive.ts
import { createHash } from "node:crypto";
import { mkdir as mkdir2, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import path6 from "node:path";

// src/store/change-points.ts
function seconds(iso) {
  return Math.round(Date.parse(iso) / 1e3);
}
function shiftBands(found) {
  const open5 = new Set(found.open);
  return found.shifts.map((shift) => ({
    series: shift.series,
    metric: shift.metric,
    change: Number(shift.change.toPrecision(3)),
    worse: shift.worse,
    open: open5.has(shift),
    from: seconds(shift.lastBefore.startedAt),
    to: seconds(shift.firstAfter.startedAt),
    fromSha: shift.lastBefore.sha.slice(0, 12),
    toSha: shift.firstAfter.sha.slice(0, 12),
    environmentChanged: shift.environmentChanged
  }));
}

// src/store/derive.ts
var DERIVED_SCHEMA_VERSION = 2;
var CHARTED = Object.fromEntries(
  ["p50", "p90", "p95", "p99", "throughput", "error_rate"].map((metric) => [
    metric,
    gatedLatencyMetrics().includes(metric)
  ])
);
var IMPORTED_ONLY = /* @__PURE__ */ new Set(["mean"]);
function round2(value) {
  return value === null || value === void 0 ? null : Number(value.toPrecision(3));
}
function interner(values) {
  const index = /* @__PURE__ */ new Map();
  return (value) => {
    let i = index.get(value);
    if (i === void 0) {
      index.set(value, i = values.length);
      values.push(value);
    }
    return i;
  };
}
function runner(record) {
  const r = record.meta.runner;
  return [r.os, r.cpuModel, r.cores ? `${r.cores} cores` : ""].filter(Boolean).join(" \xB7 ");
}
function seriesFileName(key) {
  return `${createHash("sha256").update(key).digest("hex").slice(0, 16)}.json`;
}
function buildDerived(benchmark, records, findShifts2, retention = 0) {
  const ordered = [...records].sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt));
  const kept = retention > 0 ? ordered.slice(-retention) : ordered;
  const runs = {
    id: [],
    time: [],
    sha: [],
    branch: [],
    message: [],
    author: [],
    runner: [],
    verdict: []
  };
  const values = { branch: [], author: [], runner: [], verdict: [] };
  const indexOf = {
    branch: interner(values.branch),
    author: interner(values.author),
    runner: interner(values.runner),
    verdict: interner(values.verdict)
  };
  const metricsByKey = /* @__PURE__ */ new Map();
  kept.forEach((record, index) => {
    runs.id.push(record.meta.runId);
    runs.time.push(Math.round(Date.parse(record.meta.startedAt) / 1e3));
    runs.sha.push(record.meta.head.sha.slice(0, 12));
    runs.message.push(record.meta.head.message.split("\n")[0].slice(0, 120));
    runs.branch.push(indexOf.branch(record.branch));
    runs.author.push(indexOf.author(record.meta.head.author));
    runs.runner.push(indexOf.runner(runner(record)));
    runs.verdict.push(indexOf.verdict(record.verdict));
    for (const series2 of record.series) {
      let metrics = metricsByKey.get(series2.key);
      if (!metrics) metricsByKey.set(series2.key, metrics = {});
      for (const [metric, value] of Object.entries(series2.metrics)) {
        if (!Object.hasOwn(CHARTED, metric) && !(record.imported && IMPORTED_ONLY.has(metric))) continue;
        if (!Object.hasOwn(metrics, metric))
          metrics[metric] = CHARTED[metric] ? { median: [], low: [], high: [] } : { median: [] };
        const columns = metrics[metric];
        pad(columns, index);
        columns.median.push(round2(value.median));
        columns.low?.push(round2(value.low));
        columns.high?.push(round2(value.high));
      }
    }
  });
  if (kept.some((r) => r.imported)) markImported(kept, runs, values);
  const keys = [...metricsByKey.keys()].sort();
  const found = findShifts2(benchmark, kept);
  const series = keys.map((key) => {
    const metrics = metricsByKey.get(key);
    for (const columns of Object.values(metrics)) pad(columns, kept.length);
    return { schemaVersion: DERIVED_SCHEMA_VERSION, benchmark, key, metrics };
  });
  return {
    runs: {
      schemaVersion: DERIVED_SCHEMA_VERSION,
      benchmark,
      repository: kept.findLast((r) => r.meta.repository)?.meta.repository ?? "",
      values,
      runs,
      series: keys.map((key) => ({ key, file: seriesFileName(key) })),
      shifts: shiftBands(found)
    },
    series,
    badge: badgeState(kept, found)
  };
}
function markImported(kept, runs, values) {
  values.imported = [];
  const indexOf = interner(values.imported);
  runs.imported = kept.map((r) => indexOf(r.imported ? `${r.imported.from} (${r.imported.file})` : ""));
}
function pad(columns, length) {
  for (const column of [columns.median, columns.low, columns.high]) {
    while (column && column.length < length) column.push(null);
  }
}
async function writeDerived(benchmarkDir, derived) {
  const seriesDir = path6.join(benchmarkDir, "series");
  await rm2(seriesDir, { recursive: true, force: true });
  await rm2(path6.join(benchmarkDir, "series.json"), { force: true });
  await mkdir2(seriesDir, { recursive: true });
  await writeFile2(path6.join(benchmarkDir, "runs.json"), JSON.stringify(derived.runs));
  for (const file of derived.series)
    await writeFile2(path6.join(seriesDir, seriesFileName(file.key)), JSON.stringify(file));
}
function buildIndexFile(benchmarks) {
  return {
    schemaVersion: DERIVED_SCHEMA_VERSION,
    benchmarks: benchmarks.map(({ runs }) => ({
      name: runs.benchmark,
      runs: runs.runs.id.length,
      latest: runs.runs.time.length ? new Date(runs.runs.time.at(-1) * 1e3).toISOString() : "",
      series: runs.series.map((s) => s.key)
    })).sort((a, b) => a.name.localeCompare(b.name))
  };
}

// src/store/history-commit.ts
import { rm as rm3 } from "node:fs/promises";
var MAX_ATTEMPTS = 20;
function committerArgs(committer) {
  return committer ? ["-c", `user.name=${committer.name}`, "-c", `user.email=${committer.email}`] : [];
}
function jitteredDelay(attempt2) {
  const base = Math.min(8e3, 200 * 2 ** attempt2);
  return base / 2 + Math.random() * base;
}
var LOST_RACE = /\[rejected\].*\((fetch first|non-fast-forward|stale info)\)|\[remote rejected\].*(cannot lock ref|failed to (update|lock)|incorrect old value|reference already exists)/;
async function checkoutHistory(repo, remote, branch, tree) {
  await repo.tryRun(["worktree", "remove", "--force", tree]);
  await rm3(tree, { recursive: true, force: true });
  if (await fetchBranch(repo, remote, branch)) {
    const tip = await repo.run(["rev-parse", "--verify", `${remoteRef(remote, branch)}^{commit}`]);
    await repo.run(["worktree", "add", "--detach", "--quiet", tree, tip]);
    return tip;
  }
  await repo.run(["worktree", "add", "--detach", "--no-checkout", "--quiet", tree]);
  await new Git(tree).run(["read-tree", "--empty"]);
  return "";
}
async function commitWorktree(worktree, target, parent, message) {
  await worktree.run(["add", "--all", "--force", "."]);
  const treeSha = await worktree.run(["write-tree"]);
  return worktree.run([
    ...committerArgs(target.committer),
    "commit-tree",
    treeSha,
    ...parent ? ["-p", parent] : [],
    "-m",
    message
  ]);
}
async function verifyCommitted(worktree, commit, expected) {
  for (const file of expected) {
    const blob = await worktree.run(["hash-object", "--no-filters", "--stdin"], { input: file.content });
    const entry = await worktree.run(["ls-tree", "-z", commit, "--", file.path]);
    const [mode = "", , id = ""] = entry.replace(/\0$/, "").split(/[ \t]/);
    if (mode === "100644" && id === blob) continue;
    const found = !entry ? "it is missing" : mode === "100644" ? "with other content" : `as mode ${mode}`;
    throw new LoadgateError(
      `The commit made for the history branch holds '${printable(file.path, 300)}' ${found}, not as the regular file written: nothing was pushed; look for what on that branch changes what git stores (a .gitattributes filter, a submodule)`
    );
  }
}
async function removeCheckout(repo, tree) {
  await repo.tryRun(["worktree", "remove", "--force", tree]);
  await repo.tryRun(["worktree", "prune"]);
}
async function commitToHistory(target, message, apply, expected = []) {
  const repo = new Git(target.workspace, target.gitEnv);
  let lastError = "";
  let attempts = 0;
  for (attempts = 1; attempts <= MAX_ATTEMPTS; attempts++) {
    let rejected = false;
    try {
      const parent = await checkoutHistory(repo, target.remote, target.branch, target.tree);
      await apply(target.tree);
      const worktree = new Git(target.tree, target.gitEnv);
      const commit = await commitWorktree(worktree, target, parent, message);
      await verifyCommitted(worktree, commit, expected);
      const pushed = await gitOutcome(
        target.tree,
        ["push", "--porcelain", target.remote, `${commit}:refs/heads/${target.branch}`],
        target.gitEnv
      );
      if (pushed.code === 0) return { pushed: true, attempts, commit, error: "" };
      const refused2 = pushed.stdout.split("\n").find((line) => line.startsWith("!")) ?? "";
      rejected = LOST_RACE.test(`${refused2}
${pushed.detail}`);
      lastError = [refused2.replace(/\s+/g, " ").trim(), pushed.detail].filter(Boolean).join(" | ");
    } catch (error) {
      lastError = errorMessage(error);
    }
    if (!rejected || attempts === MAX_ATTEMPTS) break;
    await new Promise((resolve) => setTimeout(resolve, jitteredDelay(attempts)));
  }
  return { pushed: false, attempts: Math.min(attempts, MAX_ATTEMPTS), error: lastError };
}

// src/store/site.ts
import { existsSync } from "node:fs";
import { cp, mkdir as mkdir3, readdir as readdir2 } from "node:fs/promises";
import path8 from "node:path";
import { fileURLToPath } from "node:url";

// src/store/tree-guard.ts
import { lstat as lstat2 } from "node:fs/promises";
import path7 from "node:path";
async function entryKind(full) {
  try {
    const stats = await lstat2(full);
    if (stats.isDirectory()) return "folder";
    if (stats.isFile()) return "file";
    return stats.isSymbolicLink() ? "a symbolic link" : "a special file";
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
function misplaced(kind, wanted) {
  if (kind === null || kind === wanted) return null;
  if (kind === "file") return "a file where loadgate keeps a folder";
  return kind === "folder" ? "a folder where loadgate writes a file" : kind;
}
async function refuseUnsafePaths(root, relatives, where) {
  const checked = /* @__PURE__ */ new Map();
  for (const relative2 of relatives) {
    const parts = relative2.split("/").filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const sub = parts.slice(0, i + 1).join("/");
      if (!checked.has(sub)) checked.set(sub, await entryKind(path7.join(root, ...parts.slice(0, i + 1))));
      const kind = checked.get(sub);
      const wanted = i < parts.length - 1 || relative2.endsWith("/") ? "folder" : "file";
      const found = misplaced(kind, wanted);
      if (kind === null) break;
      if (!found) continue;
      const shown = path7.posix.join(where.prefix ?? "", sub);
      throw new LoadgateError(
        `Refused to write to '${printable(where.branch, 100)}': its '${printable(shown, 300)}' is ${found}, and loadgate writes only through regular folders and files; remove it from that branch (git rm) and record again`
      );
    }
  }
}

// src/store/site.ts
var VENDOR = ["uPlot.iife.min.js", "uPlot.min.css"];
function locateSite() {
  const here = path8.dirname(fileURLToPath(import.meta.url));
  for (const bundled of [path8.join(here, "site"), path8.join(here, "..", "site")]) {
    if (existsSync(path8.join(bundled, "vendor", VENDOR[0]))) return { site: bundled, vendor: null };
  }
  for (let dir = here; dir !== path8.dirname(dir); dir = path8.dirname(dir)) {
    if (existsSync(path8.join(dir, "site", "index.html")) && existsSync(path8.join(dir, "package.json"))) {
      return { site: path8.join(dir, "site"), vendor: path8.join(dir, "node_modules", "uplot", "dist") };
    }
  }
  throw new LoadgateError("The dashboard files are missing from this installation of loadgate");
}
async function siteFiles() {
  const { site, vendor } = locateSite();
  const files = (await readdir2(site, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path8.relative(site, path8.join(entry.parentPath, entry.name)).split(path8.sep).join("/"));
  return vendor ? [...files, ...VENDOR.map((file) => `vendor/${file}`)] : files;
}
async function copySite(dest, where = { branch: "the history branch" }) {
  await refuseUnsafePaths(dest, await siteFiles(), where);
  const { site, vendor } = locateSite();
  await cp(site, dest, { recursive: true });
  if (vendor) {
    await mkdir3(path8.join(dest, "vendor"), { recursive: true });
    for (const file of VENDOR) await cp(path8.join(vendor, file), path8.join(dest, "vendor", file));
  }
}

// src/store/written-paths.ts
import { readdir as readdir3 } from "node:fs/promises";
import path9 from "node:path";
function benchmarkPaths(benchmark) {
  const dir = `data/${benchmark}`;
  return [
    `${dir}/runs/`,
    `${dir}/runs.json`,
    `${dir}/series/`,
    `${dir}/series.json`,
    `${dir}/calibration.json`
  ];
}
async function benchmarkFolders(root) {
  const entries = await readdir3(path9.join(root, "data"), { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && BENCHMARK_NAME.test(e.name)).map((e) => e.name);
}
async function refuseUnsafeDerived(root, where, more = []) {
  await refuseUnsafePaths(root, ["data/index.json", "badges/", ...await siteFiles(), ...more], where);
  const benchmarks = await benchmarkFolders(root);
  await refuseUnsafePaths(root, benchmarks.flatMap(benchmarkPaths), where);
}

// src/store/gh-pages.ts
async function rebuildDerived(root, findShifts2, retention = 0, warn = () => {
}, where = { branch: "the history branch" }) {
  await refuseUnsafeDerived(root, where);
  const dataDir = path10.join(root, "data");
  await mkdir4(dataDir, { recursive: true });
  const derived = [];
  for (const entry of await readdir4(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (!BENCHMARK_NAME.test(entry.name)) {
      warn(`Skipped the folder 'data/${printable(entry.name)}' on the history branch: not a benchmark name`);
      continue;
    }
    const records = await readRunFiles(path10.join(dataDir, entry.name, "runs"), root, warn);
    if (records.length === 0) continue;
    const files = buildDerived(entry.name, records, findShifts2, retention);
    derived.push(files);
    await writeDerived(path10.join(dataDir, entry.name), files);
  }
  await writeFile3(path10.join(dataDir, "index.json"), `${JSON.stringify(buildIndexFile(derived), null, 1)}
`);
  await writeBadges(
    root,
    derived.map((d) => ({ benchmark: d.runs.benchmark, state: d.badge }))
  );
  await copySite(root, where);
}
async function runsOfSameCommit(root, relative2) {
  const runs = path10.join(root, path10.dirname(path10.dirname(path10.dirname(relative2))));
  const sha7 = path10.basename(relative2).split("-").at(-2);
  const files = await readdir4(runs, { recursive: true }).catch(() => []);
  return files.filter(
    (f) => f.endsWith(".json") && !f.includes(".benchmark-action.") && path10.basename(f).split("-").at(-2) === sha7
  ).filter((f) => path10.join(runs, f) !== path10.join(root, relative2)).length;
}
async function applyRun(tree, options, relative2, warn) {
  const root = path10.join(tree, options.dataDir);
  const file = path10.join(root, relative2);
  const exports = benchmarkActionFiles(options.record);
  const where = { branch: options.branch, prefix: options.dataDir };
  const underRoot = [relative2, ...exports.map((e) => relative2.replace(/\.json$/, e.suffix))];
  await refuseUnsafePaths(
    tree,
    [".nojekyll", ...underRoot.map((p) => path10.posix.join(options.dataDir, p.split(path10.sep).join("/")))],
    { branch: options.branch }
  );
  await refuseUnsafeDerived(root, where, benchmarkPaths(options.record.benchmark));
  const earlier = await runsOfSameCommit(root, relative2);
  await mkdir4(path10.dirname(file), { recursive: true });
  await writeFile3(file, `${JSON.stringify(options.record)}
`, { flag: "wx" }).catch(
    async (error) => {
      if (error.code !== "EEXIST") throw error;
    }
  );
  for (const exported of exports) {
    await writeFile3(file.replace(/\.json$/, exported.suffix), `${JSON.stringify(exported.entries)}
`);
  }
  await rebuildDerived(root, options.findShifts, options.retention, warn, where);
  await writeFile3(path10.join(tree, ".nojekyll"), "");
  return earlier;
}
async function recordRun(options) {
  const remote = options.remote ?? "origin";
  const repo = new Git(options.workspace);
  const relative2 = path10.join("data", options.record.benchmark, "runs", runFileName(options.record));
  const branchPath = path10.posix.join(options.dataDir, relative2.split(path10.sep).join("/"));
  const scratch = await mkdtemp(path10.join(os.tmpdir(), "loadgate-pages-"));
  const tree = path10.join(scratch, "tree");
  const warned = /* @__PURE__ */ new Set();
  const warn = (message) => {
    if (!warned.has(message)) options.onWarning?.(message);
    warned.add(message);
  };
  try {
    const message = `loadgate: ${options.record.benchmark} ${options.record.meta.head.sha.slice(0, 7)} (${options.record.branch})`;
    let earlierRunsOfCommit = 0;
    const outcome = await commitToHistory(
      { ...options, remote, tree },
      message,
      async (checkout) => {
        earlierRunsOfCommit = await applyRun(checkout, options, relative2, warn);
      },
      [{ path: branchPath, content: `${JSON.stringify(options.record)}
` }]
    );
    const { attempts } = outcome;
    if (outcome.pushed)
      return { path: branchPath, pushed: true, attempts, commit: outcome.commit, earlierRunsOfCommit };
    await mkdir4(options.fallbackDir, { recursive: true });
    const fallbackFile = path10.join(options.fallbackDir, path10.basename(relative2));
    await writeFile3(fallbackFile, `${JSON.stringify(options.record)}
`);
    return {
      path: branchPath,
      pushed: false,
      attempts,
      fallbackFile,
      error: outcome.error,
      earlierRunsOfCommit
    };
  } finally {
    await removeCheckout(repo, tree);
    await rm4(scratch, { recursive: true, force: true });
  }
}

// src/store/history.ts
import { execFile } from "node:child_process";
import path13 from "node:path";

// src/store/history-file.ts
import { randomBytes } from "node:crypto";
import { lstat as lstat4, mkdir as mkdir6, readFile as readFile3, rename as rename2, rm as rm7, writeFile as writeFile5 } from "node:fs/promises";
import path12 from "node:path";

// src/model/calibration-file.ts
import { readFile as readFile2, stat as stat2 } from "node:fs/promises";

// src/model/results-file.ts
import { rename, rm as rm5, writeFile as writeFile4 } from "node:fs/promises";
async function writeJsonAtomic(file, document) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile4(temporary, `${JSON.stringify(document, null, 1)}
`);
    await rename(temporary, file);
  } catch (error) {
    await rm5(temporary, { force: true });
    const code = error.code;
    const reason = code === "ENOSPC" ? "the disk is full" : errorMessage(error);
    throw new LoadgateError(`Cannot write ${file}: ${reason}`);
  }
}
function writeResults(file, results) {
  return writeJsonAtomic(file, results);
}
async function readResults(file) {
  const text2 = await readArtifactText(file);
  let raw;
  try {
    raw = JSON.parse(text2);
  } catch (error) {
    throw new LoadgateError(`${file} is not a readable results file: ${errorMessage(error)}`);
  }
  return parseResults(file, raw);
}
function parseResults(file, raw) {
  checkTrialCount(file, raw);
  const parsed = resultsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new LoadgateError(`${file} is not a valid results file: ${firstIssue(parsed.error)}`);
  return parsed.data;
}

// src/model/calibration-file.ts
var MAX_CALIBRATION_BYTES = 2 * 1024 * 1024;
function writeCalibration(file, calibration) {
  return writeJsonAtomic(file, calibration);
}
function parseCalibration(text2) {
  if (text2.length > MAX_CALIBRATION_BYTES) return { reason: `over the ${MAX_CALIBRATION_BYTES}-byte limit` };
  let raw;
  try {
    raw = JSON.parse(text2);
  } catch (error) {
    return { reason: `not JSON (${errorMessage(error).split("\n")[0]})` };
  }
  const parsed = calibrationSchema.safeParse(raw);
  return parsed.success ? { calibration: parsed.data } : { reason: firstIssue(parsed.error) };
}
async function readCalibration(file, input) {
  let text2;
  try {
    if ((await stat2(file)).size > MAX_CALIBRATION_BYTES) throw new Error("the file is too large");
    text2 = await readFile2(file, "utf8");
  } catch (error) {
    throw new LoadgateError(
      `${input} is '${file}': expected a readable calibration.json (${errorMessage(error)})`
    );
  }
  const parsed = parseCalibration(text2);
  if ("reason" in parsed)
    throw new LoadgateError(`${input} is '${file}': not a valid loadgate calibration (${parsed.reason})`);
  return parsed.calibration;
}

// src/store/file-lock.ts
import { lstat as lstat3, mkdir as mkdir5, open as open2, rm as rm6 } from "node:fs/promises";
import os2 from "node:os";
import path11 from "node:path";
var STALE_MS = 10 * 60 * 1e3;
async function tryLock(lock) {
  try {
    const handle = await open2(lock, "wx", 384);
    await handle.writeFile(`${process.pid} ${os2.hostname()}
`);
    await handle.close();
    return true;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const age = await lstat3(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0
  );
  if (age > STALE_MS) await rm6(lock, { force: true });
  return false;
}
async function withFileLock(file, change, timeoutMs = 12e4) {
  const lock = `${file}.lock`;
  await mkdir5(path11.dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  while (!await tryLock(lock)) {
    if (Date.now() > deadline)
      throw new LoadgateError(
        `'${printable(lock, 300)}' has been held for over ${timeoutMs / 1e3} s: another writer is stuck; remove the lock file if no loadgate runs on this history, and record again`
      );
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 90));
  }
  try {
    return await change();
  } finally {
    await rm6(lock, { force: true });
  }
}

// src/store/history-file.ts
var FORMAT = "loadgate-history";
var MIB2 = 1024 * 1024;
function refused(file, why) {
  return new LoadgateError(
    `Input 'history-path' is '${printable(file, 300)}': ${why}, expected a history file loadgate wrote (nothing was read or written; move it away to start a new history)`
  );
}
async function readBenchmarks(file, caps) {
  const stats = await lstat4(file).catch((error) => {
    if (error.code === "ENOENT") return null;
    throw refused(file, `it cannot be read (${error.code ?? "error"})`);
  });
  const benchmarks = /* @__PURE__ */ Object.create(null);
  if (!stats) return benchmarks;
  if (!stats.isFile())
    throw refused(file, `it is ${stats.isSymbolicLink() ? "a symbolic link" : "not a regular file"}`);
  if (stats.size > caps.totalBytes)
    throw refused(
      file,
      `${(stats.size / MIB2).toFixed(0)} MiB is over the ${caps.totalBytes / MIB2} MiB read of a history`
    );
  let raw;
  try {
    raw = JSON.parse(await readFile3(file, "utf8"));
  } catch {
    throw refused(file, "it is not valid JSON");
  }
  const document = raw;
  const listed = document?.benchmarks;
  if (document?.format !== FORMAT || document.version !== 1 || !isPlainObject(listed))
    throw refused(file, `it is not a '${FORMAT}' document of version 1`);
  for (const [name, entry] of Object.entries(listed)) {
    if (!isPlainObject(entry) || !Array.isArray(entry.runs))
      throw refused(file, `its benchmark '${printable(name, 100)}' has no list of runs`);
    benchmarks[name] = entry;
  }
  return benchmarks;
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
async function writeBenchmarks(file, benchmarks, caps) {
  const text2 = `${JSON.stringify({ format: FORMAT, version: 1, benchmarks })}
`;
  if (Buffer.byteLength(text2) > caps.totalBytes)
    throw refused(file, `with this run it would be over the ${caps.totalBytes / MIB2} MiB read of a history`);
  await mkdir6(path12.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile5(temporary, text2, { flag: "wx" });
    await rename2(temporary, file);
  } finally {
    await rm7(temporary, { force: true });
  }
}
async function readFileHistory(file, benchmark, warn = () => {
}, caps = HISTORY_CAPS) {
  const benchmarks = await readBenchmarks(file, caps);
  const entries = Object.hasOwn(benchmarks, benchmark) ? benchmarks[benchmark].runs : [];
  const listed = entries.map((entry, index) => ({
    file: `${benchmark} run ${index + 1}`,
    size: Buffer.byteLength(JSON.stringify(entry) ?? ""),
    entry
  }));
  const records = [];
  for (const { file: name, entry } of withinCaps(listed, warn, caps)) {
    const parsed = parseRunValue(entry);
    if ("record" in parsed) records.push(parsed.record);
    else
      warn(
        `Skipped the stored '${printable(name)}' of the history file: ${printable(parsed.reason)} (it stays in the file; the history is built without it)`
      );
  }
  return records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt));
}
async function appendRunToFile(file, record, caps = HISTORY_CAPS) {
  return withFileLock(file, async () => {
    const benchmarks = await readBenchmarks(file, caps);
    const entry = Object.hasOwn(benchmarks, record.benchmark) ? benchmarks[record.benchmark] : { runs: [] };
    const sha = record.meta.head.sha;
    const earlier = entry.runs.filter((run2) => run2?.meta?.head?.sha === sha).length;
    entry.runs.push(record);
    benchmarks[record.benchmark] = entry;
    await writeBenchmarks(file, benchmarks, caps);
    return earlier;
  });
}
async function storeCalibrationInFile(file, calibration) {
  await withFileLock(file, async () => {
    const benchmarks = await readBenchmarks(file, HISTORY_CAPS);
    const name = calibration.benchmark;
    const entry = Object.hasOwn(benchmarks, name) ? benchmarks[name] : { runs: [] };
    benchmarks[name] = { ...entry, calibration };
    await writeBenchmarks(file, benchmarks, HISTORY_CAPS);
  });
}
async function readFileCalibration(file, benchmark, warn = () => {
}) {
  const benchmarks = await readBenchmarks(file, HISTORY_CAPS);
  const stored = Object.hasOwn(benchmarks, benchmark) ? benchmarks[benchmark].calibration : void 0;
  if (stored === void 0) return null;
  const parsed = parseCalibration(JSON.stringify(stored));
  const reason = "reason" in parsed ? parsed.reason : parsed.calibration.benchmark !== benchmark ? "another benchmark" : "";
  if (!reason && "calibration" in parsed) return parsed.calibration;
  warn(`Ignored the stored calibration of '${benchmark}' in the history file: ${printable(reason, 300)}`);
  return null;
}
async function checkHistoryFile(file) {
  await readBenchmarks(file, HISTORY_CAPS);
}

// src/store/history.ts
function readBlobs(cwd, ids, bytes) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["cat-file", "--batch"],
      { cwd, env: childEnv(), encoding: "buffer", maxBuffer: bytes + ids.length * 128 + 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const blobs = [];
        let offset = 0;
        for (let i = 0; i < ids.length && offset < stdout.length; i++) {
          const headerEnd = stdout.indexOf(10, offset);
          const size = Number(stdout.subarray(offset, headerEnd).toString("utf8").split(" ")[2]);
          blobs.push(stdout.subarray(headerEnd + 1, headerEnd + 1 + size));
          offset = headerEnd + 1 + size + 1;
        }
        resolve(blobs);
      }
    );
    child.stdin?.end(ids.map((id) => `${id}
`).join(""));
  });
}
async function readHistory(options) {
  if (options.file) return readFileHistory(options.file, options.benchmark, options.onWarning, options.caps);
  const remote = options.remote ?? "origin";
  const git = new Git(options.workspace, options.gitEnv);
  if (!await fetchBranch(git, remote, options.branch)) return [];
  const ref = remoteRef(remote, options.branch);
  const prefix = path13.posix.join(options.dataDir, "data", options.benchmark, "runs");
  const listing = await git.run(["ls-tree", "-r", "-l", "-z", ref, "--", prefix]);
  const listed = listing.split("\0").map((entry) => /^100644 blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry)).filter((match) => match !== null && isRunFileName(path13.posix.basename(match[3]))).map((match) => ({ id: match[1], size: Number(match[2]), file: match[3] }));
  const warn = options.onWarning ?? (() => {
  });
  const files = withinCaps(listed, warn, options.caps);
  if (files.length === 0) return [];
  const blobs = await readBlobs(
    options.workspace,
    files.map((f) => f.id),
    files.reduce((sum, f) => sum + f.size, 0)
  );
  const records = [];
  blobs.forEach((blob, index) => {
    const parsed = parseRunFile(blob.toString("utf8"));
    if ("record" in parsed) records.push(parsed.record);
    else options.onWarning?.(skippedMessage(files[index].file, parsed.reason));
  });
  return records.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt));
}

// src/store/history-repository.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os3 from "node:os";
import path14 from "node:path";
function historyRepositoryUrl(repository, serverUrl) {
  if (repository.kind === "url") return repository.url;
  return `${serverUrl.replace(/\/$/, "")}/${repository.repository}.git`;
}
function tokenEnv(url, token) {
  const parsed = URL.parse(url);
  if (!token || !parsed || !/^https?:$/.test(parsed.protocol)) return {};
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${parsed.origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: historyAuthorization(token)
  };
}
var opened = /* @__PURE__ */ new Map();
function scratchRepository(url) {
  const known = opened.get(url);
  if (known) return known;
  const dir = mkdtempSync(path14.join(os3.tmpdir(), "loadgate-history-"));
  const git = (...args) => execFileSync("git", args, { cwd: dir, env: childEnv(), stdio: ["ignore", "ignore", "pipe"] });
  git("init", "--quiet");
  git(
    "-c",
    "user.name=loadgate",
    "-c",
    "user.email=loadgate@localhost",
    "-c",
    "commit.gpgsign=false",
    "commit",
    "--quiet",
    "--allow-empty",
    "-m",
    "scratch"
  );
  git("remote", "add", "origin", url);
  if (opened.size === 0)
    process.once("exit", () => opened.forEach((d) => rmSync(d, { recursive: true, force: true })));
  opened.set(url, dir);
  return dir;
}
function openHistoryGit(workspace, repository, token, serverUrl = "https://github.com") {
  if (!repository) return { workspace, remote: "origin", gitEnv: {}, remoteLabel: "origin" };
  const url = historyRepositoryUrl(repository, serverUrl);
  return {
    workspace: scratchRepository(url),
    remote: "origin",
    gitEnv: tokenEnv(url, token),
    remoteLabel: repository.kind === "github" ? repository.repository : url
  };
}

// src/decide/profile-symbols.ts
var UNSYMBOLIZED_SHARE = 0.5;
function unnamedFile(frame) {
  if (isUnnamedJit(frame)) return "jit";
  const file = /^\[unknown\] \((.*)\)$/.exec(frame)?.[1];
  return file === void 0 ? null : file;
}
function chargedFrame(stack) {
  const frames2 = stack.split(";").filter(Boolean).slice(1);
  return frames2.filter((frame) => !frame.endsWith(KERNEL_FRAME)).at(-1) ?? null;
}
var RUNTIME_SIGNS = [
  // A process, a library, or a frame that only that runtime's own code has.
  ["jvm", /(^|;)java;|libjvm\.so|(^|;)(JavaThread|JavaCalls|CompileBroker|Interpreter)\b|(^|;)JVM_/],
  ["node", /(^|;)node;|\/node\)|(^|;)(node::|v8::|Builtins_)/],
  ["cpython", /(^|;)python[\d.]*;|\/(lib)?python3[\d.]*(\.so[\d.]*)?\)|(^|;)_?Py[A-Z]\w*_/]
];
function runtimeOf(stacks) {
  let best = null;
  for (const [runtime, sign] of RUNTIME_SIGNS) {
    const samples = stacks.filter(([stack]) => sign.test(stack)).reduce((sum, [, n]) => sum + n, 0);
    if (samples > 0 && (!best || samples > best.samples)) best = { runtime, samples };
  }
  return best?.runtime ?? null;
}
function unsymbolizedSamples(base, head) {
  const stacks = [...Object.entries(base.stacks), ...Object.entries(head.stacks)];
  const byFile = /* @__PURE__ */ new Map();
  let total = 0;
  for (const [stack, count2] of stacks) {
    total += count2;
    const frame = chargedFrame(stack);
    const file2 = frame === null ? null : unnamedFile(frame);
    if (file2 !== null) byFile.set(file2, (byFile.get(file2) ?? 0) + count2);
  }
  const unnamed = [...byFile.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0 || unnamed / total < UNSYMBOLIZED_SHARE) return null;
  const [file] = [...byFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const runtime = runtimeOf(stacks);
  const share = Number((unnamed / total).toFixed(3));
  if (file === "jit") return { share, file, runtime: runtime ?? "jit" };
  if (/\/(lib)?python[\d.]*(\.so[\d.]*)?$/.test(file)) return { share, file, runtime: "cpython" };
  if (/libjvm\.so$/.test(file)) return { share, file, runtime: "jvm" };
  if (file === "[unknown]" || file === "unknown") return { share, file, runtime: runtime ?? "unmapped" };
  return { share, file, runtime: runtime === "cpython" ? "cpython" : "binary" };
}

// src/decide/profile-diff.ts
var TABLE_ROWS = 10;
var MIN_FLAME_SHARE = 5e-3;
var MAX_FLAME_DEPTH = 60;
function perRequest(samples, hz, requests) {
  return requests > 0 ? samples / hz / requests * 1e6 : 0;
}
function frames(stack) {
  return stack.split(";").filter(Boolean).map((frame) => isUnnamedJit(frame) ? UNNAMED_JIT_FRAME : frame);
}
var SWITCHING_FRAME = /^(__schedule|schedule|finish_task_switch|try_to_wake_up)(\.|$)/;
function isSwitching(names) {
  return names.some(
    (name) => name.endsWith(KERNEL_FRAME) && SWITCHING_FRAME.test(name.slice(0, -KERNEL_FRAME.length))
  );
}
function functionSamples(profile) {
  const byName = /* @__PURE__ */ new Map();
  const entry = (name) => byName.get(name) ?? byName.set(name, { self: 0, total: 0 }).get(name);
  let switching = 0;
  let unnamedJit = 0;
  for (const [stack, count2] of Object.entries(profile.stacks)) {
    const all = frames(stack);
    if (isSwitching(all)) {
      switching += count2;
      continue;
    }
    const names = all.filter((name) => !name.endsWith(KERNEL_FRAME));
    for (const name of new Set(names)) if (!isUnnamedJit(name)) entry(name).total += count2;
    const leaf = names.at(-1);
    if (leaf && isUnnamedJit(leaf)) unnamedJit += count2;
    else if (leaf) entry(leaf).self += count2;
  }
  return { byName, switching, unnamedJit };
}
function flameTree(base, head, scale) {
  const root = { name: "all", head: 0, base: 0, children: [] };
  const add = (profile, arm) => {
    for (const [stack, count2] of Object.entries(profile.stacks)) {
      const value = count2 * scale[arm];
      let node = root;
      node[arm] += value;
      for (const name of frames(stack).slice(0, MAX_FLAME_DEPTH)) {
        let child = node.children.find((c) => c.name === name);
        if (!child) node.children.push(child = { name, head: 0, base: 0, children: [] });
        child[arm] += value;
        node = child;
      }
    }
  };
  add(base, "base");
  add(head, "head");
  const floor = Math.max(root.head, root.base) * MIN_FLAME_SHARE;
  const prune = (node) => ({
    ...node,
    head: round3(node.head),
    base: round3(node.base),
    children: node.children.filter((c) => Math.max(c.head, c.base) >= floor).sort((a, b) => a.name.localeCompare(b.name)).map(prune)
  });
  return prune(root);
}
function round3(value) {
  return Number(value.toPrecision(4));
}
function diffProfiles(recording) {
  const empty = {
    functions: [],
    totalBase: 0,
    totalHead: 0,
    samples: { base: 0, head: 0 },
    requests: { base: 0, head: 0 }
  };
  if (!recording.arms) return { ...empty, unavailable: recording.unavailable ?? "no profile was recorded" };
  const { base, head } = recording.arms;
  if (base.requests === 0 || head.requests === 0 || base.samples === 0 || head.samples === 0)
    return { ...empty, unavailable: "a profiling trial served no request or took no sample" };
  const scale = {
    base: perRequest(1, recording.hz, base.requests),
    head: perRequest(1, recording.hz, head.requests)
  };
  const { byName: inBase, switching: switchingBase, unnamedJit: unnamedBase } = functionSamples(base);
  const { byName: inHead, switching: switchingHead, unnamedJit: unnamedHead } = functionSamples(head);
  const names = /* @__PURE__ */ new Set([...inBase.keys(), ...inHead.keys()]);
  const functions = [...names].map((name) => ({
    name,
    selfBase: round3((inBase.get(name)?.self ?? 0) * scale.base),
    selfHead: round3((inHead.get(name)?.self ?? 0) * scale.head),
    totalBase: round3((inBase.get(name)?.total ?? 0) * scale.base),
    totalHead: round3((inHead.get(name)?.total ?? 0) * scale.head)
  }));
  const totals = {
    totalBase: round3(base.samples * scale.base),
    totalHead: round3(head.samples * scale.head),
    samples: { base: base.samples, head: head.samples }
  };
  const growth = (f) => sureGrowth(totals, f.selfBase, f.selfHead);
  functions.sort((a, b) => growth(b) - growth(a) || a.name.localeCompare(b.name));
  const unsymbolized = unsymbolizedSamples(base, head);
  return {
    functions: functions.slice(0, TABLE_ROWS),
    ...totals,
    requests: { base: base.requests, head: head.requests },
    switching: { base: round3(switchingBase * scale.base), head: round3(switchingHead * scale.head) },
    ...unnamedBase + unnamedHead > 0 && {
      unnamedJit: { base: round3(unnamedBase * scale.base), head: round3(unnamedHead * scale.head) }
    },
    ...unsymbolized && { unsymbolized },
    flame: flameTree(base, head, scale)
  };
}

// src/decide/classify.ts
function fromAnalysis(t, value) {
  return t.absolute ? value : Math.expm1(value);
}
function classify(t, stats, adjusted, family, alpha, finalLook) {
  const margin = analysisMargin(t);
  const half = analysisMargin(t, 1 / 2);
  const bad = t.direction === "lower" ? 1 : -1;
  const est = bad * stats.estimate;
  const lowBad = Math.min(bad * stats.low, bad * stats.high);
  const highBad = Math.max(bad * stats.low, bad * stats.high);
  const worse = adjusted.bad <= alpha;
  const better = adjusted.good <= alpha;
  const change = (value) => formatChange(fromAnalysis(t, bad * value), t.absolute);
  if (better && est < -margin && highBad < 0) return { verdict: "IMPROVEMENT" };
  if (highBad < margin || margin === 0 && highBad <= 0)
    return withinDelta(est, lowBad, highBad, half, change);
  if (worse) return { verdict: "REGRESSION" };
  if (margin === 0 && finalLook && Number.isFinite(highBad))
    return {
      verdict: "INCONCLUSIVE",
      note: `\u03B4 0: not worse beyond doubt, yet can't rule out ${change(highBad)}`
    };
  const needed = minimumPairs(alpha);
  if (stats.n < needed) {
    return {
      verdict: "INCONCLUSIVE",
      note: `${stats.n} pairs can never be significant at \u03B1 ${formatAlpha(alpha)}: at least ${needed} are needed`
    };
  }
  const overHalf = lowBad > half && adjusted.worse <= alpha;
  if (est >= analysisMargin(t, 3 / 4) && overHalf && Number.isFinite(highBad)) {
    const rounds = roundsToShow(stats, est - half, alpha);
    return {
      verdict: "LIKELY_OVER_DELTA",
      note: `likely over \u03B4: ${change(est)} as estimated, beyond \u03B4/2 on its own, not once corrected for ${family} gated metrics \u2014 ${rounds} rounds or more would show it (from this estimate, which its selection overstates)`,
      roundsToDecide: rounds
    };
  }
  if (!Number.isFinite(highBad))
    return { verdict: "INCONCLUSIVE", note: "the interval is unbounded: more rounds are needed" };
  return { verdict: "INCONCLUSIVE", note: `can't rule out ${change(highBad)}` };
}
function withinDelta(est, lowBad, highBad, half, change) {
  if (lowBad > 0 && est >= half)
    return { verdict: "NO_CHANGE", note: `worse by ${change(est)}, but a change of \u03B4 is ruled out` };
  if (highBad < 0)
    return { verdict: "NO_CHANGE", note: `better by ${change(est).replace(/^[−+]/, "")}: no regression` };
  return { verdict: "NO_CHANGE" };
}
function roundsToShow(stats, shift, alpha) {
  const z2 = normalQuantile(1 - (1 - stats.level) / 2);
  const sigma = Math.sqrt(stats.n) * (stats.high - stats.low) / (2 * z2);
  return roundsForMargin(sigma, Math.max(shift, 1e-9), alpha);
}

// src/decide/target.ts
function meets(comparator, value, limit) {
  if (comparator === "<") return value < limit;
  if (comparator === "<=") return value <= limit;
  if (comparator === ">") return value > limit;
  return value >= limit;
}
function checkTarget(t, head, base, sideAlpha) {
  if (!t.target) return void 0;
  if (head.length === 0) return { ...t.target, actual: null, pass: null };
  const { comparator, value } = t.target;
  const { low, high } = medianInterval(head, sideAlpha);
  const lowerIsGood = comparator === "<" || comparator === "<=";
  const good = lowerIsGood ? low : high;
  const bad = lowerIsGood ? high : low;
  const missed = good !== null && !meets(comparator, good, value);
  const met = bad !== null && meets(comparator, bad, value);
  const baseMedian = median(base);
  return {
    ...t.target,
    actual: median(head),
    pass: missed ? false : met ? true : null,
    low,
    high,
    ...baseMedian !== null ? { baseMisses: !meets(comparator, baseMedian, value) } : {}
  };
}
function withTarget(result, m) {
  const t = m.target;
  if (!t || t.actual === null) return result;
  const unit = unitOf(m.metric);
  const value = (v2) => v2 == null ? "?" : formatValue(unit, v2);
  const also = (note2) => result.note ? `${result.note}; ${note2}` : note2;
  const lowerIsGood = t.comparator === "<" || t.comparator === "<=";
  if (t.pass === false) {
    const bound = `${lowerIsGood ? "at least" : "at most"} ${value(lowerIsGood ? t.low : t.high)}`;
    const base = t.baseMisses ? "; the base misses it too" : "";
    const note2 = `misses the target ${t.source}: head ${value(t.actual)}, ${bound} beyond doubt${base}`;
    return result.verdict === "REGRESSION" ? { ...result, note: also(note2) } : { verdict: "TARGET_MISSED", note: also(note2) };
  }
  if (t.pass === null && (result.verdict === "NO_CHANGE" || result.verdict === "IMPROVEMENT")) {
    return {
      verdict: "INCONCLUSIVE",
      note: also(
        `target ${t.source} neither met nor missed beyond doubt: head ${value(t.actual)} [${value(t.low)}, ${value(t.high)}]`
      )
    };
  }
  return result;
}

// src/decide/services.ts
function serviceComparisons(results) {
  const out = [];
  for (const arm of ["base", "head"]) {
    const trials = validTrials(results, arm);
    const services = [...new Set(trials.flatMap((t) => t.resources.map((r) => r.service)))].sort();
    for (const service of services) {
      const perRequest2 = [];
      const memory = [];
      let restarts = 0;
      for (const trial of trials) {
        const resource = trial.resources.find((r) => r.service === service);
        if (!resource) continue;
        restarts += resource.restarts;
        const requests = requestSeries(trial).reduce((n, s) => n + s.requests, 0);
        if (resource.cpuSeconds !== null && requests > 0) perRequest2.push(resource.cpuSeconds / requests);
        if (resource.peakMemoryBytes !== null) memory.push(resource.peakMemoryBytes);
      }
      out.push({
        service,
        arm,
        cpuSecondsPerRequest: median(perRequest2),
        peakMemoryBytes: median(memory),
        restarts
      });
    }
  }
  return out;
}

// src/decide/stats/binomial.ts
function solve(increasing, target) {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (increasing(mid) < target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
function rateBounds(counts, alpha) {
  const { failed, requests } = counts;
  if (requests <= 0) return { low: 0, high: 1 };
  const k = Math.min(Math.max(0, Math.round(failed)), requests);
  const high = k >= requests ? 1 : solve((p) => incompleteBeta(p, k + 1, requests - k), 1 - alpha);
  const low = k <= 0 ? 0 : solve((p) => incompleteBeta(p, k, requests - k + 1), alpha);
  return { low, high };
}
function rateChangeBounds(base, head, alpha) {
  const b = rateBounds(base, alpha / 2);
  const h = rateBounds(head, alpha / 2);
  return { low: h.low - b.high, high: h.high - b.low };
}

// src/decide/stats/sign-flip.ts
var EXACT_ROUNDS = 15;
var SAMPLED_VECTORS = 2 ** EXACT_ROUNDS;
var SAMPLE_SEED = 24301;
var vectorCache = /* @__PURE__ */ new Map();
function signVectors(rounds) {
  const cached = vectorCache.get(rounds);
  if (cached) return cached;
  const exact = rounds <= EXACT_ROUNDS;
  const count2 = exact ? 2 ** rounds : SAMPLED_VECTORS;
  const signs = new Int8Array(count2 * rounds);
  const random = seededRandom(SAMPLE_SEED + rounds);
  for (let v2 = 0; v2 < count2; v2++) {
    for (let r = 0; r < rounds; r++) {
      const flip = v2 === 0 ? false : exact ? (v2 >>> r & 1) === 1 : random() < 0.5;
      signs[v2 * rounds + r] = flip ? -1 : 1;
    }
  }
  const vectors = { rounds, count: count2, signs };
  vectorCache.set(rounds, vectors);
  return vectors;
}
function flippedMeans(values, vectors) {
  const means = new Float64Array(vectors.count);
  const n = values.length;
  for (let v2 = 0; v2 < vectors.count; v2++) {
    let sum = 0;
    let flipped = 0;
    for (let r = 0; r < n; r++) {
      if (vectors.signs[v2 * vectors.rounds + r] === -1) {
        sum += values[r];
        flipped++;
      }
    }
    means[v2] = flipped === 0 ? Number.NaN : sum / flipped;
  }
  return means;
}
function signFlipInterval(differences, alpha) {
  const n = differences.length;
  if (n === 0) {
    return {
      estimate: Number.NaN,
      low: -Infinity,
      high: Infinity,
      level: 1 - 2 * alpha,
      pGreater: 1,
      pLess: 1,
      p: 1,
      n
    };
  }
  const vectors = signVectors(n);
  const means = flippedMeans(differences, vectors);
  const tie = 1e-9 * Math.max(0, ...differences.map(Math.abs));
  let unchanged = 0;
  let atMostZero = 0;
  let atLeastZero = 0;
  let size = 0;
  for (let v2 = 0; v2 < means.length; v2++) {
    const m = means[v2];
    if (Number.isNaN(m)) {
      unchanged++;
      continue;
    }
    if (m <= tie) atMostZero++;
    if (m >= -tie) atLeastZero++;
    means[size++] = m;
  }
  const typical = means.subarray(0, size);
  const count2 = vectors.count;
  const pGreater = (unchanged + atMostZero) / count2;
  const pLess = (unchanged + atLeastZero) / count2;
  const allowed = Math.floor(alpha * count2 + 1e-9) - unchanged;
  const bounded = allowed >= 0 && allowed < size;
  const low = bounded ? select(typical, allowed) : -Infinity;
  const high = bounded ? select(typical, size - 1 - allowed) : Infinity;
  const estimate = differences.reduce((s, d) => s + d, 0) / n;
  return {
    estimate,
    low,
    high,
    level: 1 - 2 * alpha,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n
  };
}
function select(values, k) {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[lo + hi >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

// src/decide/stats/signed-rank.ts
var distributionCache = /* @__PURE__ */ new Map();
function signedRankCdf(n) {
  const cached = distributionCache.get(n);
  if (cached) return cached;
  const total = n * (n + 1) / 2;
  let mass = new Float64Array(total + 1);
  mass[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    const next = new Float64Array(total + 1);
    const reached = (rank - 1) * rank / 2;
    for (let w2 = 0; w2 <= reached; w2++) {
      next[w2] += mass[w2] / 2;
      next[w2 + rank] += mass[w2] / 2;
    }
    mass = next;
  }
  for (let w2 = 1; w2 <= total; w2++) mass[w2] += mass[w2 - 1];
  distributionCache.set(n, mass);
  return mass;
}
function walshAverages(differences) {
  const n = differences.length;
  const averages = new Float64Array(n * (n + 1) / 2);
  let k = 0;
  for (let i = 0; i < n; i++)
    for (let j = i; j < n; j++) averages[k++] = (differences[i] + differences[j]) / 2;
  return averages.sort();
}
function signedRankInterval(differences, alpha) {
  const n = differences.length;
  const level2 = 1 - 2 * alpha;
  if (n === 0)
    return { estimate: Number.NaN, low: -Infinity, high: Infinity, level: level2, pGreater: 1, pLess: 1, p: 1, n };
  const averages = walshAverages(differences);
  const count2 = averages.length;
  const cdf = signedRankCdf(n);
  let k = 0;
  while (k < count2 && cdf[k] <= alpha * (1 + 1e-12)) k++;
  const bounded = k > 0 && k - 1 <= count2 - k;
  const low = bounded ? averages[k - 1] : -Infinity;
  const high = bounded ? averages[count2 - k] : Infinity;
  const middle = count2 >> 1;
  const estimate = count2 % 2 ? averages[middle] : (averages[middle - 1] + averages[middle]) / 2;
  let above = 0;
  let below = 0;
  for (const a of averages) {
    if (a > 0) above++;
    else if (a < 0) below++;
  }
  const pGreater = above === 0 ? 1 : cdf[count2 - above];
  const pLess = below === 0 ? 1 : cdf[count2 - below];
  return { estimate, low, high, level: level2, pGreater, pLess, p: Math.min(1, 2 * Math.min(pGreater, pLess)), n };
}
var SIZING_ALPHA = 0.1;
function signedRankSigma(differences) {
  const { low, high, n } = signedRankInterval(differences, SIZING_ALPHA);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
  return Math.sqrt(n) * (high - low) / (2 * normalQuantile(1 - SIZING_ALPHA));
}

// src/decide/paired-test.ts
function pairedInterval(differences, absolute, alpha, counts) {
  if (!absolute) return signedRankInterval(differences, alpha);
  const flips = signFlipInterval(differences, alpha);
  if (!counts || differences.length === 0) return flips;
  const exact = rateChangeBounds(counts.base, counts.head, alpha);
  return { ...flips, high: Math.max(flips.high, exact.high) };
}
var CLIP_FACTOR = 2;
function familyScores(values, absolute) {
  const sizes = values.filter((v2) => v2 !== null).map(Math.abs);
  const typical = median(sizes);
  if (absolute || !typical) return [...values];
  const limit = CLIP_FACTOR * typical;
  return values.map((v2) => v2 === null ? null : Math.max(-limit, Math.min(limit, v2)));
}

// src/decide/stats/max-t.ts
function maxTAdjusted(byRound) {
  const rounds = Math.max(0, ...byRound.map((m) => m.length));
  const all = byRound.map((values, index) => ({ index, ...moments(values) })).filter((m) => m.n >= 2);
  const constant = (m) => m.squares - m.sum * m.sum / m.n <= 1e-12 * m.squares;
  const testable = all.filter((m) => !constant(m));
  const adjusted = byRound.map(() => 1);
  for (const m of all) if (constant(m) && m.sum > 0) adjusted[m.index] = 2 ** -m.n;
  if (testable.length === 0 || rounds === 0) return adjusted;
  const observed = testable.map((m) => studentized(m.sum, m.squares, m.n));
  const order = testable.map((_2, i) => i).sort((a, b) => observed[b] - observed[a]);
  const vectors = signVectors(rounds);
  const k = order.length;
  const rows = new Float64Array(k * rounds);
  order.forEach((metric, position) => {
    testable[metric].values.forEach((x2, r) => {
      if (x2 !== null) rows[position * rounds + r] = x2;
    });
  });
  const targets = Float64Array.from(order, (metric) => observed[metric] - 1e-9 * Math.abs(observed[metric]));
  const squares = Float64Array.from(order, (metric) => testable[metric].squares);
  const counts = Float64Array.from(order, (metric) => testable[metric].n);
  const exceed = new Float64Array(k);
  const flipped = new Float64Array(k);
  const signs = vectors.signs;
  for (let v2 = 0; v2 < vectors.count; v2++) {
    const offset = v2 * rounds;
    for (let position = 0; position < k; position++) {
      let sum = 0;
      const row = position * rounds;
      for (let r = 0; r < rounds; r++) sum += signs[offset + r] * rows[row + r];
      flipped[position] = studentized(sum, squares[position], counts[position]);
    }
    let suffixMax = -Infinity;
    for (let position = k - 1; position >= 0; position--) {
      if (flipped[position] > suffixMax) suffixMax = flipped[position];
      if (suffixMax >= targets[position]) exceed[position]++;
    }
  }
  let running = 0;
  order.forEach((metric, position) => {
    running = Math.max(running, exceed[position] / vectors.count);
    adjusted[testable[metric].index] = running;
  });
  return adjusted;
}
function moments(values) {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const x2 of values) {
    if (x2 === null) continue;
    n++;
    sum += x2;
    squares += x2 * x2;
  }
  return { values, n, sum, squares };
}
function studentized(sum, squares, n) {
  const mean3 = sum / n;
  const variance = Math.max((squares - sum * mean3) / (n - 1), squares * 1e-12);
  return mean3 / Math.sqrt(variance / n);
}

// src/decide/disturbance.ts
var SATURATED_CPU_BUSY = 0.95;
var DISTURBED_DIFFERENCE = 0.1;
var SHOWN_DIFFERENCE = 0.05;
function besideTheRun(trial) {
  const busy = trial.hostCpuBusy;
  const stolen = trial.hostCpuStolen;
  return {
    foreignCpu: trial.foreignCpu ?? null,
    stealOfBusy: busy !== void 0 && stolen !== void 0 && busy > 0 ? Math.min(1, stolen / busy) : null,
    saturated: (busy ?? 0) >= SATURATED_CPU_BUSY
  };
}
function besideGaps(a, b) {
  const gap = (x2, y2) => x2 === null || y2 === null ? null : Math.abs(x2 - y2);
  return {
    foreign: a.saturated && b.saturated ? null : gap(a.foreignCpu, b.foreignCpu),
    steal: gap(a.stealOfBusy, b.stealOfBusy)
  };
}
function besideDifference(a, b) {
  const { foreign, steal } = besideGaps(a, b);
  if (foreign === null && steal === null) return null;
  return Math.round(Math.max(foreign ?? 0, steal ?? 0) * 1e3) / 1e3;
}
var armBeside = (t) => ({
  ...t.foreignCpu !== void 0 ? { foreignCpu: t.foreignCpu } : {},
  ...t.hostCpuStolen !== void 0 ? { stolen: t.hostCpuStolen } : {}
});
function lastTrials(trials, arm) {
  const last = /* @__PURE__ */ new Map();
  for (const t of trials) {
    if (t.phase !== "measure" || t.arm !== arm) continue;
    last.set(t.round, { trial: t, count: (last.get(t.round)?.count ?? 0) + 1 });
  }
  return last;
}
function roundDisturbances(trials) {
  const base = lastTrials(trials, "base");
  const head = lastTrials(trials, "head");
  const rounds = [];
  for (const [round5, b] of [...base].sort((x2, y2) => x2[0] - y2[0])) {
    const h = head.get(round5);
    if (!h) continue;
    const difference = besideDifference(besideTheRun(b.trial), besideTheRun(h.trial));
    if (difference === null) continue;
    rounds.push({
      round: round5,
      base: armBeside(b.trial),
      head: armBeside(h.trial),
      difference,
      disturbed: difference >= DISTURBED_DIFFERENCE,
      repeats: Math.max(b.count, h.count) - 1
    });
  }
  return rounds;
}
function repeatedRounds(trials) {
  const pairs = /* @__PURE__ */ new Map();
  for (const t of trials) {
    if (t.phase !== "measure" || !t.superseded) continue;
    const key = `${t.round}:${t.repeat ?? 0}`;
    pairs.set(key, { ...pairs.get(key), [t.arm]: t });
  }
  return [...pairs.values()].flatMap(({ base, head }) => {
    if (!base || !head) return [];
    const { foreign, steal } = besideGaps(besideTheRun(base), besideTheRun(head));
    const by = (steal ?? 0) > (foreign ?? 0) ? "steal" : "foreign";
    return [{ round: base.round, base: armBeside(base), head: armBeside(head), by }];
  }).sort((a, b) => a.round - b.round);
}
function isDisturbed(trials, round5) {
  const pair = trials.filter((t) => t.round === round5);
  return roundDisturbances(pair).some((r) => r.disturbed);
}
var DEFAULT_REPEAT_BOUNDS = { perRound: 1, perRun: 3 };
function repeatPolicy(bounds = DEFAULT_REPEAT_BOUNDS) {
  const repeats = /* @__PURE__ */ new Map();
  const exhausted = [];
  let total = 0;
  return {
    repeats,
    exhausted,
    get total() {
      return total;
    },
    measureAgain(round5, trials) {
      if (!isDisturbed(trials, round5)) return false;
      const done = repeats.get(round5) ?? 0;
      if (done >= bounds.perRound || total >= bounds.perRun) {
        if (!exhausted.includes(round5)) exhausted.push(round5);
        return false;
      }
      repeats.set(round5, done + 1);
      total++;
      return true;
    }
  };
}

// src/decide/runner-load.ts
var STOLEN_NOTE = 0.05;
var BUSY_NOTE = 0.25;
var round32 = (x2) => Math.round(x2 * 1e3) / 1e3;
var mean = (xs) => xs.length ? round32(xs.reduce((a, b) => a + b, 0) / xs.length) : 0;
function runnerLoad(results) {
  const trials = everyMeasured(results);
  const roundsWhere = (hit) => [...new Set(trials.filter(hit).map((t) => t.round))].sort((a, b) => a - b);
  const saturatedRounds = roundsWhere((t) => (t.hostCpuBusy ?? 0) >= SATURATED_CPU_BUSY);
  const stolenRounds = roundsWhere((t) => (t.hostCpuStolen ?? 0) >= STOLEN_NOTE);
  const busyRounds = roundsWhere((t) => (t.foreignCpu ?? 0) >= BUSY_NOTE);
  const differing = roundDisturbances(trials).filter((r) => r.difference >= SHOWN_DIFFERENCE);
  const repeated = repeatedRounds(trials);
  const exhausted = results.repeats?.exhausted ?? [];
  const lists = [saturatedRounds, stolenRounds, busyRounds, differing, repeated, exhausted];
  if (!lists.some((list) => list.length)) return void 0;
  const stolen = trials.flatMap((t) => t.hostCpuStolen === void 0 ? [] : [t.hostCpuStolen]);
  const foreign = trials.flatMap((t) => t.foreignCpu === void 0 ? [] : [t.foreignCpu]);
  return {
    saturatedRounds,
    maxCpuBusy: Math.max(0, ...trials.map((t) => t.hostCpuBusy ?? 0)),
    stolenRounds,
    maxStolen: Math.max(0, ...stolen),
    meanStolen: mean(stolen),
    ...foreign.length ? { maxForeign: Math.max(...foreign), meanForeign: mean(foreign) } : {},
    ...busyRounds.length ? { busyRounds } : {},
    ...differing.length ? {
      differingRounds: differing.map(({ round: round5, base, head, disturbed, repeats }) => ({
        round: round5,
        base,
        head,
        disturbed,
        ...repeats ? { repeats } : {}
      }))
    } : {},
    ...repeatsSeen(results, repeated, exhausted)
  };
}
function repeatsSeen(results, repeated, exhausted) {
  if (!repeated.length && !exhausted.length) return {};
  return {
    ...repeated.length ? { repeatedRounds: repeated } : {},
    ...results.repeats ? { repeatsPerRun: results.repeats.perRun } : {},
    ...exhausted.length ? { exhaustedRounds: exhausted } : {}
  };
}

// src/decide/validity.ts
function findInvalidReasons(results) {
  const reasons = [];
  const arms = [...new Set(measured(results).map((t) => t.arm))];
  if (results.error)
    reasons.push({ arm: "both", kind: "trial-failed", message: results.error.slice(0, 1e3) });
  else if (arms.length === 0) reasons.push({ arm: "both", kind: "no-data", message: "no trial was measured" });
  for (const arm of arms) {
    const trials = measured(results, arm);
    const failedTrials = trials.filter((t) => !t.valid);
    for (const trial of failedTrials) {
      const container = trial.resources.some((r) => r.disrupted);
      reasons.push({
        arm,
        kind: container ? "container" : "trial-failed",
        message: `${arm} trial of round ${trial.round} failed: ${trial.invalidReason ?? "unknown reason"}`
      });
    }
    const requests = trials.flatMap(requestSeries).reduce((n, s) => n + s.requests, 0);
    const failed = trials.flatMap(requestSeries).reduce((n, s) => n + s.failed, 0);
    const rate = requests ? failed / requests : 0;
    if (requests === 0 && failedTrials.length < trials.length) {
      reasons.push({ arm, kind: "no-data", message: `${arm} made no HTTP requests` });
    } else if (rate > results.settings.maxErrorRate) {
      const codes = /* @__PURE__ */ new Map();
      for (const s of trials.flatMap(requestSeries)) {
        for (const [code, count2] of Object.entries(s.statusCodes)) {
          if (!/^[23]/.test(code)) codes.set(code, (codes.get(code) ?? 0) + count2);
        }
      }
      const top = [...codes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      const codeText = top.map(([c, n]) => c === "0" ? `no response \xD7${n}` : `HTTP ${c} \xD7${n}`).join(", ");
      reasons.push({
        arm,
        kind: "error-rate",
        message: `${arm} returned ${(rate * 100).toFixed(1)}% errors${codeText ? ` (${codeText})` : ""}, above the ${(results.settings.maxErrorRate * 100).toFixed(1)}% limit`
      });
    }
    const iterations = trials.reduce((n, t) => n + t.iterations, 0);
    const dropped = trials.reduce((n, t) => n + t.droppedIterations, 0);
    const droppedRate = iterations + dropped > 0 ? dropped / (iterations + dropped) : 0;
    if (droppedRate > results.settings.maxDroppedRate) {
      reasons.push({
        arm,
        kind: "dropped-iterations",
        message: `${arm} dropped ${(droppedRate * 100).toFixed(1)}% of k6 iterations (the load generator could not keep the rate)`
      });
    }
  }
  return reasons;
}

// src/decide/calibration-tails.ts
var TAILS = /* @__PURE__ */ new Set(["p90", "p95", "p99"]);
function roundsNeeded(kept, alpha, at2) {
  const power = settlingPower(kept.map((row) => row.sigma));
  return kept.map((row) => roundsForMargin(row[at2] ?? row.sigma, analysisMargin(row), alpha, power));
}
function tailRelief(c) {
  const kept = c.rows.map((row, index) => ({ row, index }));
  const informational = [];
  for (; ; ) {
    const rows = kept.map((k) => k.row);
    const needed = roundsNeeded(rows, c.alpha, "typicalSigma");
    const most = Math.max(...needed);
    const costliest = needed.indexOf(most);
    if (most <= c.minRounds || !TAILS.has(kept[costliest].row.metric) || kept.length === 1) {
      if (informational.length === 0) return null;
      const last = Math.max(...roundsNeeded(rows, c.alpha, "planSigma"));
      return { informational, roundsNeeded: most, ...roundsPlan(most, c, last) };
    }
    informational.push(kept[costliest].index);
    kept.splice(costliest, 1);
  }
}

// src/decide/stats/chi-square.ts
function chiSquareQuantile(p, df) {
  if (!(df > 0)) return Number.NaN;
  const spread3 = 2 / (9 * df);
  const cube = 1 - spread3 + normalQuantile(p) * Math.sqrt(spread3);
  return df * Math.max(0, cube) ** 3;
}

// src/decide/noise-history.ts
var PLAN_QUANTILE = 0.85;
var FAR_ABOVE_QUANTILE = 0.95;
var MIN_STORED_SESSIONS = 3;
var EFFICIENCY = { "signed-rank": 0.7, mad: 0.37, sd: 1 };
function logSigmaVariance(estimate) {
  return 1 / (2 * effectiveDf(estimate));
}
function effectiveDf(estimate) {
  const method = estimate.sigmaMethod ?? (estimate.absolute ? "mad" : "signed-rank");
  return Math.max(1, (estimate.rounds - 1) * EFFICIENCY[method]);
}
function sigmaUpperBound(estimate, confidence = PLAN_QUANTILE) {
  const df = effectiveDf(estimate);
  return estimate.sigma * Math.sqrt(df / chiSquareQuantile(1 - confidence, df));
}
function randomEffects(estimates) {
  const logs = estimates.map((e) => Math.log(e.sigma));
  const k = logs.length;
  const mean3 = logs.reduce((sum, y2) => sum + y2, 0) / k;
  const spread3 = logs.reduce((sum, y2) => sum + (y2 - mean3) ** 2, 0) / Math.max(1, k - 1);
  const within2 = estimates.reduce((sum, e) => sum + logSigmaVariance(e), 0) / k;
  const between = Math.max(0, spread3 - within2);
  return { mean: mean3, between, meanVariance: (between + within2) / k, sessions: k };
}
function predictiveQuantile(fit, within2, q2) {
  const sd = Math.sqrt(fit.between + within2 + fit.meanVariance);
  return Math.exp(fit.mean + studentTQuantile(q2, Math.max(1, fit.sessions - 1)) * sd);
}
function planSigmas(row, stored) {
  const usable = stored.filter((e) => e.sigma > 0 && e.rounds >= 2);
  if (!(row.sigma > 0) || usable.length < MIN_STORED_SESSIONS)
    return { typical: row.sigma, plan: sigmaUpperBound(row), sessions: 0 };
  const within2 = logSigmaVariance(row);
  const all = randomEffects([...usable, row]);
  const before = randomEffects(usable);
  const bound = predictiveQuantile(before, within2, FAR_ABOVE_QUANTILE);
  return {
    typical: Math.exp(all.mean),
    plan: predictiveQuantile(all, within2, PLAN_QUANTILE),
    sessions: usable.length,
    ...row.sigma > bound ? { farAbove: { factor: row.sigma / Math.exp(before.mean), bound } } : {}
  };
}
function storedEstimates(row, sessions) {
  return sessions.flatMap(
    (session) => session.sigmas.filter((s) => s.key === row.key && s.metric === row.metric).map((s) => ({ ...s, absolute: row.absolute }))
  );
}
function calibrationSession(results, rows) {
  return {
    measuredAt: results.meta.startedAt,
    commit: results.meta.head.sha,
    sigmas: rows.map((row) => ({
      key: row.key,
      metric: row.metric,
      sigma: row.sigma,
      rounds: row.rounds,
      sigmaMethod: row.sigmaMethod
    }))
  };
}

// src/decide/calibration.ts
var MAD_TO_SD = 1.4826;
function planAlpha(settings) {
  return lookAlpha(settings.minRounds, settings.maxRounds, settings.benchmarks.length);
}
function testLevel(alpha, family, rounds) {
  if (!(alpha > 0 && alpha < 1))
    throw new LoadgateError(`alpha is ${alpha}: expected a level between 0 and 1`);
  if (!Number.isInteger(family) || family < 1)
    throw new LoadgateError(`the gated family has ${family} metrics: expected at least one gated metric`);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new LoadgateError(`the plan has ${rounds} rounds: expected at least one`);
  return { level: alpha / family, rounds };
}
function noiseSigma(differences, absolute) {
  const ranked = absolute ? null : signedRankSigma(differences);
  return ranked !== null && ranked > 0 ? { sigma: ranked, method: "signed-rank" } : robustSigma(differences);
}
function robustSigma(differences) {
  if (differences.length < MIN_CALIBRATION_ROUNDS) {
    throw new LoadgateError(
      `${differences.length} paired rounds: calibration needs at least ${MIN_CALIBRATION_ROUNDS} to estimate the noise`
    );
  }
  const center = median(differences);
  const mad = median(differences.map((d) => Math.abs(d - center)));
  if (mad > 0) return { sigma: MAD_TO_SD * mad, method: "mad" };
  const mean3 = differences.reduce((sum, d) => sum + d, 0) / differences.length;
  const variance = differences.reduce((sum, d) => sum + (d - mean3) ** 2, 0) / (differences.length - 1);
  return { sigma: Math.sqrt(variance), method: "sd" };
}
function detectablePerSigma(test) {
  return shiftPerSigma(test.rounds, test.level, test.power ?? POWER);
}
function detectableShift(sigma, test) {
  return sigma * detectablePerSigma(test);
}
function asChange(shift, absolute) {
  return absolute ? shift : Math.expm1(shift);
}
function gatedMetrics(results) {
  return seriesKeys(results).flatMap(
    (series) => rulesFor(series.key, results).filter((rule) => rule.gate).map((rule) => ({
      series,
      rule,
      differences: pairedSamples(results, series.key, rule.metric, rule.absolute).differences
    }))
  );
}
var NO_STORED_NOISE = { calibrations: [], runs: [] };
function calibrate(results, alpha, stored = NO_STORED_NOISE) {
  const { minRounds, maxRounds } = results.settings;
  const gated = gatedMetrics(results);
  if (gated.length === 0)
    throw new LoadgateError(
      `benchmark '${results.benchmark}' has no gated metric to calibrate: check thresholds`
    );
  const short = gated.find((g2) => g2.differences.length < MIN_CALIBRATION_ROUNDS);
  if (short) {
    throw new LoadgateError(
      `'${short.series.name} ${short.rule.metric}' was measured in ${short.differences.length} paired rounds: calibration needs at least ${MIN_CALIBRATION_ROUNDS} (raise max-rounds, the rounds calibrate measures)`
    );
  }
  const rows = noiseRows(gated, alpha, minRounds, [...stored.calibrations, ...stored.runs]);
  const typical = rows.map((row) => row.typicalSigma ?? row.sigma);
  const halfPower = settlingPower(
    rows.map((row) => row.sigma),
    0.5
  );
  const medianRounds = Math.max(
    ...rows.map((row, i) => roundsForMargin(typical[i], analysisMargin(row), alpha, halfPower))
  );
  const settles = { ...testLevel(alpha, 1, minRounds), power: settlingPower(rows.map((row) => row.sigma)) };
  const scale = Math.max(
    ...rows.map((row, i) => (detectableShift(typical[i], settles) / analysisMargin(row)) ** 2)
  );
  const trialSeconds = median(measured(results).map((t) => t.durationSeconds)) ?? 0;
  const rate = median(measured(results).map(requestRate)) ?? 0;
  return {
    schemaVersion: CALIBRATION_SCHEMA_VERSION,
    benchmark: results.benchmark,
    commit: results.meta.head.sha,
    measuredAt: results.meta.startedAt,
    alpha,
    family: gated.length,
    level: testLevel(alpha, gated.length, minRounds).level,
    minRounds,
    maxRounds,
    trialSeconds,
    rate,
    rows,
    medianRounds,
    suggestion: suggest(rows, { minRounds, maxRounds, trialSeconds, rate, scale }),
    tailRelief: tailRelief({ rows, alpha, minRounds, maxRounds }),
    sessions: [...stored.calibrations, calibrationSession(results, rows)].slice(-MAX_KEPT_SESSIONS)
  };
}
function noiseRows(gated, alpha, minRounds, stored) {
  const test = testLevel(alpha, gated.length, minRounds);
  const spreads = gated.map(({ rule, differences }) => noiseSigma(differences, rule.absolute));
  const power = settlingPower(spreads.map((spread3) => spread3.sigma));
  return gated.map(({ series, rule, differences }, i) => {
    const { sigma, method } = spreads[i];
    const identity = { key: series.key, metric: rule.metric, absolute: rule.absolute };
    const planned = planSigmas(
      { sigma, rounds: differences.length, sigmaMethod: method, absolute: rule.absolute },
      storedEstimates(identity, stored)
    );
    const margin = analysisMargin(rule);
    return {
      key: series.key,
      name: series.name,
      metric: rule.metric,
      absolute: rule.absolute,
      direction: rule.direction,
      delta: rule.delta,
      rounds: differences.length,
      sigma,
      sigmaMethod: method,
      noiseFloor: asChange(sigma, rule.absolute),
      detectable: asChange(detectableShift(sigma, test), rule.absolute),
      roundsNeeded: roundsForMargin(planned.typical, margin, alpha, power),
      typicalSigma: planned.typical,
      planSigma: planned.plan,
      planRounds: roundsForMargin(planned.plan, margin, alpha, power),
      sessions: planned.sessions,
      ...planned.farAbove ? { farAbove: planned.farAbove } : {}
    };
  });
}
function requestRate(trial) {
  const all = trial.series.find((s) => s.key === ALL_REQUESTS);
  const requests = all ? all.requests : trial.series.reduce((sum, s) => sum + s.requests, 0);
  return trial.durationSeconds > 0 ? requests / trial.durationSeconds : 0;
}
function suggest(rows, plan) {
  const needed = Math.max(...rows.map((r) => r.roundsNeeded));
  const lastNeeded = Math.max(...rows.map((r) => r.planRounds ?? r.roundsNeeded));
  const { minRounds, maxRounds } = roundsPlan(needed, plan, lastNeeded);
  const scale = Math.max(1, plan.scale);
  const trialSeconds = Math.max(1, Math.round(plan.trialSeconds));
  return {
    sufficient: needed <= plan.minRounds && lastNeeded <= plan.maxRounds,
    minRounds,
    maxRounds,
    scale,
    trialSeconds: Math.ceil(trialSeconds * scale - 1e-9),
    rate: Math.ceil(plan.rate * scale - 1e-9)
  };
}
function noiseFloorFor(comparison, calibration) {
  const gated = /* @__PURE__ */ new Map();
  for (const series of comparison.series)
    for (const m of series.metrics.filter((m2) => m2.gate))
      gated.set(m.metric, (gated.get(m.metric) ?? /* @__PURE__ */ new Set()).add(series.key));
  const metrics = [];
  for (const [metric, keys] of gated) {
    const rows = calibration.rows.filter((r) => r.metric === metric);
    const matching = rows.filter((r) => keys.has(r.key));
    const chosen = matching.length > 0 ? matching : rows;
    if (chosen.length === 0) continue;
    metrics.push({
      metric: chosen[0].metric,
      absolute: chosen[0].absolute,
      floor: Math.max(...chosen.map((r) => r.noiseFloor))
    });
  }
  if (metrics.length === 0) return null;
  return { commit: calibration.commit, measuredAt: calibration.measuredAt, metrics: metrics.slice(0, 50) };
}

// src/decide/family-bound.ts
var STEPS = 14;
function familyWiseBound(gated, metric, alpha) {
  const index = gated.indexOf(metric);
  const half = (m) => analysisMargin(m.threshold, 1 / 2);
  const sign = (m) => m.threshold.direction === "lower" ? 1 : -1;
  const shifted = (m, shift) => familyScores(
    m.byRound.map((d) => d === null ? null : sign(m) * d - shift),
    m.threshold.absolute
  );
  const others = gated.map((m) => shifted(m, half(m)));
  const rejects = (shift) => {
    others[index] = shifted(metric, shift);
    return maxTAdjusted(others)[index] <= alpha;
  };
  let low = 0;
  let high = half(metric);
  if (index < 0 || !rejects(low)) return 0;
  for (let step = 0; step < STEPS; step++) {
    const middle = (low + high) / 2;
    if (rejects(middle)) low = middle;
    else high = middle;
  }
  return low;
}

// src/decide/assemble.ts
function metricDraft(t, samples, stats, undecided) {
  const unratioed = samples.unratioed;
  return {
    base: metricComparison(t, samples, stats),
    threshold: t,
    stats,
    byRound: samples.byRound,
    ...unratioed > 0 ? { remark: `${unratioed} round${unratioed === 1 ? "" : "s"} left out: a value of 0 has no ratio` } : {},
    ...undecided ? { undecided } : {}
  };
}
function halfMargin(m) {
  return analysisMargin(m.threshold, 1 / 2) + (m.fewInstances?.allowance ?? 0);
}
function adjustFamily(gated, kind) {
  const badSign = (m) => m.threshold.direction === "lower" ? 1 : -1;
  const half = halfMargin;
  const beyondHalf = (m) => Math.min(badSign(m) * m.stats.low, badSign(m) * m.stats.high) > half(m);
  let bad;
  let worse;
  let good;
  if (kind === "paired") {
    const oriented = (sign, shift) => maxTAdjusted(
      gated.map(
        (m) => familyScores(
          m.byRound.map((d) => d === null ? null : sign(m) * d - shift(m)),
          m.threshold.absolute
        )
      )
    );
    bad = oriented(badSign, half);
    worse = oriented(badSign, () => 0);
    good = oriented(
      (m) => -badSign(m),
      (m) => m.fewInstances ? half(m) : 0
    );
  } else {
    const side = (m, sign) => sign > 0 ? m.stats.pGreater : m.stats.pLess;
    bad = holm(gated.map((m) => side(m, badSign(m))));
    worse = bad;
    good = holm(gated.map((m) => side(m, -badSign(m))));
  }
  bad = bad.map((p, i) => beyondHalf(gated[i]) ? p : 1);
  return new Map(gated.map((m, i) => [m, { bad: bad[i], worse: worse[i], good: good[i] }]));
}
function judgeMetric(m, p, family, alpha, finalLook) {
  if (m.undecided) return { verdict: "INCONCLUSIVE", note: m.undecided };
  if (!(m.stats && p)) return { verdict: "INCONCLUSIVE", note: "not measured in both arms" };
  if (m.fewInstances && m.threshold.gate) {
    const beyond = (side) => Math.min(side * m.stats.low, side * m.stats.high) > halfMargin(m);
    const bad = m.threshold.direction === "lower" ? 1 : -1;
    return classifyFewInstances(m.fewInstances.reason, p.bad <= alpha, p.good <= alpha && beyond(-bad));
  }
  return classify(m.threshold, m.stats, p, family, alpha, finalLook);
}
function worsening(t, value) {
  return fromAnalysis(t, t.direction === "lower" ? value : -value);
}
function familyOf(drafts, gate) {
  return drafts.flatMap((d) => d.metrics).filter((m) => m.threshold.gate === gate && !m.undecided && m.stats && Number.isFinite(m.stats.p));
}
function metricComparison(t, samples, stats) {
  const finite2 = stats && Number.isFinite(stats.low) && Number.isFinite(stats.high);
  const base = median(samples.base);
  const head = median(samples.head);
  return {
    metric: t.metric,
    unit: unitOf(t.metric),
    direction: t.direction,
    gate: t.gate,
    base,
    head,
    change: stats && Number.isFinite(stats.estimate) ? fromAnalysis(t, stats.estimate) : null,
    ci: stats && finite2 ? { low: fromAnalysis(t, stats.low), high: fromAnalysis(t, stats.high), level: stats.level } : null,
    // What the gate tests: the one-sided p of "worse".
    p: stats && Number.isFinite(stats.p) ? t.direction === "lower" ? stats.pGreater : stats.pLess : null,
    pairs: samples.differences.length || Math.min(samples.base.length, samples.head.length),
    delta: t.delta,
    absolute: t.absolute,
    // The interval's half-width, centred on no change: what this run's noise lets through.
    noiseFloor: stats && finite2 ? fromAnalysis(t, (stats.high - stats.low) / 2) : null,
    ...t.gate && samples.differences.length >= MIN_CALIBRATION_ROUNDS ? { sigma: noiseSigma(samples.differences, t.absolute).sigma } : {},
    ...t.target ? { target: checkTarget(t, samples.head, samples.base, stats ? (1 - stats.level) / 2 : 0.025) } : {}
  };
}
function assemble(results, drafts, kind, options, alpha, finalLook = true) {
  const gated = familyOf(drafts, true);
  const adjusted = new Map([...adjustFamily(gated, kind), ...adjustFamily(familyOf(drafts, false), kind)]);
  const series = drafts.map((draft) => {
    const metrics = draft.metrics.map((m) => {
      const p = adjusted.get(m) ?? (m.stats && Number.isFinite(m.stats.p) ? adjustFamily([m], kind).get(m) : null);
      let result = judgeMetric(m, p, gated.length, alpha, finalLook);
      if (m.threshold.gate) result = withTarget(result, m.base);
      if (m.remark) result = { ...result, note: result.note ? `${result.note}; ${m.remark}` : m.remark };
      const bound = result.verdict === "LIKELY_OVER_DELTA" && m.threshold.gate && kind === "paired" ? { familyBound: worsening(m.threshold, familyWiseBound(gated, m, alpha)) } : {};
      return { ...m.base, pAdjusted: p ? p.bad : null, ...result, ...bound };
    });
    const gatedVerdicts = metrics.filter((m) => m.gate).map((m) => m.verdict);
    return { ...draft.series, metrics, verdict: worstMetricVerdict(gatedVerdicts) };
  });
  const invalid = findInvalidReasons(results);
  const nothingGated = !series.some((s) => s.metrics.some((m) => m.gate));
  const overall = invalid.length > 0 ? "INVALID" : nothingGated ? "NOTHING_GATED" : worstMetricVerdict(series.map((s) => s.verdict));
  const rounds = Math.max(0, ...measured(results).map((t) => t.round));
  const comparison = {
    schemaVersion: COMPARISON_SCHEMA_VERSION,
    benchmark: results.benchmark,
    kind,
    verdict: overall,
    blocking: failsOn(options.failOn, overall),
    headline: "",
    invalid,
    rounds,
    alpha,
    extended: rounds > results.settings.minRounds,
    series,
    services: serviceComparisons(results),
    meta: results.meta
  };
  const runner2 = runnerLoad(results);
  if (runner2) comparison.runner = runner2;
  comparison.headline = describeHeadline(comparison);
  return comparison;
}

// src/decide/dispersion.ts
var DISPERSION_FLAG_RATIO = 2;
function spread(trials, key) {
  const ratios = trials.map((t) => t.series.find((s) => s.key === key)?.latency).filter((l3) => !!l3 && l3.p50 > 0).map((l3) => l3.p99 / l3.p50);
  return median(ratios);
}
function dispersion(base, head) {
  const ratio = base !== null && head !== null && base > 0 ? head / base : null;
  return {
    base,
    head,
    ratio,
    flagged: ratio !== null && (ratio >= DISPERSION_FLAG_RATIO || ratio <= 1 / DISPERSION_FLAG_RATIO)
  };
}

// src/decide/paired.ts
function compareResults(results, options, finalLook = true) {
  const alpha = alphaFor(results);
  const { minRounds, maxRounds } = results.settings;
  const intervalAlpha = lookAlpha(minRounds, maxRounds);
  const trials = [...validTrials(results, "base"), ...validTrials(results, "head")];
  const keys = seriesKeys(results);
  const plan = settlingPlan(results);
  const mixed = keys.filter((s) => s.key !== ALL_REQUESTS).length > 1;
  const units = instanceUnits(results);
  const drafts = keys.map((s) => {
    const rules = rulesFor(s.key, results);
    const metrics = rules.map((threshold) => {
      const samples = units.of(pairedSamples(results, s.key, threshold.metric, threshold.absolute));
      const stats = samples.differences.length > 0 ? pairedInterval(samples.differences, threshold.absolute, intervalAlpha, samples.counts) : null;
      let draft = metricDraft(threshold, samples, stats);
      if (units.few && threshold.gate) draft = withFewInstances(draft, units.few);
      return mixed && s.key === ALL_REQUESTS && unitOf(threshold.metric) === "ms" ? mixedPercentile(draft) : draft;
    });
    const spreads = dispersion(
      spread(validTrials(results, "base"), s.key),
      spread(validTrials(results, "head"), s.key)
    );
    const size = sampleSize(trials, s.key, rules, plan);
    return { series: { ...s, dispersion: spreads, ...size ? { sampleSize: size } : {} }, metrics };
  });
  const comparison = assemble(results, drafts, "paired", options, alpha, finalLook);
  return results.profile ? { ...comparison, profile: diffProfiles(results.profile) } : comparison;
}
function instanceUnits(results) {
  const pairOf = instancePairOf(results);
  const rounds = [...new Set(measured(results).map((t) => t.round))];
  const pairs = instancePairCount(rounds, pairOf);
  const few = pairs < rounds.length ? fewInstancesReason(pairs) : void 0;
  return few ? { of: (samples) => samples, few } : { of: (samples) => byInstancePair(samples, pairOf) };
}
function withFewInstances(draft, reason) {
  const allowance = offsetAllowance(draft.threshold);
  return allowance === void 0 ? { ...draft, undecided: reason } : { ...draft, fewInstances: { reason, allowance } };
}
function mixedPercentile(draft) {
  const what2 = "over endpoints of different speeds: moves with the request mix as much as with the code";
  return { ...draft, remark: draft.remark ? `${draft.remark}; ${what2}` : what2 };
}
function needsMoreRounds(results, options) {
  if (instancePairOf(results)(results.settings.maxRounds) === 1) return false;
  const comparison = compareResults(results, options, false);
  if (comparison.verdict === "INVALID" || comparison.verdict === "REGRESSION") return false;
  const undecided = (m) => m.verdict === "INCONCLUSIVE" || m.verdict === "LIKELY_OVER_DELTA";
  return comparison.series.some((s) => s.metrics.some((m) => m.gate && undecided(m)));
}

// src/decide/stats/rank-sum.ts
var EXACT_LIMIT = 400;
function mannWhitneyCounts(m, n) {
  let previous = Array.from({ length: n + 1 }, () => {
    const row = new Float64Array(m * n + 1);
    row[0] = 1;
    return row;
  });
  for (let i = 1; i <= m; i++) {
    const current = [new Float64Array(m * n + 1)];
    current[0][0] = 1;
    for (let j = 1; j <= n; j++) {
      const row = new Float64Array(m * n + 1);
      for (let u = 0; u <= i * j; u++) {
        row[u] = (u >= j ? previous[j][u - j] : 0) + current[j - 1][u];
      }
      current.push(row);
    }
    previous = current;
  }
  return previous[n];
}
function rankSumInterval(x2, y2, confidence = 0.95) {
  const m = x2.length;
  const n = y2.length;
  const diffs = [];
  for (const a of x2) for (const b of y2) diffs.push(b - a);
  const d = sorted(diffs);
  const total = d.length;
  const estimate = total === 0 ? Number.NaN : total % 2 ? d[total >> 1] : (d[total / 2 - 1] + d[total / 2]) / 2;
  const alpha = 1 - confidence;
  let k = 0;
  let level2 = 1;
  let pGreater = 1;
  let pLess = 1;
  let greater = 0;
  let less = 0;
  for (const a of x2)
    for (const b of y2) {
      if (b > a) greater++;
      else if (b < a) less++;
    }
  if (total > 0 && m * n <= EXACT_LIMIT) {
    const counts = mannWhitneyCounts(m, n);
    const all = counts.reduce((s, c) => s + c, 0);
    const cdf = new Float64Array(counts.length);
    let running = 0;
    counts.forEach((c, i) => {
      running += c;
      cdf[i] = running / all;
    });
    while (k + 1 <= total && cdf[k] <= alpha / 2) k++;
    level2 = k > 0 ? 1 - 2 * cdf[k - 1] : 1;
    const atLeast = (u) => 1 - (u >= 1 ? cdf[u - 1] : 0);
    pGreater = atLeast(greater);
    pLess = atLeast(less);
  } else if (total > 0) {
    const sd = Math.sqrt(m * n * (m + n + 1) / 12);
    k = Math.max(0, Math.floor(total / 2 - normalQuantile(1 - alpha / 2) * sd));
    level2 = confidence;
    const atLeast = (u) => sd === 0 ? 1 : 1 - normalCdf((u - 0.5 - total / 2) / sd);
    pGreater = atLeast(greater);
    pLess = atLeast(less);
  }
  return {
    estimate,
    low: k > 0 ? d[k - 1] : -Infinity,
    high: k > 0 ? d[total - k] : Infinity,
    level: level2,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n: Math.min(m, n)
  };
}

// src/decide/cross-run.ts
var MIN_HISTORY_RUNS = 5;
var HISTORY_WINDOW = 20;
function spreadRuns(baseline, history) {
  const sameRun = (r) => r.meta.runId === baseline.meta.runId && r.meta.startedAt === baseline.meta.startedAt;
  const earlier = measuredRuns(history).filter(
    (r) => r.branch === baseline.branch && r.verdict !== "INVALID" && r.meta.startedAt <= baseline.meta.startedAt && !sameRun(r)
  );
  return [...earlier.sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt)), baseline].slice(
    -HISTORY_WINDOW
  );
}
function runLevel(record, key, metric, absolute) {
  const trials = Object.hasOwn(record.trials, key) ? record.trials[key] : {};
  const values = Object.hasOwn(trials, metric) ? trials[metric] : [];
  if (values.length > 0) return median(transformAll(values, absolute));
  const summary = record.series.find((s) => s.key === key)?.metrics;
  const stored = summary && Object.hasOwn(summary, metric) ? summary[metric].median : null;
  return stored === null ? null : median(transformAll([stored], absolute));
}
function levelSpread(levels) {
  const mean3 = levels.reduce((s, v2) => s + v2, 0) / levels.length;
  const variance = levels.reduce((s, v2) => s + (v2 - mean3) ** 2, 0) / (levels.length - 1);
  return Math.sqrt(variance);
}
function crossRunInterval(base, head, levels, confidence) {
  const withinRun2 = rankSumInterval(base, head, confidence);
  const difference = median(head) - median(base);
  const scale = levelSpread(levels) * Math.SQRT2;
  const df = levels.length - 1;
  const half = scale * studentTQuantile(1 - (1 - confidence) / 2, df);
  const above = (d) => scale === 0 ? d > 0 ? 0 : 1 : 1 - studentTCdf(d / scale, df);
  const pGreater = Math.max(above(difference), withinRun2.pGreater);
  const pLess = Math.max(above(-difference), withinRun2.pLess);
  return {
    estimate: difference,
    low: Math.min(difference - half, withinRun2.low),
    high: Math.max(difference + half, withinRun2.high),
    level: confidence,
    pGreater,
    pLess,
    p: Math.min(1, 2 * Math.min(pGreater, pLess)),
    n: Math.min(base.length, head.length)
  };
}

// src/decide/stored.ts
function estimateOnly(x2, y2) {
  return {
    estimate: median(y2) - median(x2),
    low: -Infinity,
    high: Infinity,
    level: 0,
    pGreater: Number.NaN,
    pLess: Number.NaN,
    p: Number.NaN,
    n: Math.min(x2.length, y2.length)
  };
}
function shortText(text2, max = 80) {
  return text2.length > max ? `${text2.slice(0, max - 1)}\u2026` : text2;
}
function compareWithStored(results, baseline, options, history = []) {
  const alpha = ALPHA;
  const runs = spreadRuns(baseline, history);
  const head = validTrials(results, "head");
  const plan = settlingPlan(results);
  const tooFew = `only ${runs.length} stored run${runs.length === 1 ? "" : "s"} of ${shortText(baseline.branch)} to measure run-to-run variance: ${MIN_HISTORY_RUNS} are needed`;
  const drafts = seriesKeys(results).map((s) => {
    const rules = rulesFor(s.key, results);
    const metrics = rules.map((threshold) => {
      const trials = Object.hasOwn(baseline.trials, s.key) ? baseline.trials[s.key] : {};
      const stored = Object.hasOwn(trials, threshold.metric) ? trials[threshold.metric] : [];
      const samples = unpairedSamples(stored, head, s.key, threshold.metric);
      const x2 = transformAll(samples.base, threshold.absolute);
      const y2 = transformAll(samples.head, threshold.absolute);
      if (x2.length === 0 || y2.length === 0) return metricDraft(threshold, samples, null);
      const levels = runs.map((r) => runLevel(r, s.key, threshold.metric, threshold.absolute)).filter((v2) => v2 !== null);
      if (levels.length < MIN_HISTORY_RUNS) return metricDraft(threshold, samples, estimateOnly(x2, y2), tooFew);
      return metricDraft(threshold, samples, crossRunInterval(x2, y2, levels, 1 - alpha));
    });
    const size = sampleSize(head, s.key, rules, plan);
    const series = { ...s, dispersion: dispersion(null, spread(head, s.key)) };
    return { series: size ? { ...series, sampleSize: size } : series, metrics };
  });
  const comparison = assemble(results, drafts, "stored", options, alpha);
  comparison.meta = { ...comparison.meta, base: baseline.meta.head };
  comparison.headline = crossRunHeadline(comparison, baseline, runs.length);
  return comparison;
}
function crossRunHeadline(comparison, baseline, runs) {
  if (comparison.verdict === "INVALID") return comparison.headline;
  const branch = shortText(baseline.branch);
  const against = `the stored run of ${baseline.meta.head.sha.slice(0, 7)} on ${branch}`;
  const undecided = comparison.series.some(
    (s) => s.metrics.some((m) => m.gate && m.note?.includes("to measure run-to-run variance"))
  );
  const tooFew = `${runs} stored run${runs === 1 ? "" : "s"} of ${branch} cannot tell run-to-run variance from a change (${MIN_HISTORY_RUNS} needed)`;
  if (undecided && comparison.verdict === "INCONCLUSIVE") {
    return `Inconclusive \u2014 cross-run against ${against}: ${tooFew}; record more runs or use baseline: rerun`;
  }
  if (undecided) return `${comparison.headline} \u2014 cross-run against ${against}; changes undecided: ${tooFew}`;
  return `${comparison.headline} \u2014 cross-run against ${against}, allowing for the spread of ${runs} stored runs`;
}

// src/decide/head-alone.ts
var NO_BASE_NOTE = "no base to compare with";
function compareHeadAlone(results, options) {
  const head = validTrials(results, "head");
  const drafts = seriesKeys(results).map((s) => ({
    series: { ...s, dispersion: dispersion(null, spread(head, s.key)) },
    metrics: rulesFor(s.key, results).map(
      (threshold) => metricDraft(threshold, unpairedSamples([], head, s.key, threshold.metric), null, NO_BASE_NOTE)
    )
  }));
  const comparison = assemble(results, drafts, "head-only", options, ALPHA);
  if (comparison.verdict !== "INVALID") {
    comparison.verdict = "NO_BASE";
    comparison.blocking = failsOn(options.failOn, "NO_BASE");
    comparison.headline = describeHeadline(comparison);
  }
  return comparison;
}

// src/model/comparison-file.ts
function writeComparisonArtifact(comparison, file) {
  return writeJsonAtomic(file, comparison);
}
async function readComparisonArtifact(file) {
  const text2 = await readArtifactText(file);
  let raw;
  try {
    raw = JSON.parse(text2);
  } catch (error) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': expected a readable comparison.json (${errorMessage(error)})`
    );
  }
  return parseComparisonArtifact(file, raw);
}
function parseComparisonArtifact(file, raw) {
  const parsed = comparisonSchema.safeParse(raw);
  if (!parsed.success) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': not a valid loadgate comparison (${firstIssue(parsed.error)})`
    );
  }
  return parsed.data;
}

// src/modes/report-html.ts
import { writeFile as writeFile6 } from "node:fs/promises";
import path15 from "node:path";

// node_modules/marked/lib/marked.esm.js
function G() {
  return { async: false, breaks: false, extensions: null, gfm: true, hooks: null, pedantic: false, renderer: null, silent: false, tokenizer: null, walkTokens: null };
}
var S = G();
function ue(l3) {
  S = l3;
}
var q = { exec: () => null };
function D(l3) {
  let e = [];
  return (t) => {
    let n = Math.max(0, Math.min(3, t - 1)), r = e[n];
    return r || (r = l3(n), e[n] = r), r;
  };
}
function g(l3, e = "") {
  let t = typeof l3 == "string" ? l3 : l3.source, n = { replace: (r, s) => {
    let o = typeof s == "string" ? s : s.source;
    return o = o.replace(O.caret, "$1"), t = t.replace(r, o), n;
  }, getRegex: () => new RegExp(t, e) };
  return n;
}
var _e = ((l3 = "") => {
  try {
    return !!new RegExp("(?<=1)(?<!1)" + l3);
  } catch {
    return false;
  }
})();
var O = { codeRemoveIndent: /^(?: {0,3}\t| {1,4})/gm, listInterruptsParagraph: /^ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t\n]/, outputLinkReplace: /\\([\[\]])/g, indentCodeCompensation: /^(\s+)(?:```)/, beginningSpace: /^\s+/, endingHash: /#$/, startingSpaceChar: /^ /, endingSpaceChar: / $/, endingSpaceTabChar: /[ \t]$/, nonSpaceChar: /[^ ]/, newLineCharGlobal: /\n/g, tabCharGlobal: /\t/g, leadingSpaceTab: /^[ \t]+/, multipleSpaceGlobal: /\s+/g, blankLine: /^[ \t]*$/, doubleBlankLine: /\n[ \t]*\n[ \t]*$/, blockquoteStart: /^ {0,3}>/, blockquoteSetextReplace: /\n {0,3}((?:=+|-+)[ \t]*)(?=\n|$)/g, blockquoteSetextReplace2: /^ {0,3}>[ \t]?/gm, blockquoteMarkerWhitespace: /^( {0,3}>)(\t[ \t]*)/gm, nestedBlockMarker: /^ {0,3}(?:(?:[*+-]|\d{1,9}[.)])(?: |$)|> ?)/, listReplaceNesting: /^ {1,4}(?=( {4})*[^ ])/g, listIsTask: /^\[[ xX]\][ \t]+\S/, listReplaceTask: /^\[[ xX]\][ \t]+/, listTaskCheckbox: /\[[ xX]\]/, anyLine: /\n.*\n/, hrefBrackets: /^<(.*)>$/, tableDelimiter: /[:|]/, tableAlignChars: /^\||\| *$/g, tableRowBlankLine: /\n[ \t]*$/, tableAlignRight: /^ *-+: *$/, tableAlignCenter: /^ *:-+: *$/, tableAlignLeft: /^ *:-+ *$/, startATag: /^<a /i, endATag: /^<\/a>/i, startPreScriptTag: /^<(pre|code|kbd|script)(\s|>)/i, endPreScriptTag: /^<\/(pre|code|kbd|script)(\s|>)/i, startAngleBracket: /^</, endAngleBracket: />$/, pedanticHrefTitle: /^([^'"]*[^\s])\s+(['"])(.*)\2/, unicodeAlphaNumeric: /[\p{L}\p{N}]/u, numericCharacterReference: /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));/, numericCharacterReferenceOrAmpersand: /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g, escapeTest: /[&<>"']/, escapeReplace: /[&<>"']/g, escapeTestNoEncode: /[<>"']|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/, escapeReplaceNoEncode: /[<>"']|&(?!(#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g, caret: /(^|[^\[])\^/g, percentDecode: /%25/g, findPipe: /\|/g, splitPipe: / \|/, slashPipe: /\\\|/g, carriageReturn: /\r\n|\r/g, spaceLine: /^ +$/gm, notSpaceStart: /^\S*/, endingNewline: /\n$/, listItemRegex: (l3) => new RegExp(`^( {0,3}${l3})((?:[	 ][^\\n]*)?(?:\\n|$))`), nextBulletRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:[*+-]|\\d{1,9}[.)])((?:[ 	][^\\n]*)?(?:\\n|$))`)), hrRegex: D((l3) => new RegExp(`^ {0,${l3}}((?:-[ 	]*){3,}|(?:_[ 	]*){3,}|(?:\\*[ 	]*){3,})(?:\\n+|$)`)), fencesBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:\`\`\`|~~~)`)), headingBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}#{1,6}(?:\\s|$)`)), pedanticHeadingBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}#`)), htmlBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}(?:</?(?:${he})(?:[ \\t]+|$|/?>)|<(?:(?:script|pre|style|textarea)(?:[\\s>]|$)|!--)|<\\?|<![A-Za-z]|<!\\[CDATA\\[)`, "i")), blockquoteBeginRegex: D((l3) => new RegExp(`^ {0,${l3}}>`)), nestedContainerMarkers: /^(?: {0,3}(?:(?:[*+-]|\d{1,9}[.)])[ \t]+|>[ \t]?))+/ };
var Ge = /^(?:[ \t]*(?:\n|$))+/;
var Ne = /^((?: {4}| {0,3}\t)[^\n]+(?:\n(?:[ \t]*(?:\n|$))*)?)+/;
var Fe = /^ {0,3}(`{3,}(?=[^`\n]*(?:\n|$))|~{3,})([^\n]*)(?:\n|$)(?:|([\s\S]*?)(?:\n|$))(?: {0,3}(?:(?=`)\1`*|(?=~)\1~*) *(?=\n|$)|$)/;
var V = /^ {0,3}((?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/;
var Qe = /^ {0,3}(#{1,6})(?=\s|$)(.*)(?:\n+|$)/;
var ce = / {0,3}(?:[*+-]|\d{1,9}[.)])/;
var he = "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
var J = g(" {0,3}(?:</?(?:tag)(?:[ \\t]+|\\n|/?>)|<(?:(?:script|pre|style|textarea)(?:[\\s>]|$)|!--)|<\\?|<![A-Za-z]|<!\\[CDATA\\[)").replace("tag", he).getRegex();
var $e = /^(?!bull |blockCode|fences|blockquote|heading|html|table)((?:.|\n(?!\s*?\n|bull |fences|blockquote|heading|hr|html|table))+?)\n {0,3}(=+|-+)[ \t]*(?:\n+|$)/;
var Le = g($e).replace(/bull/g, ce).replace(/blockCode/g, /(?: {4}| {0,3}\t)/).replace(/fences/g, / {0,3}(?:`{3,}|~{3,})/).replace(/blockquote/g, / {0,3}>/).replace(/heading/g, / {0,3}#{1,6}(?:\s|$)/).replace(/hr/g, / {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/).replace(/\|table/g, "").replace(/html/g, J).getRegex();
var We = g($e).replace(/bull/g, ce).replace(/blockCode/g, /(?: {4}| {0,3}\t)/).replace(/fences/g, / {0,3}(?:`{3,}|~{3,})/).replace(/blockquote/g, / {0,3}>/).replace(/heading/g, / {0,3}#{1,6}(?:\s|$)/).replace(/hr/g, / {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n+|$)/).replace(/table/g, / {0,3}\|?(?:[:\- ]*\|)+[\:\- ]*\n/).replace(/html/g, J).getRegex();
var de = /^([^\n]+(?:\n(?!hr|heading|lheading|blockquote|fences|list|html|table|[ \t]+\n)[^\n]+)*)/;
var Ue = /^[^\n]+/;
var ge = /(?!\s*\])(?:\\[\s\S]|[^\[\]\\\n]|\n(?![ \t]*\n))+/;
var Ke = g(/^ {0,3}\[(label)\]: *(?:\n[ \t]*)?([^<\s][^\s]*|<(?:\\.|[^\n<>\\])*>)(?:(?: +(?:\n[ \t]*)?| *\n[ \t]*)(title))? *(?:\n+|$)/).replace("label", ge).replace("title", /(?:"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\\n]|\n(?!\n))*'|\((?:\\[\s\S]|[^()\\])*\))/).getRegex();
var Xe = g(/^(bull)([ \t][^\n]*?)?(?:\n|$)/).replace(/bull/g, ce).getRegex();
var ke = /<!--(?:-?>|[\s\S]*?(?:-->|$))/;
var Ve = g("^ {0,3}(?:<(script|pre|style|textarea)[\\s>][\\s\\S]*?(?:</\\1>[^\\n]*\\n*|$)|comment[^\\n]*(\\n+|$)|<\\?[\\s\\S]*?(?:\\?>[^\\n]*\\n*|$)|<![A-Z][\\s\\S]*?(?:>[^\\n]*\\n*|$)|<!\\[CDATA\\[[\\s\\S]*?(?:\\]\\]>[^\\n]*\\n*|$)|</?(tag)(?:[ \\t]+|\\n|/?>|$)[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$)|<(?!(?:script|pre|style|textarea)(?![a-z0-9-]))([a-z][a-z0-9-]*)(?:attribute)*?[ \\t]*/?>(?=[ \\t]*(?:\\n|$))[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$)|</[a-z][a-z0-9-]*\\s*>(?=[ \\t]*(?:\\n|$))[\\s\\S]*?(?:(?:\\n[ 	]*)+\\n|$))", "i").replace("comment", ke).replace("tag", he).replace("attribute", /[ \t]+[a-zA-Z:_][\w.:-]*(?:[ \t]*=[ \t]*"[^"\n]*"|[ \t]*=[ \t]*'[^'\n]*'|[ \t]*=[ \t]*[^\s"'=<>`]+)?/).getRegex();
var Ce = (l3) => g(de).replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("|lheading", "").replace("|table", "").replace("blockquote", " {0,3}>").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", l3).replace("html", J).getRegex();
var Je = Ce(/ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t\n]/);
var Ye = Ce(/ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|\n|$)/);
var et = g(/^( {0,3}> ?(?:(?![ \t]*(?:\n|$))(paragraph)|[^\n]*)(?:\n|$))+/).replace("paragraph", Ye).getRegex();
var fe = { blockquote: et, code: Ne, def: Ke, fences: Fe, heading: Qe, hr: V, html: Ve, lheading: Le, list: Xe, newline: Ge, paragraph: Je, table: q, text: Ue };
var Pe = g("^ *([^\\n ].*)\\n {0,3}((?:\\| *)?:?-+:? *(?:\\| *:?-+:? *)*(?:\\| *)?)(?:\\n((?:(?! *\\n|hr|heading|blockquote|code|fences|list|html).*(?:\\n|$))*)\\n*|$)").replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("blockquote", " {0,3}>").replace("code", "(?: {4}| {0,3}	)[^\\n]").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", " {0,3}(?:[*+-]|1[.)])[ \\t]").replace("html", J).getRegex();
var tt = { ...fe, lheading: We, table: Pe, paragraph: g(de).replace("hr", V).replace("heading", " {0,3}#{1,6}(?:\\s|$)").replace("|lheading", "").replace("table", Pe).replace("blockquote", " {0,3}>").replace("fences", " {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)").replace("list", " {0,3}(?:[*+-]|1[.)])[ \\t]+[^ \\t\\n]").replace("html", J).getRegex() };
var nt = { ...fe, html: g(`^ *(?:comment(?: *\\n|\\s*$)|<(tag)[\\s\\S]+?</\\1>(?: *\\n{2,}|\\s*$)|<tag(?:"[^"]*"|'[^']*'|\\s[^'"/>\\s]*)*?/?>(?: *\\n{2,}|\\s*$))`).replace("comment", ke).replace(/tag/g, "(?!(?:a|em|strong|small|s|cite|q|dfn|abbr|data|time|code|var|samp|kbd|sub|sup|i|b|u|mark|ruby|rt|rp|bdi|bdo|span|br|wbr|ins|del|img)\\b)\\w+(?!:|[^\\w\\s@]*@)\\b").getRegex(), def: /^ *\[([^\]]+)\]: *<?([^\s>]+)>?(?: +(["(][^\n]+[")]))? *(?:\n+|$)/, heading: /^(#{1,6})(.*)(?:\n+|$)/, fences: q, lheading: /^(.+?)\n {0,3}(=+|-+) *(?:\n+|$)/, paragraph: g(de).replace("hr", V).replace("heading", ` *#{1,6} *[^
]`).replace("|table", "").replace("blockquote", " {0,3}>").replace("|fences", "").replace("|list", "").replace("|html", "").replace("|tag", "").replace("lheading", Le).getRegex() };
var rt = /^\\([!"#$%&'()*+,\-./:;<=>?@\[\]\\^_`{|}~])/;
var st = /^(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/;
var Ie = /^( {2,}|\\)\n(?!\s*$)[ \t]*/;
var it = /^(`+|[^`])(?:(?= {2,}\n)|[\s\S]*?(?:(?=[\\<!\[`*_]|\b_|$)|[^ ](?= {2,}\n)))/;
var L = /[\p{P}\p{S}]/u;
var N = /[\s\p{P}\p{S}]/u;
var Y = /[^\s\p{P}\p{S}]/u;
var ot = g(/^((?![*_])punctSpace)/, "u").replace(/punctSpace/g, N).getRegex();
var at = /[\p{Pi}\p{Ps}"']/u;
var Ae = /(?!~)[\p{P}\p{S}]/u;
var lt = /(?!~)[\s\p{P}\p{S}]/u;
var ut = /(?:[^\s\p{P}\p{S}]|~)/u;
var pt = g(/link|precode-code|html/, "g").replace("link", /\[(?:[^\[\]`]|(?<a>`+)[^`]+\k<a>(?!`))*?\]\((?:\\[\s\S]|[^\\\(\)]|\((?:\\[\s\S]|[^\\\(\)])*\))*\)/).replace("precode-", _e ? "(?<!`)()" : "(^^|[^`])").replace("code", /(?<b>`+)[^`]+\k<b>(?!`)/).replace("html", /<(?! )[^<>]*?>/).getRegex();
var Ee = /^(?:\*+(?:((?!\*)punct)|([^\s*]))?)|^_+(?:((?!_)punct)|([^\s_]))?/;
var ct = g(Ee, "u").replace(/punct/g, L).getRegex();
var ht = g(Ee, "u").replace(/punct/g, Ae).getRegex();
var dt = /^(?:\*+(?:((?!\*)(?!openQuote)punct)|([^\s*]))?)|^_+(?:((?!_)(?!openQuote)punct)|([^\s_]))?/;
var gt = g(dt, "u").replace(/openQuote/g, at).replace(/punct/g, L).getRegex();
var ze = "^[^_*]*?__[^_*]*?\\*[^_*]*?(?=__)|[^*]+(?=[^*])|(?!\\*)punct(\\*+)(?=[\\s]|$)|notPunctSpace(\\*+)(?!\\*)(?=punctSpace|$)|(?!\\*)punctSpace(\\*+)(?=notPunctSpace)|[\\s](\\*+)(?!\\*)(?=punct)|(?!\\*)punct(\\*+)(?!\\*)(?=punct)|notPunctSpace(\\*+)(?=notPunctSpace)";
var kt = g(ze, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var ft = g(ze, "gu").replace(/notPunctSpace/g, ut).replace(/punctSpace/g, lt).replace(/punct/g, Ae).getRegex();
var mt = "^[^_*]*?__[^_*]*?\\*[^_*]*?(?=__)|[^*]+(?=[^*])|(?!\\*)punct(\\*+)(?=[\\s]|$)|notPunctSpace(\\*+)(?!\\*)(?=punctSpace|$)|(?!\\*)[\\s](\\*+)(?=notPunctSpace)|[\\s](\\*+)(?!\\*)(?=punct)|(?!\\*)punct(\\*+)(?!\\*)(?=punct)|(?:(?!\\*)punct|notPunctSpace)(\\*+)(?!\\*)(?=notPunctSpace)";
var xt = g(mt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var bt = g("^[^_*]*?\\*\\*[^_*]*?_[^_*]*?(?=\\*\\*)|[^_]+(?=[^_])|(?!_)punct(_+)(?=[\\s]|$)|notPunctSpace(_+)(?!_)(?=punctSpace|$)|(?!_)punctSpace(_+)(?=notPunctSpace)|[\\s](_+)(?!_)(?=punct)|(?!_)punct(_+)(?!_)(?=punct)", "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var Rt = "^[^_*]*?\\*\\*[^_*]*?_[^_*]*?(?=\\*\\*)|[^_]+(?=[^_])|(?!_)punct(_+)(?=[\\s]|$)|notPunctSpace(_+)(?!_)(?=punctSpace|$)|(?!_)[\\s](_+)(?=notPunctSpace)|[\\s](_+)(?!_)(?=punct)|(?!_)punct(_+)(?!_)(?=punct)|(?:(?!_)punct|notPunctSpace)(_+)(?!_)(?=notPunctSpace)";
var Tt = g(Rt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var Ot = g(/^~~?(?:((?!~)punct)|[^\s~])/, "u").replace(/punct/g, L).getRegex();
var wt = "^[^~]+(?=[^~])|(?!~)punct(~~?)(?=[\\s]|$)|notPunctSpace(~~?)(?!~)(?=punctSpace|$)|(?!~)punctSpace(~~?)(?=notPunctSpace)|[\\s](~~?)(?!~)(?=punct)|(?!~)punct(~~?)(?!~)(?=punct)|notPunctSpace(~~?)(?=notPunctSpace)";
var Pt = g(wt, "gu").replace(/notPunctSpace/g, Y).replace(/punctSpace/g, N).replace(/punct/g, L).getRegex();
var yt = g(/\\(punct)/, "gu").replace(/punct/g, L).getRegex();
var St = g(/(`+)(?:[^`]|[^`][\s\S]*?[^`])\1(?!`)|`+|\\(punct)/, "gu").replace(/punct/g, L).getRegex();
var _t = g(/^<(scheme:[^\s\x00-\x1f<>]*|email)>/).replace("scheme", /[a-zA-Z][a-zA-Z0-9+.-]{1,31}/).replace("email", /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+(@)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?![-_])/).getRegex();
var $t = g(ke).replace("(?:-->|$)", "-->").getRegex();
var Lt = g("^comment|^</[a-zA-Z][a-zA-Z0-9-]*\\s*>|^<[a-zA-Z][a-zA-Z0-9-]*(?:attribute)*?\\s*/?>|^<\\?[\\s\\S]*?\\?>|^<![a-zA-Z]+\\s[\\s\\S]*?>|^<!\\[CDATA\\[[\\s\\S]*?\\]\\]>").replace("comment", $t).replace("attribute", /\s+[a-zA-Z:_][\w.:-]*(?:\s*=\s*"[^"]*"|\s*=\s*'[^']*'|\s*=\s*[^\s"'=<>`]+)?/).getRegex();
var Me = /\[(?:\\[\s\S]|[^\[\]\\])*\]/;
var ie = g(/(?:\[(?:brackets|\\[\s\S]|[^\[\]\\])*\]|\\[\s\S]|`+(?!`)[^`]*?`+(?!`)|``+(?=\])|[^\[\]\\`])*?/).replace("brackets", Me).getRegex();
var Ct = g(/^!?\[(label)\]\([ \t\n]*(href)(?:(?:[ \t]+(?:\n[ \t]*)?|\n[ \t]*)(title))?[ \t\n]*\)/).replace("label", ie).replace("href", /<(?:\\.|[^\n<>\\])*>|(?!<)[^ \t\n\x00-\x1f]+|(?=\))/).replace("title", /"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'|\((?:\\[\s\S]|[^)\\])*\)/).getRegex();
var It = g(/^!?\[(label)\]\[(ref)\]/).replace("label", ie).replace("ref", ge).getRegex();
var At = g(/^!?\[(ref)\](?:\[\])?/).replace("ref", ge).getRegex();
var ye = /(?!\s*\])(?:\\[\s\S]|[^\[\]\\]){1,999}/;
var Et = g(/(?:[^\[\]\\`]*(?:\[(?:brackets|\\[\s\S]|[^\[\]\\])*\]|\\[\s\S]|`+(?!`)[^`]*?`+(?!`)|``+(?=\]))){0,999}?[^\[\]\\`]*?/).replace("brackets", Me).getRegex();
var zt = g("reflink|nolink(?!\\()", "g").replace("reflink", g(/^!?\[(label)\]\[(ref)\]/).replace("label", Et).replace("ref", ye).getRegex()).replace("nolink", g(/^!?\[(ref)\](?:\[\])?/).replace("ref", ye).getRegex()).getRegex();
var Se = /[hH][tT][tT][pP][sS]?|[fF][tT][pP]/;
var Mt = /[A-Za-z0-9._+-]+@[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/;
var Bt = g(/(?:mailto:email|xmpp:email(?:\/[A-Za-z0-9@.]+)?)/).replace(/email/g, Mt).getRegex();
var me = { _backpedal: q, anyPunctuation: yt, anyPunctuationOutsideCode: St, autolink: _t, blockSkip: pt, br: Ie, code: st, del: q, delLDelim: q, delRDelim: q, emStrongLDelim: ct, emStrongRDelimAst: kt, emStrongRDelimUnd: bt, escape: rt, link: Ct, nolink: At, punctuation: ot, reflink: It, reflinkSearch: zt, tag: Lt, text: it, url: q };
var Dt = { ...me, emStrongLDelim: gt, emStrongRDelimAst: xt, emStrongRDelimUnd: Tt, link: g(/^!?\[(label)\]\((.*?)\)/).replace("label", ie).getRegex(), reflink: g(/^!?\[(label)\]\s*\[([^\]]*)\]/).replace("label", ie).getRegex() };
var pe = { ...me, emStrongRDelimAst: ft, emStrongLDelim: ht, delLDelim: Ot, delRDelim: Pt, url: g(/^emailProtocol|^((?:protocol):\/\/|www\.)(?:[a-zA-Z0-9\-]+\.?)+[^\s<]*|^email/).replace("emailProtocol", Bt).replace("protocol", Se).replace("email", /[A-Za-z0-9._+-]+(@)[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/).getRegex(), _backpedal: /(?:[^?!.,:;*_'"~()&]+|\([^)]*\)|&(?![a-zA-Z0-9]+;$)|[?!.,:;*_'"~)]+(?!$))+/, del: /^(~~?)(?=[^\s~])((?:\\[\s\S]|[^\\])*?(?:\\[\s\S]|[^\s~\\]))\1(?=[^~]|$)/, text: g(/^(?:[^a-zA-Z0-9](?=emailProtocol)|(`+|~+|[^`~])(?:(?=[`~])|(?= {2,}\n)|(?=[a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-]+@)|[\s\S]*?(?:(?=[\\<!\[`*~_]|\b_|protocol:\/\/|wwwStart|$)|[^ ](?= {2,}\n)|[^a-zA-Z0-9](?=emailProtocol)|[^a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-](?=[a-zA-Z0-9.!#$%&'*+\/=?_`{\|}~-]+@))))/).replace("protocol", Se).replace(/emailProtocol/g, /(?:mailto|xmpp):/).replace("wwwStart", _e ? "(?<![^\\s*_~(])www\\." : "www\\.").getRegex() };
var qt = { ...pe, br: g(Ie).replace("{2,}", "*").getRegex(), text: g(pe.text).replace("\\b_", "\\b_| {2,}\\n").replace(/\{2,\}/g, "*").getRegex() };
var ee = { normal: fe, gfm: tt, pedantic: nt };
var F = { normal: me, gfm: pe, breaks: qt, pedantic: Dt };
var vt = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
var Be = (l3) => vt[l3];
function y(l3, e) {
  if (e) {
    if (O.escapeTest.test(l3)) return l3.replace(O.escapeReplace, Be);
  } else if (O.escapeTestNoEncode.test(l3)) return l3.replace(O.escapeReplaceNoEncode, Be);
  return l3;
}
function De(l3) {
  return O.numericCharacterReference.test(l3) ? l3.replace(O.numericCharacterReferenceOrAmpersand, (e, t, n) => {
    if (t === void 0 && n === void 0) return "&amp;";
    let r = t === void 0 ? Number.parseInt(n, 16) : Number.parseInt(t, 10);
    return r === 0 || r > 1114111 || r >= 55296 && r <= 57343 ? "\uFFFD" : r === 38 ? "&amp;" : String.fromCodePoint(r);
  }) : l3;
}
function xe(l3) {
  try {
    l3 = encodeURI(l3).replace(O.percentDecode, "%");
  } catch {
    return null;
  }
  return l3;
}
function be(l3, e) {
  let t = l3.replace(O.findPipe, (s, o, i) => {
    let a = false, c = o;
    for (; --c >= 0 && i[c] === "\\"; ) a = !a;
    return a ? "|" : " |";
  }), n = t.split(O.splitPipe), r = 0;
  if (n[0].trim() || n.shift(), n.length > 0 && !n.at(-1)?.trim() && n.pop(), e) if (n.length > e) n.splice(e);
  else for (; n.length < e; ) n.push("");
  for (; r < n.length; r++) n[r] = n[r].trim().replace(O.slashPipe, "|");
  return n;
}
function C(l3, e, t) {
  let n = l3.length;
  if (n === 0) return "";
  let r = 0;
  for (; r < n; ) {
    let s = l3.charAt(n - r - 1);
    if (s === e && !t) r++;
    else if (s !== e && t) r++;
    else break;
  }
  return l3.slice(0, n - r);
}
function Re(l3) {
  let e = l3.split(`
`), t = e.length - 1;
  for (; t >= 0 && O.blankLine.test(e[t]); ) t--;
  return e.length - t <= 2 ? l3 : e.slice(0, t + 1).join(`
`);
}
function W(l3) {
  return l3.trim().replace(O.multipleSpaceGlobal, " ").toLowerCase().toUpperCase().toLowerCase();
}
function Te(l3, e) {
  if (l3.indexOf(e[0]) === -1 && l3.indexOf(e[1]) === -1) return -1;
  let t = 0;
  for (let n = 0; n < l3.length; n++) if (l3[n] === "\\") n++;
  else if (l3[n] === e[0]) t++;
  else if (l3[n] === e[1] && (t--, t < 0)) return n;
  return t > 0 ? -2 : -1;
}
var Q = /* @__PURE__ */ new WeakMap();
function Oe(l3) {
  let e = { "*": -1, _: -1 }, t = -1, n = l3.length;
  for (let r = 0; r < n; r++) {
    let s = l3[r];
    if (s !== "*" && s !== "_" && s !== "~") continue;
    let o = r === 0 ? `
` : l3[r - 1], i = r + 1;
    for (; i < n && l3[i] === s; ) i++;
    o !== " " && o !== "	" && o !== `
` && o !== "\r" && o !== "\f" && (s === "~" ? t = r : e[s] = r), r = i - 1;
  }
  return { maskedSrc: l3, lastPossibleEmStrongCloserIndex: e, lastPossibleDelCloserIndex: t };
}
function qe(l3, e) {
  let t = Oe(e), n = Q.get(l3);
  n ? n.push(t) : Q.set(l3, [t]);
}
function ve(l3) {
  let e = Q.get(l3);
  e && (e.pop(), e.length === 0 && Q.delete(l3));
}
function oe(l3, e, t) {
  let n = Q.get(l3)?.at(-1);
  return n && n.maskedSrc === e ? n.lastPossibleEmStrongCloserIndex[t] : Oe(e).lastPossibleEmStrongCloserIndex[t];
}
function ae(l3, e) {
  let t = Q.get(l3)?.at(-1);
  return t && t.maskedSrc === e ? t.lastPossibleDelCloserIndex : Oe(e).lastPossibleDelCloserIndex;
}
function te(l3, e = 0) {
  let t = e, n = "";
  for (let r of l3) if (r === "	") {
    let s = 4 - t % 4;
    n += " ".repeat(s), t += s;
  } else n += r, t++;
  return n;
}
function Ht(l3, e) {
  let t = "";
  for (let n = 0; n < l3.length; n++) {
    if (l3[n] === "`") {
      let r = e.inline.code.exec(l3.slice(n));
      if (r) {
        t += r[0], n += r[0].length - 1;
        continue;
      }
    }
    if (l3[n] === "\\" && (l3[n + 1] === "[" || l3[n + 1] === "]")) {
      t += l3[n + 1], n++;
      continue;
    }
    t += l3[n];
  }
  return t;
}
function He(l3, e, t, n, r) {
  let s = e.href, o = e.title || null, i = Ht(l3[1], r), a = l3[0].charAt(0) === "!", c = n.state.inLink, u = n.state.linkEmitted, d = n.state.inRawBlock;
  n.state.inLink = true, n.state.linkEmitted = false;
  let h = n.inlineTokens(i), p = n.state.linkEmitted;
  if (n.state.linkEmitted = u, n.state.inLink = c, !a) {
    if (p) {
      n.state.inRawBlock = d;
      return;
    }
    n.state.linkEmitted = true;
  }
  return { type: a ? "image" : "link", raw: t, href: s, title: o, text: i, tokens: h };
}
function Zt(l3, e, t) {
  let n = l3.match(t.other.indentCodeCompensation);
  if (n === null) return e;
  let r = n[1];
  return e.split(`
`).map((s) => {
    let o = s.match(t.other.beginningSpace);
    if (o === null) return s;
    let [i] = o;
    return s.slice(Math.min(i.length, r.length));
  }).join(`
`);
}
function Ze(l3, e, t, n) {
  if (!e.includes("<")) return false;
  for (let r = 0; r < e.length; r++) {
    if (e[r] === "\\") {
      r++;
      continue;
    }
    if (e[r] === "`") {
      let i = n.inline.code.exec(e.slice(r));
      if (i) {
        r += i[0].length - 1;
        continue;
      }
    }
    if (e[r] !== "<") continue;
    let s = l3.slice(t + r), o = n.inline.tag.exec(s) || n.inline.autolink.exec(s);
    if (o) {
      if (o[0].length > e.length - r) return true;
      r += o[0].length - 1;
    }
  }
  return false;
}
var _ = class {
  options;
  rules;
  lexer;
  constructor(e) {
    this.options = e || S;
  }
  space(e) {
    let t = this.rules.block.newline.exec(e);
    if (t && t[0].length > 0) return { type: "space", raw: t[0] };
  }
  code(e) {
    let t = this.rules.block.code.exec(e);
    if (t) {
      let n = this.options.pedantic ? t[0] : Re(t[0]), r = n.replace(this.rules.other.codeRemoveIndent, "");
      return { type: "code", raw: n, codeBlockStyle: "indented", text: r };
    }
  }
  fences(e) {
    let t = this.rules.block.fences.exec(e);
    if (t) {
      let n = t[0], r = Zt(n, t[3] || "", this.rules);
      return t[3] !== void 0 && (r === "" || r.endsWith(`
`)) && (r += `
`), { type: "code", raw: n, lang: t[2] ? t[2].trim().replace(this.rules.inline.anyPunctuation, "$1") : t[2], text: r };
    }
  }
  heading(e) {
    let t = this.rules.block.heading.exec(e);
    if (t) {
      let n = t[2].trim();
      if (this.rules.other.endingHash.test(n)) {
        let r = C(n, "#");
        (this.options.pedantic || !r || this.rules.other.endingSpaceTabChar.test(r)) && (n = r.trim());
      }
      return { type: "heading", raw: C(t[0], `
`), depth: t[1].length, text: n, tokens: this.lexer.inline(n) };
    }
  }
  hr(e) {
    let t = this.rules.block.hr.exec(e);
    if (t) return { type: "hr", raw: C(t[0], `
`) };
  }
  blockquote(e) {
    let t = this.rules.block.blockquote.exec(e);
    if (t) {
      let n = C(t[0], `
`).split(`
`), r = "", s = "", o = [];
      for (; n.length > 0; ) {
        let i = false, a = [], c;
        for (c = 0; c < n.length; c++) if (this.rules.other.blockquoteStart.test(n[c])) a.push(n[c]), i = true;
        else if (!i) a.push(n[c]);
        else break;
        n = n.slice(c);
        let u = a.join(`
`), d = u.replace(this.rules.other.blockquoteMarkerWhitespace, (k, m, b) => b.startsWith(" ") ? m + " " + b.slice(1) : m + te(b, m.length)).replace(this.rules.other.blockquoteSetextReplace, `
    $1`).replace(this.rules.other.blockquoteSetextReplace2, "");
        r = r ? `${r}
${u}` : u, s = s ? `${s}
${d}` : d;
        let h = this.lexer.state.top;
        if (this.lexer.state.top = true, this.lexer.blockTokens(d, o, true), this.lexer.state.top = h, n.length === 0) break;
        let p = o.at(-1);
        if (p?.type === "code" || p?.type === "heading" || p?.type === "hr" || p?.type === "html" || p?.type === "table") break;
        if (p?.type === "blockquote") {
          let k = p, m = n.join(`
`), b = k.raw + `
` + m.replace(this.rules.other.blockquoteSetextReplace2, ""), f = this.blockquote(b);
          o[o.length - 1] = f;
          let R = b.substring(f.raw.length).replace(/^\n/, ""), E = R ? R.split(`
`).length : 0, T2 = E ? n.slice(0, -E) : n;
          if (T2.length > 0 && (r = `${r}
${T2.join(`
`)}`), s = s.substring(0, s.length - k.text.length) + f.text, n = n.slice(T2.length), n.length > 0 && this.rules.other.blockquoteStart.test(n[0])) continue;
          break;
        } else if (p?.type === "list") {
          let k = p, m = k.raw + `
` + n.join(`
`), b = this.list(m);
          o[o.length - 1] = b;
          let f = b.raw.length > k.raw.length ? m.slice(k.raw.length + 1, b.raw.length).split(`
`).length : 0;
          if (f > 0) {
            let R = n.slice(0, f).join(`
`);
            r = `${r}
${R}`, s = `${s}
${R}`;
          }
          if (n = n.slice(f), n.length > 0 && !this.rules.other.blockquoteStart.test(n[0])) break;
          continue;
        }
      }
      return { type: "blockquote", raw: r, tokens: o, text: s };
    }
  }
  list(e) {
    let t = this.rules.block.list.exec(e);
    if (t) {
      if (!this.options.pedantic && this.lexer.state.lastToken?.type === "text" && !this.rules.other.listInterruptsParagraph.test(e)) return;
      let n = e, r = () => n.length - e.length, s = t[1].trim(), o = s.length > 1, i = { type: "list", raw: "", ordered: o, start: o ? +s.slice(0, -1) : "", loose: false, items: [] };
      s = o ? `\\d{1,9}\\${s.slice(-1)}` : `\\${s}`, this.options.pedantic && (s = o ? s : "[*+-]");
      let a = this.rules.other.listItemRegex(s), c = false;
      for (; e; ) {
        let h = false, p = "";
        if (!(t = a.exec(e)) || this.rules.block.hr.test(e)) break;
        let k = r();
        e = e.substring(t[0].length);
        let m = t[2].split(`
`, 1)[0], b = t[1].length, f = this.options.pedantic ? te(m, b) : m.replace(this.rules.other.leadingSpaceTab, (H) => te(H, b)), R = e.split(`
`, 1)[0], E = !f.trim(), T2 = 0;
        if (this.options.pedantic ? (T2 = 2, p = f.trimStart()) : E ? T2 = b + 1 : (T2 = f.search(this.rules.other.nonSpaceChar), T2 = T2 > 4 ? 1 : T2, p = f.slice(T2), T2 += b), E && this.rules.other.blankLine.test(R) && (e = e.substring(R.length + 1), h = true), !h) {
          let H = this.rules.other.nextBulletRegex(T2), K = this.rules.other.hrRegex(T2), re = this.rules.other.fencesBeginRegex(T2), B = this.options.pedantic ? this.rules.other.pedanticHeadingBeginRegex(T2) : this.rules.other.headingBeginRegex(T2), X = this.rules.other.htmlBeginRegex(T2), se = this.rules.other.blockquoteBeginRegex(T2), le = false;
          for (; e; ) {
            let we = e.split(`
`, 1)[0], Z2;
            if (R = we, this.options.pedantic ? (R = R.replace(this.rules.other.listReplaceNesting, "  "), Z2 = R) : Z2 = R.replace(this.rules.other.leadingSpaceTab, ($) => te($)), re.test(R) || B.test(R) || X.test(R) || se.test(R) || H.test(R) || K.test(R)) break;
            if (Z2.search(this.rules.other.nonSpaceChar) >= T2 || !R.trim()) p += `
` + Z2.slice(T2), le = false;
            else {
              if (E) break;
              let $ = f;
              if (!this.options.pedantic && !p.includes(`
`) && !f.includes("	")) {
                let j;
                for (; !K.test($) && (j = this.rules.other.nestedBlockMarker.exec($)); ) $ = $.slice(j[0].length);
                if (!$.trim()) break;
              }
              if ($.replace(this.rules.other.tabCharGlobal, "    ").search(this.rules.other.nonSpaceChar) >= 4 || re.test($) || B.test($) || X.test($) || K.test($)) break;
              if (!this.options.pedantic && !le) {
                let j = f.replace(this.rules.other.nestedContainerMarkers, "");
                if (this.rules.block.fences.test(j) || this.rules.block.heading.test(j) || this.rules.block.hr.test(j)) break;
              }
              let je = !this.options.pedantic && /^ {0,3}(?:=+|-+) *$/.test(R) && this.rules.block.lheading.test(`${f}
${R}`) ? `    ${Z2.replace(/^ {0,3}/, "")}` : R;
              p += `
` + je, le = true;
            }
            E = !R.trim(), e = e.substring(we.length + 1), f = Z2.slice(T2);
          }
        }
        let U = n.slice(k, r());
        i.loose || (c ? i.loose = true : this.rules.other.doubleBlankLine.test(U) && (c = true)), i.items.push({ type: "list_item", raw: U, task: !!this.options.gfm && this.rules.other.listIsTask.test(p), loose: false, text: p, tokens: [] });
      }
      let u = i.items.at(-1);
      if (u) u.raw = u.raw.trimEnd(), u.text = u.text.trimEnd();
      else return;
      i.raw = n.slice(0, r()).trimEnd();
      let d = [];
      for (let h of i.items) if (this.lexer.state.top = false, d.push(this.lexer.inlineQueue.length), h.tokens = this.lexer.blockTokens(h.text, []), !i.loose) {
        let p = h.tokens.filter((m) => m.type === "space"), k = p.length > 0 && p.some((m) => this.rules.other.anyLine.test(m.raw));
        i.loose = k;
      }
      for (let h = 0; h < i.items.length; h++) {
        let p = i.items[h], k = p.tokens[0];
        if (p.task && (k?.type === "text" || k?.type === "paragraph")) {
          p.text = p.text.replace(this.rules.other.listReplaceTask, ""), k.raw = k.raw.replace(this.rules.other.listReplaceTask, ""), k.text = k.text.replace(this.rules.other.listReplaceTask, "");
          let m = this.lexer.inlineQueue;
          for (let f = d[h]; f < m.length; f++) if (m[f].tokens === k.tokens) {
            m[f].src = m[f].src.replace(this.rules.other.listReplaceTask, "");
            break;
          }
          let b = this.rules.other.listTaskCheckbox.exec(p.raw);
          if (b) {
            let f = { type: "checkbox", raw: b[0] + " ", checked: b[0] !== "[ ]" };
            p.checked = f.checked, i.loose ? p.tokens[0] && ["paragraph", "text"].includes(p.tokens[0].type) && "tokens" in p.tokens[0] && p.tokens[0].tokens ? (p.tokens[0].raw = f.raw + p.tokens[0].raw, p.tokens[0].text = f.raw + p.tokens[0].text, p.tokens[0].tokens.unshift(f)) : p.tokens.unshift({ type: "paragraph", raw: f.raw, text: f.raw, tokens: [f] }) : p.tokens.unshift(f);
          }
        } else p.task && (p.task = false);
      }
      if (i.loose) for (let h of i.items) {
        h.loose = true;
        for (let p of h.tokens) p.type === "text" && (p.type = "paragraph");
      }
      return i;
    }
  }
  html(e) {
    let t = this.rules.block.html.exec(e);
    if (t) {
      if (this.lexer.state.lastToken?.type === "paragraph" && !this.rules.other.htmlBeginRegex(4).test(e)) return;
      let n = Re(t[0]);
      return { type: "html", block: true, raw: n, pre: t[1] === "pre" || t[1] === "script" || t[1] === "style", text: n };
    }
  }
  def(e) {
    let t = this.rules.block.def.exec(e);
    if (t) {
      if (!this.rules.other.startAngleBracket.test(t[2]) && Te(t[2], "()") !== -1) return;
      let n = W(t[1]), r = t[2] ? t[2].replace(this.rules.other.hrefBrackets, "$1").replace(this.rules.inline.anyPunctuation, "$1") : "", s = t[3] ? t[3].substring(1, t[3].length - 1).replace(this.rules.inline.anyPunctuation, "$1") : t[3];
      return { type: "def", tag: n, raw: C(t[0], `
`), href: r, title: s };
    }
  }
  table(e) {
    let t = this.rules.block.table.exec(e);
    if (!t || !this.rules.other.tableDelimiter.test(t[2])) return;
    let n = be(t[1]), r = t[2].replace(this.rules.other.tableAlignChars, "").split("|"), s = t[3]?.trim() ? t[3].replace(this.rules.other.tableRowBlankLine, "").split(`
`) : [], o = { type: "table", raw: C(t[0], `
`), header: [], align: [], rows: [] };
    if (n.length === r.length) {
      for (let i of r) this.rules.other.tableAlignRight.test(i) ? o.align.push("right") : this.rules.other.tableAlignCenter.test(i) ? o.align.push("center") : this.rules.other.tableAlignLeft.test(i) ? o.align.push("left") : o.align.push(null);
      for (let i = 0; i < n.length; i++) o.header.push({ text: n[i], tokens: this.lexer.inline(n[i]), header: true, align: o.align[i] });
      for (let i of s) o.rows.push(be(i, o.header.length).map((a, c) => ({ text: a, tokens: this.lexer.inline(a), header: false, align: o.align[c] })));
      return o;
    }
  }
  lheading(e) {
    let t = this.rules.block.lheading.exec(e);
    if (t) {
      let n = t[1].trim();
      return { type: "heading", raw: C(t[0], `
`), depth: t[2].charAt(0) === "=" ? 1 : 2, text: n, tokens: this.lexer.inline(n) };
    }
  }
  paragraph(e) {
    let t = this.rules.block.paragraph.exec(e);
    if (t) {
      let n = t[1].charAt(t[1].length - 1) === `
` ? t[1].slice(0, -1) : t[1];
      return { type: "paragraph", raw: t[0], text: n, tokens: this.lexer.inline(n) };
    }
  }
  text(e) {
    let t = this.rules.block.text.exec(e);
    if (t) return { type: "text", raw: t[0], text: t[0], tokens: this.lexer.inline(t[0]) };
  }
  escape(e) {
    if (e.charCodeAt(0) !== 92) return;
    let t = this.rules.inline.escape.exec(e);
    if (t) return { type: "escape", raw: t[0], text: t[1] };
  }
  tag(e) {
    if (e.charCodeAt(0) !== 60) return;
    let t = this.rules.inline.tag.exec(e);
    if (t) return !this.lexer.state.inLink && this.rules.other.startATag.test(t[0]) ? this.lexer.state.inLink = true : this.lexer.state.inLink && this.rules.other.endATag.test(t[0]) && (this.lexer.state.inLink = false), !this.lexer.state.inRawBlock && this.rules.other.startPreScriptTag.test(t[0]) ? this.lexer.state.inRawBlock = true : this.lexer.state.inRawBlock && this.rules.other.endPreScriptTag.test(t[0]) && (this.lexer.state.inRawBlock = false), { type: "html", raw: t[0], inLink: this.lexer.state.inLink, inRawBlock: this.lexer.state.inRawBlock, block: false, text: t[0] };
  }
  link(e) {
    if (this.lexer.state.linkParenPossible === false) return;
    let t = e.charCodeAt(0);
    if (t !== 91 && t !== 33) return;
    let n = this.rules.inline.link.exec(e);
    if (n) {
      let r = n[0].charAt(0) === "!" ? 2 : 1;
      if (!this.options.pedantic && Ze(e, n[1], r, this.rules)) return;
      let s = n[2].trim();
      if (!this.options.pedantic && this.rules.other.startAngleBracket.test(s)) {
        if (!this.rules.other.endAngleBracket.test(s)) return;
        let c = C(s.slice(0, -1), "\\");
        if ((s.length - c.length) % 2 === 0) return;
      } else {
        let c = Te(n[2], "()");
        if (c === -2) return;
        if (c > -1) {
          let d = (n[0].indexOf("!") === 0 ? 5 : 4) + n[1].length + c;
          n[2] = n[2].substring(0, c), n[0] = n[0].substring(0, d).trim(), n[3] = "";
        }
      }
      let o = C(n[0].slice(0, -1), "\\");
      if ((n[0].length - o.length) % 2 === 0) return;
      let i = n[2], a = "";
      if (this.options.pedantic) {
        let c = this.rules.other.pedanticHrefTitle.exec(i);
        c && (i = c[1], a = c[3]);
      } else a = n[3] ? n[3].slice(1, -1) : "";
      return i = i.trim(), this.rules.other.startAngleBracket.test(i) && (this.options.pedantic && !this.rules.other.endAngleBracket.test(s) ? i = i.slice(1) : i = i.slice(1, -1)), He(n, { href: i && i.replace(this.rules.inline.anyPunctuation, "$1"), title: a && a.replace(this.rules.inline.anyPunctuation, "$1") }, n[0], this.lexer, this.rules);
    }
  }
  reflink(e, t) {
    let n = e.charCodeAt(0);
    if (n !== 91 && n !== 33) return;
    let r;
    if ((r = this.rules.inline.reflink.exec(e)) || (r = this.rules.inline.nolink.exec(e))) {
      let s = r[0].charAt(0) === "!" ? 2 : 1;
      if (!this.options.pedantic && Ze(e, r[1], s, this.rules)) return;
      let o = t[W(r[2] || r[1])];
      if (!o) {
        let i = r[0].charAt(0);
        return { type: "text", raw: i, text: i };
      }
      return He(r, o, r[0], this.lexer, this.rules);
    }
  }
  emStrong(e, t, n = "") {
    let r = this.rules.inline.emStrongLDelim.exec(e);
    if (!r || !r[1] && !r[2] && !r[3] && !r[4]) return;
    let s = r[0][0], o = n === s, i = t.length - e.length, a = i;
    for (; !this.options.pedantic && a > 0 && t[a - 1] === s; ) a--;
    let c = [...t.slice(Math.max(0, a - 2), a)].at(-1) ?? "", u = c === "*" || c === "_" || !!this.rules.inline.punctuation.exec(c);
    a < i && (n = c);
    let d = a < i ? u : n === "*" || n === "_" || !!this.rules.inline.punctuation.exec(n);
    if (r[4] && n.match(this.rules.other.unicodeAlphaNumeric)) return;
    let h = r[1] || r[3] || "";
    if (!h || !n || d) {
      let p = [...r[0]].length - 1, k, m, b = p, f = 0, R = i - a + p, E = !this.options.pedantic && !!c.trim() && (!!h || s === "*" && !u);
      if (s !== "*" && s !== "_") return;
      let T2 = s === "*" ? this.rules.inline.emStrongRDelimAst : this.rules.inline.emStrongRDelimUnd, U = oe(this, t, s), H = t.length - e.length + p;
      if (U < H) return;
      t = t.slice(-1 * e.length + p);
      let K = U - H;
      for (T2.lastIndex = 0; (r = T2.exec(t)) !== null && !(r.index > K); ) {
        if (k = r[1] || r[2] || r[3] || r[4] || r[5] || r[6], !k) continue;
        if (m = [...k].length, r[3] || r[4]) {
          b += m;
          continue;
        } else if ((r[5] || r[6] || E) && R % 3 && !((R + m) % 3)) {
          if (o && (r[5] || r[6])) break;
          f += m;
          continue;
        }
        if (b -= m, b > 0) continue;
        m = Math.min(m, m + b + f);
        let re = [...r[0]][0].length, B = e.slice(0, p + r.index + re + m);
        if (Math.min(p, m) % 2) {
          let se = B.slice(1, -1);
          return { type: "em", raw: B, text: se, tokens: this.lexer.inlineTokens(se) };
        }
        let X = B.slice(2, -2);
        return { type: "strong", raw: B, text: X, tokens: this.lexer.inlineTokens(X) };
      }
    }
  }
  codespan(e) {
    if (e.charCodeAt(0) !== 96) return;
    let t = this.rules.inline.code.exec(e);
    if (t) {
      let n = t[2].replace(this.rules.other.newLineCharGlobal, " "), r = this.rules.other.nonSpaceChar.test(n), s = this.rules.other.startingSpaceChar.test(n) && this.rules.other.endingSpaceChar.test(n);
      return r && s && (n = n.substring(1, n.length - 1)), { type: "codespan", raw: t[0], text: n };
    }
  }
  br(e) {
    let t = e.charCodeAt(0);
    if (t !== 32 && t !== 92 && t !== 10) return;
    let n = this.rules.inline.br.exec(e);
    if (n) return { type: "br", raw: n[0] };
  }
  del(e, t, n = "") {
    if (e.charCodeAt(0) !== 126) return;
    let r = this.rules.inline.delLDelim.exec(e);
    if (!r) return;
    if (!(r[1] || "") || !n || this.rules.inline.punctuation.exec(n)) {
      let o = [...r[0]].length - 1, i, a, c = o, u = this.rules.inline.delRDelim, d = ae(this, t), h = t.length - e.length + o;
      if (d < h) return;
      t = t.slice(-1 * e.length + o);
      let p = d - h;
      for (u.lastIndex = 0; (r = u.exec(t)) !== null && !(r.index > p); ) {
        if (i = r[1] || r[2] || r[3] || r[4] || r[5] || r[6], !i || (a = [...i].length, a !== o)) continue;
        if (r[3] || r[4]) {
          c += a;
          continue;
        }
        if (c -= a, c > 0) continue;
        a = Math.min(a, a + c);
        let k = [...r[0]][0].length, m = e.slice(0, o + r.index + k + a), b = m.slice(o, -o);
        return { type: "del", raw: m, text: b, tokens: this.lexer.inlineTokens(b) };
      }
    }
  }
  autolink(e) {
    if (e.charCodeAt(0) !== 60) return;
    let t = this.rules.inline.autolink.exec(e);
    if (t) {
      let n, r;
      return t[2] === "@" ? (n = t[1], r = "mailto:" + n) : (n = t[1], r = n), { type: "link", raw: t[0], text: n, href: r, autolink: true, tokens: [{ type: "text", raw: n, text: n }] };
    }
  }
  url(e) {
    let t;
    if (t = this.rules.inline.url.exec(e)) {
      let n, r;
      if (t[2] === "@") n = t[0], r = "mailto:" + n;
      else {
        let s;
        do
          s = t[0], t[0] = this.rules.inline._backpedal.exec(t[0])?.[0] ?? "";
        while (s !== t[0]);
        n = t[0], t[1] === "www." ? r = "http://" + t[0] : r = t[0];
      }
      return { type: "link", raw: t[0], text: n, href: r, autolink: true, tokens: [{ type: "text", raw: n, text: n }] };
    }
  }
  inlineText(e) {
    let t = this.rules.inline.text.exec(e);
    if (t) {
      let n = this.lexer.state.inRawBlock;
      return { type: "text", raw: t[0], text: n ? t[0] : De(t[0]), escaped: n };
    }
  }
};
var w = class l {
  tokens;
  options;
  state;
  inlineQueue;
  tokenizer;
  constructor(e) {
    this.tokens = [], this.tokens.links = /* @__PURE__ */ Object.create(null), this.options = e || S, this.options.tokenizer = this.options.tokenizer || new _(), this.tokenizer = this.options.tokenizer, this.tokenizer.options = this.options, this.tokenizer.lexer = this, this.inlineQueue = [], this.state = { inLink: false, inRawBlock: false, linkEmitted: false, linkParenPossible: true, top: true };
    let t = { other: O, block: ee.normal, inline: F.normal };
    this.options.pedantic ? (t.block = ee.pedantic, t.inline = F.pedantic) : this.options.gfm && (t.block = ee.gfm, this.options.breaks ? t.inline = F.breaks : t.inline = F.gfm), this.tokenizer.rules = t;
  }
  static get rules() {
    return { block: ee, inline: F };
  }
  static lex(e, t) {
    return new l(t).lex(e);
  }
  static lexInline(e, t) {
    return new l(t).inlineTokens(e);
  }
  lex(e) {
    e = e.replace(O.carriageReturn, `
`), this.blockTokens(e, this.tokens);
    for (let t = 0; t < this.inlineQueue.length; t++) {
      let n = this.inlineQueue[t];
      this.state.inRawBlock = false, this.inlineTokens(n.src, n.tokens);
    }
    return this.inlineQueue = [], this.tokens;
  }
  blockTokens(e, t = [], n = false) {
    this.tokenizer.lexer = this;
    let r = this.state.lastToken;
    this.options.pedantic && (e = e.replace(O.tabCharGlobal, "    ").replace(O.spaceLine, ""));
    let s = 1 / 0, o, i = this.options.gfm && !this.options.pedantic && this.tokenizer.paragraph === _.prototype.paragraph;
    for (; e; ) {
      if (e.length < s) s = e.length;
      else {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
      this.state.lastToken = t.at(-1);
      let a;
      if (this.options.extensions?.block?.some((u) => (a = u.call({ lexer: this }, e, t)) ? (e = e.substring(a.raw.length), t.push(a), true) : false)) continue;
      if (a = this.tokenizer.space(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        a.raw.length === 1 && u !== void 0 ? u.raw += `
` : t.push(a);
        continue;
      }
      if (a = this.tokenizer.code(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "paragraph" || u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.at(-1).src = u.text) : t.push(a);
        continue;
      }
      if (a = this.tokenizer.fences(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.heading(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.hr(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.blockquote(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.list(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.html(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.def(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "paragraph" || u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.raw, this.inlineQueue.at(-1).src = u.text) : (this.tokens.links[a.tag] || (this.tokens.links[a.tag] = { href: a.href, title: a.title }), t.push(a));
        continue;
      }
      if (a = this.tokenizer.table(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      if (a = this.tokenizer.lheading(e)) {
        e = e.substring(a.raw.length), t.push(a);
        continue;
      }
      let c = e;
      if (this.options.extensions?.startBlock) {
        let u = 1 / 0, d = e.slice(1), h;
        this.options.extensions.startBlock.forEach((p) => {
          h = p.call({ lexer: this }, d), typeof h == "number" && h >= 0 && (u = Math.min(u, h));
        }), u < 1 / 0 && u >= 0 && (c = e.substring(0, u + 1));
      }
      if (this.state.top && (a = this.tokenizer.paragraph(c))) {
        let u = t.at(-1);
        (n || u === o && i) && u?.type === "paragraph" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.pop(), this.inlineQueue.at(-1).src = u.text, o = u) : (t.push(a), o = a), n = c.length !== e.length, e = e.substring(a.raw.length);
        continue;
      }
      if (a = this.tokenizer.text(e)) {
        e = e.substring(a.raw.length);
        let u = t.at(-1);
        u?.type === "text" ? (u.raw += (u.raw.endsWith(`
`) ? "" : `
`) + a.raw, u.text += `
` + a.text, this.inlineQueue.pop(), this.inlineQueue.at(-1).src = u.text) : t.push(a);
        continue;
      }
      if (e) {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
    }
    return this.state.top = true, this.state.lastToken = r, t;
  }
  inline(e, t = []) {
    return this.inlineQueue.push({ src: e, tokens: t }), t;
  }
  linkInText(e) {
    if (!e.includes("[")) return false;
    let t = this.tokenizer.rules.inline.link;
    for (let n of e.matchAll(this.tokenizer.rules.inline.blockSkip)) if (t.test(n[0]) && e.charAt(n.index - 1) !== "!") return true;
    for (let n of e.matchAll(this.tokenizer.rules.inline.reflinkSearch)) {
      let r = n[0], s = r.lastIndexOf("[");
      if (!(r.charAt(0) === "!" || !Object.hasOwn(this.tokens.links, W(r.slice(s + 1, -1)))) && !(s > 1 && this.linkInText(r.slice(1, s - 1)))) return true;
    }
    return false;
  }
  inlineTokens(e, t = []) {
    this.tokenizer.lexer = this;
    let n = this.state.linkParenPossible;
    this.state.linkParenPossible = e.includes(")");
    try {
      return this.#t(e, t);
    } finally {
      this.state.linkParenPossible = n;
    }
  }
  #t(e, t) {
    let n = e.includes("*") || e.includes("_") || e.includes("~"), r = n || this.options.hooks?.emStrongMask || this.tokenizer.emStrong !== _.prototype.emStrong || this.tokenizer.del !== _.prototype.del ? this.#r(e) : e;
    if (!n) return this.#e(e, r, t);
    qe(this.tokenizer, r);
    try {
      return this.#e(e, r, t);
    } finally {
      ve(this.tokenizer);
    }
  }
  #e(e, t, n) {
    let r = false, s = "", o = 1 / 0;
    for (; e; ) {
      if (e.length < o) o = e.length;
      else {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
      r || (s = ""), r = false;
      let i;
      if (this.options.extensions?.inline?.some((u) => (i = u.call({ lexer: this }, e, n)) ? (e = e.substring(i.raw.length), n.push(i), true) : false)) continue;
      if (i = this.tokenizer.escape(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.tag(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.link(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.reflink(e, this.tokens.links)) {
        e = e.substring(i.raw.length);
        let u = n.at(-1);
        i.type === "text" && u?.type === "text" ? (u.raw += i.raw, u.text += i.text) : n.push(i);
        continue;
      }
      let a = e[0];
      if (a === "*" || a === "_") {
        let u = t.length - e.length;
        if (oe(this.tokenizer, t, a) <= u) {
          let h = 1;
          for (; h < e.length && e.charCodeAt(h) === a.charCodeAt(0); ) h++;
          let p = e.substring(0, h), k = n.at(-1);
          k?.type === "text" && !k.escaped ? (k.raw += p, k.text += p) : n.push({ type: "text", raw: p, text: p, escaped: false }), e = e.substring(h), s = a, r = true;
          continue;
        }
      } else if (a === "~") {
        let u = t.length - e.length;
        if (ae(this.tokenizer, t) <= u) {
          let h = 1;
          for (; h < e.length && e.charCodeAt(h) === 126; ) h++;
          let p = e.substring(0, h), k = n.at(-1);
          k?.type === "text" && !k.escaped ? (k.raw += p, k.text += p) : n.push({ type: "text", raw: p, text: p, escaped: false }), e = e.substring(h), s = a, r = true;
          continue;
        }
      }
      if (i = this.tokenizer.emStrong(e, t, s)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.codespan(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.br(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.del(e, t, s)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (i = this.tokenizer.autolink(e)) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      if (!this.state.inLink && (i = this.tokenizer.url(e))) {
        e = e.substring(i.raw.length), n.push(i);
        continue;
      }
      let c = e;
      if (this.options.extensions?.startInline) {
        let u = 1 / 0, d = e.slice(1), h;
        this.options.extensions.startInline.forEach((p) => {
          h = p.call({ lexer: this }, d), typeof h == "number" && h >= 0 && (u = Math.min(u, h));
        }), u < 1 / 0 && u >= 0 && (c = e.substring(0, u + 1));
      }
      if (i = this.tokenizer.inlineText(c)) {
        e = e.substring(i.raw.length), i.raw.slice(-1) !== "_" && (s = i.raw.slice(-1)), r = true;
        let u = n.at(-1);
        u?.type === "text" ? (u.raw += i.raw, u.text += i.text) : n.push(i);
        continue;
      }
      if (e) {
        this.infiniteLoopError(e.charCodeAt(0));
        break;
      }
    }
    return n;
  }
  #n(e) {
    let { blockSkip: t, tag: n, autolink: r } = this.tokenizer.rules.inline, s = "", o = 0, i;
    for (t.lastIndex = 0; i = t.exec(e); ) {
      let a = i.index + (i[2] ? i[2].length : 0), c = i.index + i[0].length;
      if (e.charAt(a) === "<") {
        let u = e.slice(a), d = n.exec(u) || r.exec(u);
        if (!d) {
          t.lastIndex = a + 1;
          continue;
        }
        c = a + d[0].length, t.lastIndex = c;
      }
      s += e.slice(o, a) + "[" + "a".repeat(c - a - 2) + "]", o = c;
    }
    return s + e.slice(o);
  }
  #r(e) {
    let t = e;
    if (this.tokens.links && e.includes("[")) {
      let n = this.tokenizer.rules.inline.reflinkSearch, r = (s) => {
        let o = s.lastIndexOf("[");
        if (!Object.hasOwn(this.tokens.links, W(s.slice(o + 1, -1)))) return s;
        if (o > 1 && s.charAt(0) !== "!") {
          let i = s.slice(1, o - 1);
          if (this.linkInText(i)) return "[" + i.replace(n, r) + "][" + "a".repeat(s.length - o - 2) + "]";
        }
        return "[" + "a".repeat(s.length - 2) + "]";
      };
      t = t.replace(n, r);
    }
    return t = t.replace(this.tokenizer.rules.inline.anyPunctuationOutsideCode, (n, r, s) => s ? "+".repeat(n.length) : r ? r + n.slice(r.length, -r.length).replace(/`/g, "+") + r : n), t = this.#n(t), t = this.options.hooks?.emStrongMask?.call({ lexer: this }, t) ?? t, t;
  }
  infiniteLoopError(e) {
    let t = "Infinite loop on byte: " + e;
    if (this.options.silent) console.error(t);
    else throw new Error(t);
  }
};
var I = class {
  options;
  parser;
  constructor(e) {
    this.options = e || S;
  }
  space(e) {
    return "";
  }
  code({ text: e, lang: t, escaped: n }) {
    let r = (t || "").match(O.notSpaceStart)?.[0], s = e ? e.replace(O.endingNewline, "") + `
` : "";
    return r ? '<pre><code class="language-' + y(r) + '">' + (n ? s : y(s, true)) + `</code></pre>
` : "<pre><code>" + (n ? s : y(s, true)) + `</code></pre>
`;
  }
  blockquote({ tokens: e }) {
    return `<blockquote>
${this.parser.parse(e)}</blockquote>
`;
  }
  html({ text: e }) {
    return e;
  }
  def(e) {
    return "";
  }
  heading({ tokens: e, depth: t }) {
    return `<h${t}>${this.parser.parseInline(e)}</h${t}>
`;
  }
  hr(e) {
    return `<hr>
`;
  }
  list(e) {
    let t = e.ordered, n = e.start, r = "";
    for (let i = 0; i < e.items.length; i++) {
      let a = e.items[i];
      r += this.listitem(a);
    }
    let s = t ? "ol" : "ul", o = t && n !== 1 ? ' start="' + n + '"' : "";
    return "<" + s + o + `>
` + r + "</" + s + `>
`;
  }
  listitem(e) {
    return `<li>${this.parser.parse(e.tokens)}</li>
`;
  }
  checkbox({ checked: e }) {
    return "<input " + (e ? 'checked="" ' : "") + 'disabled="" type="checkbox"> ';
  }
  paragraph({ tokens: e }) {
    return `<p>${this.parser.parseInline(e)}</p>
`;
  }
  table(e) {
    let t = "", n = "";
    for (let s = 0; s < e.header.length; s++) n += this.tablecell(e.header[s]);
    t += this.tablerow({ text: n });
    let r = "";
    for (let s = 0; s < e.rows.length; s++) {
      let o = e.rows[s];
      n = "";
      for (let i = 0; i < o.length; i++) n += this.tablecell(o[i]);
      r += this.tablerow({ text: n });
    }
    return r && (r = `<tbody>${r}</tbody>`), `<table>
<thead>
` + t + `</thead>
` + r + `</table>
`;
  }
  tablerow({ text: e }) {
    return `<tr>
${e}</tr>
`;
  }
  tablecell(e) {
    let t = this.parser.parseInline(e.tokens), n = e.header ? "th" : "td";
    return (e.align ? `<${n} align="${e.align}">` : `<${n}>`) + t + `</${n}>
`;
  }
  strong({ tokens: e }) {
    return `<strong>${this.parser.parseInline(e)}</strong>`;
  }
  em({ tokens: e }) {
    return `<em>${this.parser.parseInline(e)}</em>`;
  }
  codespan({ text: e }) {
    return `<code>${y(e, true)}</code>`;
  }
  br(e) {
    return "<br>";
  }
  del({ tokens: e }) {
    return `<del>${this.parser.parseInline(e)}</del>`;
  }
  link({ href: e, title: t, text: n, tokens: r, autolink: s }) {
    let o = s ? y(n, true) : this.parser.parseInline(r), i = xe(e);
    if (i === null) return o;
    e = y(i, s);
    let a = '<a href="' + e + '"';
    return t && (a += ' title="' + y(t) + '"'), a += ">" + o + "</a>", a;
  }
  image({ href: e, title: t, text: n, tokens: r }) {
    r && (n = this.parser.parseInline(r, this.parser.textRenderer));
    let s = xe(e);
    if (s === null) return y(n);
    e = s;
    let o = `<img src="${y(e)}" alt="${y(n)}"`;
    return t && (o += ` title="${y(t)}"`), o += ">", o;
  }
  text(e) {
    return "tokens" in e && e.tokens ? this.parser.parseInline(e.tokens) : "escaped" in e && e.escaped ? e.text : y(e.text);
  }
};
var z = class {
  parser;
  strong({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  em({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  codespan({ text: e }) {
    return e;
  }
  del({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  html({ text: e }) {
    return e;
  }
  text({ text: e }) {
    return e;
  }
  link({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  image({ text: e, tokens: t }) {
    return t ? this.parser.parseInline(t, this) : e;
  }
  br() {
    return `
`;
  }
  checkbox({ raw: e }) {
    return e;
  }
};
var P = class l2 {
  options;
  renderer;
  textRenderer;
  constructor(e) {
    this.options = e || S, this.options.renderer = this.options.renderer || new I(), this.renderer = this.options.renderer, this.renderer.options = this.options, this.renderer.parser = this, this.textRenderer = new z(), this.textRenderer.parser = this;
  }
  static parse(e, t) {
    return new l2(t).parse(e);
  }
  static parseInline(e, t) {
    return new l2(t).parseInline(e);
  }
  parse(e) {
    this.renderer.parser = this;
    let t = "";
    for (let n = 0; n < e.length; n++) {
      let r = e[n];
      if (this.options.extensions?.renderers?.[r.type]) {
        let o = r, i = this.options.extensions.renderers[o.type].call({ parser: this }, o);
        if (i !== false || !["space", "hr", "heading", "code", "table", "blockquote", "list", "checkbox", "html", "def", "paragraph", "text"].includes(o.type)) {
          t += i === false ? "" : i ?? "";
          continue;
        }
      }
      let s = r;
      switch (s.type) {
        case "space": {
          t += this.renderer.space(s);
          break;
        }
        case "hr": {
          t += this.renderer.hr(s);
          break;
        }
        case "heading": {
          t += this.renderer.heading(s);
          break;
        }
        case "code": {
          t += this.renderer.code(s);
          break;
        }
        case "table": {
          t += this.renderer.table(s);
          break;
        }
        case "blockquote": {
          t += this.renderer.blockquote(s);
          break;
        }
        case "list": {
          t += this.renderer.list(s);
          break;
        }
        case "checkbox": {
          t += this.renderer.checkbox(s);
          break;
        }
        case "html": {
          t += this.renderer.html(s);
          break;
        }
        case "def": {
          t += this.renderer.def(s);
          break;
        }
        case "paragraph": {
          t += this.renderer.paragraph(s);
          break;
        }
        case "text": {
          t += this.renderer.text(s);
          break;
        }
        default: {
          let o = 'Token with "' + s.type + '" type was not found.';
          if (this.options.silent) return console.error(o), "";
          throw new Error(o);
        }
      }
    }
    return t;
  }
  parseInline(e, t = this.renderer) {
    this.renderer.parser = this;
    let n = "";
    for (let r = 0; r < e.length; r++) {
      let s = e[r];
      if (this.options.extensions?.renderers?.[s.type]) {
        let i = this.options.extensions.renderers[s.type].call({ parser: this }, s);
        if (i !== false || !["escape", "html", "link", "image", "checkbox", "strong", "em", "codespan", "br", "del", "text"].includes(s.type)) {
          n += i === false ? "" : i ?? "";
          continue;
        }
      }
      let o = s;
      switch (o.type) {
        case "escape": {
          n += t.text(o);
          break;
        }
        case "html": {
          n += t.html(o);
          break;
        }
        case "link": {
          n += t.link(o);
          break;
        }
        case "image": {
          n += t.image(o);
          break;
        }
        case "checkbox": {
          n += t.checkbox(o);
          break;
        }
        case "strong": {
          n += t.strong(o);
          break;
        }
        case "em": {
          n += t.em(o);
          break;
        }
        case "codespan": {
          n += t.codespan(o);
          break;
        }
        case "br": {
          n += t.br(o);
          break;
        }
        case "del": {
          n += t.del(o);
          break;
        }
        case "text": {
          n += t.text(o);
          break;
        }
        default: {
          let i = 'Token with "' + o.type + '" type was not found.';
          if (this.options.silent) return console.error(i), "";
          throw new Error(i);
        }
      }
    }
    return n;
  }
};
var A = class {
  options;
  block;
  constructor(e) {
    this.options = e || S;
  }
  static passThroughHooks = /* @__PURE__ */ new Set(["preprocess", "postprocess", "processAllTokens", "emStrongMask"]);
  static passThroughHooksRespectAsync = /* @__PURE__ */ new Set(["preprocess", "postprocess", "processAllTokens"]);
  preprocess(e) {
    return e;
  }
  postprocess(e) {
    return e;
  }
  processAllTokens(e) {
    return e;
  }
  emStrongMask(e) {
    return e;
  }
  provideLexer(e = this.block) {
    return e ? w.lex : w.lexInline;
  }
  provideParser(e = this.block) {
    return e ? P.parse : P.parseInline;
  }
};
function M(l3, e) {
  if (Array.isArray(e)) for (let t = 0; t < e.length; t++) l3.push(e[t]);
  else l3.push(e);
}
var ne = class {
  defaults = G();
  options = this.setOptions;
  parse = this.parseMarkdown(true);
  parseInline = this.parseMarkdown(false);
  Parser = P;
  Renderer = I;
  TextRenderer = z;
  Lexer = w;
  Tokenizer = _;
  Hooks = A;
  constructor(...e) {
    this.use(...e);
  }
  walkTokens(e, t) {
    let n = [];
    for (let r of e) switch (M(n, t.call(this, r)), r.type) {
      case "table": {
        let s = r;
        for (let o of s.header) M(n, this.walkTokens(o.tokens, t));
        for (let o of s.rows) for (let i of o) M(n, this.walkTokens(i.tokens, t));
        break;
      }
      case "list": {
        let s = r;
        M(n, this.walkTokens(s.items, t));
        break;
      }
      default: {
        let s = r;
        this.defaults.extensions?.childTokens?.[s.type] ? this.defaults.extensions.childTokens[s.type].forEach((o) => {
          let i = s[o].flat(1 / 0);
          M(n, this.walkTokens(i, t));
        }) : s.tokens && M(n, this.walkTokens(s.tokens, t));
      }
    }
    return n;
  }
  use(...e) {
    let t = this.defaults.extensions || { renderers: /* @__PURE__ */ Object.create(null), childTokens: /* @__PURE__ */ Object.create(null) };
    return e.forEach((n) => {
      let r = { ...n };
      if (r.async = this.defaults.async || r.async || false, n.extensions && (n.extensions.forEach((s) => {
        if (!s.name) throw new Error("extension name required");
        if ("renderer" in s) {
          let o = t.renderers[s.name];
          o ? t.renderers[s.name] = function(...i) {
            let a = s.renderer.apply(this, i);
            return a === false && (a = o.apply(this, i)), a;
          } : t.renderers[s.name] = s.renderer;
        }
        if ("tokenizer" in s) {
          if (!s.level || s.level !== "block" && s.level !== "inline") throw new Error("extension level must be 'block' or 'inline'");
          let o = t[s.level];
          o ? o.unshift(s.tokenizer) : t[s.level] = [s.tokenizer], s.start && (s.level === "block" ? t.startBlock ? t.startBlock.push(s.start) : t.startBlock = [s.start] : s.level === "inline" && (t.startInline ? t.startInline.push(s.start) : t.startInline = [s.start]));
        }
        "childTokens" in s && s.childTokens && (t.childTokens[s.name] = s.childTokens);
      }), r.extensions = t), n.renderer) {
        let s = this.defaults.renderer || new I(this.defaults);
        for (let o in n.renderer) {
          if (!(o in s)) throw new Error(`renderer '${o}' does not exist`);
          if (["options", "parser"].includes(o)) continue;
          let i = o, a = n.renderer[i], c = s[i];
          s[i] = (...u) => {
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d === false ? "" : d ?? "";
          };
        }
        r.renderer = s;
      }
      if (n.tokenizer) {
        let s = this.defaults.tokenizer || new _(this.defaults);
        for (let o in n.tokenizer) {
          if (!(o in s)) throw new Error(`tokenizer '${o}' does not exist`);
          if (["options", "rules", "lexer"].includes(o)) continue;
          let i = o, a = n.tokenizer[i], c = s[i];
          s[i] = (...u) => {
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d;
          };
        }
        r.tokenizer = s;
      }
      if (n.hooks) {
        let s = this.defaults.hooks || new A();
        for (let o in n.hooks) {
          if (!(o in s)) throw new Error(`hook '${o}' does not exist`);
          if (["options", "block"].includes(o)) continue;
          let i = o, a = n.hooks[i], c = s[i];
          A.passThroughHooks.has(o) ? s[i] = (u) => {
            if (s.options.async && A.passThroughHooksRespectAsync.has(o)) return (async () => {
              let h = await a.call(s, u);
              return c.call(s, h);
            })();
            let d = a.call(s, u);
            return c.call(s, d);
          } : s[i] = (...u) => {
            if (s.options.async) return (async () => {
              let h = await a.apply(s, u);
              return h === false && (h = await c.apply(s, u)), h;
            })();
            let d = a.apply(s, u);
            return d === false && (d = c.apply(s, u)), d;
          };
        }
        r.hooks = s;
      }
      if (n.walkTokens) {
        let s = this.defaults.walkTokens, o = n.walkTokens;
        r.walkTokens = function(i) {
          let a = [];
          return M(a, o.call(this, i)), s && M(a, s.call(this, i)), a;
        };
      }
      this.defaults = { ...this.defaults, ...r };
    }), this;
  }
  setOptions(e) {
    return this.defaults = { ...this.defaults, ...e }, this;
  }
  lexer(e, t) {
    return w.lex(e, t ?? this.defaults);
  }
  parser(e, t) {
    return P.parse(e, t ?? this.defaults);
  }
  parseMarkdown(e) {
    return (n, r) => {
      let s = { ...r }, o = { ...this.defaults, ...s }, i = this.onError(!!o.silent, !!o.async);
      if (this.defaults.async === true && s.async === false) return i(new Error("marked(): The async option was set to true by an extension. Remove async: false from the parse options object to return a Promise."));
      if (typeof n > "u" || n === null) return i(new Error("marked(): input parameter is undefined or null"));
      if (typeof n != "string") return i(new Error("marked(): input parameter is of type " + Object.prototype.toString.call(n) + ", string expected"));
      if (o.hooks && (o.hooks.options = o, o.hooks.block = e), o.async) return (async () => {
        let a = o.hooks ? await o.hooks.preprocess(n) : n, u = await (o.hooks ? await o.hooks.provideLexer(e) : e ? w.lex : w.lexInline)(a, o), d = o.hooks ? await o.hooks.processAllTokens(u) : u;
        o.walkTokens && await Promise.all(this.walkTokens(d, o.walkTokens));
        let p = await (o.hooks ? await o.hooks.provideParser(e) : e ? P.parse : P.parseInline)(d, o);
        return o.hooks ? await o.hooks.postprocess(p) : p;
      })().catch(i);
      try {
        o.hooks && (n = o.hooks.preprocess(n));
        let c = (o.hooks ? o.hooks.provideLexer(e) : e ? w.lex : w.lexInline)(n, o);
        o.hooks && (c = o.hooks.processAllTokens(c)), o.walkTokens && this.walkTokens(c, o.walkTokens);
        let d = (o.hooks ? o.hooks.provideParser(e) : e ? P.parse : P.parseInline)(c, o);
        return o.hooks && (d = o.hooks.postprocess(d)), d;
      } catch (a) {
        return i(a);
      }
    };
  }
  onError(e, t) {
    return (n) => {
      if (n.message += `
Please report this to https://github.com/markedjs/marked.`, e) {
        let r = "<p>An error occurred:</p><pre>" + y(n.message + "", true) + "</pre>";
        return t ? Promise.resolve(r) : r;
      }
      if (t) return Promise.reject(n);
      throw n;
    };
  }
};
var v = new ne();
function x(l3, e) {
  return v.parse(l3, e);
}
x.options = x.setOptions = function(l3) {
  return v.setOptions(l3), x.defaults = v.defaults, ue(x.defaults), x;
};
x.getDefaults = G;
x.defaults = S;
function jt(...l3) {
  return v.use(...l3), x.defaults = v.defaults, ue(x.defaults), x;
}
x.use = jt;
x.walkTokens = function(l3, e) {
  return v.walkTokens(l3, e);
};
x.parseInline = v.parseInline;
x.Parser = P;
x.parser = P.parse;
x.Renderer = I;
x.TextRenderer = z;
x.Lexer = w;
x.lexer = w.lex;
x.Tokenizer = _;
x.Hooks = A;
x.parse = x;
var En = x.options;
var zn = x.setOptions;
var Mn = x.walkTokens;
var Bn = x.parseInline;
var qn = P.parse;
var vn = w.lex;

// src/report/html.ts
var STYLE = `body{font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:4px 10px}th{background:#f6f8fa}
code{background:#f6f8fa;padding:1px 4px;border-radius:4px}details{margin:1rem 0}
figure.flame{margin:1.5rem 0}figure.flame text{pointer-events:none;fill:#1f2328}figure.flame rect{stroke:#fff;stroke-width:.5}
span.undecided{display:inline-block;min-width:1.1em;padding:0 .2em;border:1.5px solid #9a6700;border-radius:50%;color:#9a6700;font-weight:700;line-height:1.1;text-align:center}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}code{background:#161b22}span.undecided{color:#d29922;border-color:#d29922}}`;
var UNDECIDED_MARK = '<span class="undecided" role="img" aria-label="undecided">?</span>';
var marked = new ne({
  renderer: {
    link(token) {
      const text2 = this.parser.parseInline(token.tokens);
      return SAFE_HREF.test(token.href) ? `<a href="${escapeHtml(token.href)}">${text2}</a>` : text2;
    },
    image(token) {
      return SAFE_HREF.test(token.href) ? `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}">` : escapeHtml(token.text);
    }
  }
});
var SAFE_HREF = /^(https?:\/\/|#)/i;
function markdownToHtml(markdown) {
  return marked.parse(markdown, { async: false });
}
function renderHtmlReport(comparison, links) {
  const body = markdownToHtml(renderSummary(comparison, links)).replaceAll("\u2754", UNDECIDED_MARK);
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>loadgate \xB7 ${escapeHtml(comparison.benchmark)}</title><style>${STYLE}</style></head>
<body>${body}${comparison.profile ? renderFlameGraph(comparison.profile) : ""}</body></html>
`;
  return withoutControlCharacters(page, { keepLayout: true });
}

// src/modes/report-html.ts
async function writeHtmlReport(comparison, resultsDir, links = {}) {
  const file = path15.join(resultsDir, "report.html");
  await writeFile6(file, renderHtmlReport(comparison, links));
  return file;
}

// src/measure/merge/segments.ts
import { readdir as readdir5 } from "node:fs/promises";
import path16 from "node:path";
var SEGMENT_DIRS_INPUT = "Input 'segment-dirs'";
var MAX_DEPTH = 4;
async function findResultsFiles(dirs, source = SEGMENT_DIRS_INPUT) {
  const found = [];
  const walk = async (dir, depth) => {
    const entries = await readdir5(dir, { withFileTypes: true }).catch(() => null);
    if (!entries) {
      if (depth === 0) throw new LoadgateError(`${source} names '${dir}': expected a readable folder`);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
      const full = path16.join(dir, entry.name);
      if (entry.isFile() && entry.name === "results.json") found.push(full);
      else if (entry.isDirectory() && depth < MAX_DEPTH) await walk(full, depth + 1);
    }
  };
  for (const dir of dirs) await walk(dir, 0);
  return found;
}
async function segmentBenchmarks(dirs, source = SEGMENT_DIRS_INPUT) {
  const names = /* @__PURE__ */ new Set();
  for (const file of await findResultsFiles(dirs, source)) {
    const results = await readResults(file);
    if (results.meta.segment) names.add(results.benchmark);
  }
  return [...names].sort();
}
async function readSegments(dirs, benchmark, source = SEGMENT_DIRS_INPUT) {
  const segments = [];
  for (const file of await findResultsFiles(dirs, source)) {
    const results = await readResults(file);
    if (results.benchmark !== benchmark || !results.meta.segment) continue;
    segments.push({ dir: path16.dirname(file), results, ...results.meta.segment });
  }
  const where = dirs.join(", ");
  if (segments.length === 0) {
    throw new LoadgateError(
      `${source} (${where}) holds no segment results of benchmark '${benchmark}': expected the work-dir of every job that ran with 'segment: i/N'`
    );
  }
  const count2 = segments[0].count;
  const otherCount = segments.find((s) => s.count !== count2);
  if (otherCount) {
    throw new LoadgateError(
      `Segment results of '${benchmark}' disagree on the number of segments: ${describe(segments[0])} and ${describe(otherCount)}; expected every job of one matrix`
    );
  }
  const byIndex = /* @__PURE__ */ new Map();
  for (const segment of segments) {
    const twin = byIndex.get(segment.index);
    if (twin)
      throw new LoadgateError(
        `Segment ${segment.index}/${count2} of '${benchmark}' is there twice: ${twin.dir} and ${segment.dir}`
      );
    byIndex.set(segment.index, segment);
  }
  const missing = Array.from({ length: count2 }, (_2, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new LoadgateError(
      `Segment ${missing.map((i) => `${i}/${count2}`).join(", ")} of '${benchmark}' is missing from ${where}: expected the work-dir of every segment job (did one fail before uploading?)`
    );
  }
  const ordered = [...byIndex.values()].sort((a, b) => a.index - b.index);
  for (const segment of ordered.slice(1)) assertSameRun(ordered[0], segment);
  return ordered;
}
function describe(segment) {
  return `${segment.dir} is ${segment.index}/${segment.count}`;
}
function runIdentity(results) {
  const { meta } = results;
  return {
    run: meta.runId,
    seed: meta.seed,
    "base commit": meta.base?.sha ?? null,
    "head commit": meta.head.sha,
    "k6 script": meta.hashes.k6Script,
    targets: meta.targets ?? null,
    settings: results.settings,
    mode: [results.mode, results.baseline]
  };
}
function assertSameRun(first, other) {
  const expected = runIdentity(first.results);
  const actual = runIdentity(other.results);
  for (const field of Object.keys(expected)) {
    if (JSON.stringify(expected[field]) !== JSON.stringify(actual[field])) {
      throw new LoadgateError(
        `Segment ${other.index}/${other.count} (${other.dir}) differs from segment ${first.index}/${first.count} in its ${field}: expected every segment job to run the identical run`
      );
    }
  }
  const [shorter, longer] = [first.results.schedule, other.results.schedule].sort(
    (a, b) => a.length - b.length
  );
  if (JSON.stringify(shorter) !== JSON.stringify(longer.slice(0, shorter.length))) {
    throw new LoadgateError(
      `Segment ${other.index}/${other.count} (${other.dir}) ran its rounds in another order than segment ${first.index}/${first.count}: expected the same seed and schedule in every segment job`
    );
  }
}

// src/modes/merge.ts
import path31 from "node:path";
import { mkdir as mkdir11 } from "node:fs/promises";

// src/measure/merge/trials.ts
import { lstat as lstat5 } from "node:fs/promises";
import path22 from "node:path";

// src/measure/load/load-backend.ts
function loadSummary(parsed) {
  const { durationSeconds, iterations, droppedIterations, checks, series, custom } = parsed;
  return { durationSeconds, iterations, droppedIterations, checks, series, custom };
}

// src/measure/load/k6/k6-backend.ts
import { createReadStream as createReadStream2, createWriteStream } from "node:fs";
import { rm as rm9 } from "node:fs/promises";
import path19 from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

// src/measure/load/k6/alternate.ts
import { writeFile as writeFile7 } from "node:fs/promises";
import path17 from "node:path";
import { pathToFileURL } from "node:url";
var SLICE_MS = 100;
var TRANSFORM_SOURCE = String.raw`
function durationMs(value) {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return NaN
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) return NaN
  const unit = { ms: 1, s: 1000, m: 60000, h: 3600000 }
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2]], 0)
}
function sliceStages(rate, startMs, spanMs, slices) {
  const stages = []
  for (let t = startMs; t < startMs + spanMs; ) {
    const slice = Math.floor(t / slices.sliceMs)
    const end = Math.min((slice + 1) * slices.sliceMs, startMs + spanMs)
    const target = slice % slices.of === slices.slot ? rate : 0
    stages.push({ duration: '0s', target }, { duration: (end - t) + 'ms', target })
    t = end
  }
  return stages
}
function alternatedOptions(options, slices) {
  const entries = Object.entries((options && options.scenarios) || {})
  if (entries.length === 0)
    throw new Error('arms-under-load alternating: the script defines no scenarios (options.scenarios)')
  const scenarios = {}
  for (const [name, scenario] of entries) {
    const { executor, rate, duration, startTime, ...rest } = scenario
    if (executor !== 'constant-arrival-rate')
      throw new Error('arms-under-load alternating: scenario ' + JSON.stringify(name) + ' uses ' +
        executor + '; every scenario must be a constant-arrival-rate (or use one-at-a-time)')
    const spanMs = durationMs(duration) * slices.of
    if (!(spanMs > 0))
      throw new Error('arms-under-load alternating: scenario ' + JSON.stringify(name) + ' has no readable duration')
    const startMs = (durationMs(startTime === undefined ? '0s' : startTime) || 0) * slices.of
    const stages = sliceStages(rate, startMs, spanMs, slices)
    scenarios[name] = Object.assign({}, rest, {
      executor: 'ramping-arrival-rate',
      startRate: stages[0].target,
      stages,
    }, startMs > 0 ? { startTime: startMs + 'ms' } : {})
  }
  return Object.assign({}, options, { scenarios })
}
`;
function whyNotAlternating(options) {
  try {
    alternateFunctions().alternatedOptions(options, { slot: 0, of: 2, sliceMs: SLICE_MS });
    return null;
  } catch (error) {
    return errorMessage(error).replace(/^arms-under-load alternating: /, "");
  }
}
function alternateFunctions() {
  return new Function(`${TRANSFORM_SOURCE}
return { durationMs, sliceStages, alternatedOptions }`)();
}
async function writeAlternateScript(dir, script, slices) {
  const file = path17.join(dir, `alternate-${slices.slot}-of-${slices.of}-${slices.sliceMs}ms.js`);
  const user = JSON.stringify(pathToFileURL(path17.resolve(script)).href);
  const source = [
    "// Written by loadgate (arms-under-load: alternating): the script below with its load in slices.",
    `import * as user from ${user}`,
    `export * from ${user}`,
    "export default user.default;",
    TRANSFORM_SOURCE,
    `export const options = alternatedOptions(user.options, ${JSON.stringify(slices)})`,
    ""
  ].join("\n");
  await writeFile7(file, source);
  return file;
}

// src/measure/load/k6/rest-api.ts
import { createServer } from "node:net";
var PAUSED_BEFORE_RUN = 4;
var POLL_MS = 25;
function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => port ? resolve(port) : reject(new Error("no free loopback port")));
    });
  });
}
var K6RestApi = class {
  constructor(port) {
    this.port = port;
  }
  port;
  get address() {
    return `127.0.0.1:${this.port}`;
  }
  get statusUrl() {
    return `http://${this.address}/v1/status`;
  }
  /**
   * Resolves true once k6 has initialized its VUs and waits to be resumed; false if `exited`
   * settles first (k6 could not start: its own error is the trial's).
   */
  async waitUntilHeld(exited) {
    let over = false;
    const ended = exited.then(
      () => over = true,
      () => over = true
    );
    while (!over) {
      const status = await fetch(this.statusUrl, { signal: AbortSignal.timeout(2e3) }).then((r) => r.ok ? r.json() : null).catch(() => null);
      const attributes = status?.data?.attributes;
      if (attributes?.paused && (attributes.status ?? 0) >= PAUSED_BEFORE_RUN) return true;
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
    }
    return false;
  }
  /** Starts the held test (what `k6 resume --address …` does). */
  async resume() {
    await this.patchStatus({ paused: false }, "resume");
  }
  /** Ends the test run now; k6 writes its output and exits with STOPPED_THROUGH_API. */
  async stop() {
    await this.patchStatus({ stopped: true }, "stop");
  }
  async patchStatus(attributes, what2) {
    const response = await fetch(this.statusUrl, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { type: "status", id: "default", attributes } }),
      signal: AbortSignal.timeout(1e4)
    });
    if (!response.ok) throw new Error(`k6 at ${this.address} refused to ${what2}: HTTP ${response.status}`);
  }
};
var STOPPED_THROUGH_API = 103;

// src/measure/load/k6/steady-watch.ts
import { open as open3 } from "node:fs/promises";
var POLL_MS2 = 500;
var READ_BYTES = 4 << 20;
var DURATION_POINT = '"metric":"http_req_duration","type":"Point"';
var SteadyWatch = class {
  constructor(file, stop) {
    this.file = file;
    this.stop = stop;
  }
  file;
  stop;
  points = [];
  offset = 0;
  partial = "";
  last = { drift: null, seconds: 0 };
  steadyAt = null;
  timer = null;
  polling = Promise.resolve();
  start() {
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch(() => void 0);
    }, POLL_MS2);
  }
  async end() {
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    const reason = this.steadyAt === null ? "cap" : "steady";
    const seconds2 = this.steadyAt ?? this.last.seconds;
    return { reason, seconds: seconds2, drift: this.last.drift === null ? null : round4(this.last.drift) };
  }
  async poll() {
    if (this.steadyAt !== null) return;
    await this.readNewLines();
    const startAt = this.points[0]?.at;
    if (startAt === void 0) return;
    const verdict = steadiness(this.points, startAt);
    this.last = verdict;
    if (!verdict.steady) return;
    this.steadyAt = verdict.seconds;
    await this.stop();
  }
  async readNewLines() {
    let handle;
    try {
      handle = await open3(this.file, "r");
    } catch {
      return;
    }
    try {
      const buffer = Buffer.alloc(READ_BYTES);
      for (; ; ) {
        const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, this.offset);
        if (bytesRead === 0) return;
        this.offset += bytesRead;
        const lines = (this.partial + buffer.toString("utf8", 0, bytesRead)).split("\n");
        this.partial = lines.pop() ?? "";
        for (const line of lines) this.take(line);
      }
    } finally {
      await handle.close();
    }
  }
  take(line) {
    if (!line.includes(DURATION_POINT)) return;
    let data;
    try {
      data = JSON.parse(line).data;
    } catch {
      return;
    }
    const at2 = Date.parse(data?.time ?? "");
    const ms = data?.value;
    if (!Number.isFinite(at2) || typeof ms !== "number") return;
    const tags = data?.tags ?? {};
    this.points.push({ at: at2, ms, key: `${tags.scenario} ${tags.method} ${tags.name ?? tags.url}` });
  }
};
var round4 = (value) => Math.round(value * 1e4) / 1e4;

// src/measure/load/k6/install.ts
import { createHash as createHash2 } from "node:crypto";
import { chmod, mkdir as mkdir7, mkdtemp as mkdtemp2, rename as rename3, rm as rm8, writeFile as writeFile8 } from "node:fs/promises";
import os4 from "node:os";
import path18 from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
var DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1e3;
var RELEASES = "https://github.com/grafana/k6/releases/download";
var RETRY_DELAYS_MS = [2e3, 8e3];
var releaseInstaller = (version) => installK6(version, cacheDir(version));
function useK6Installer(installer) {
  const previous = releaseInstaller;
  releaseInstaller = installer;
  return previous;
}
async function k6At(binary) {
  const version = await versionOf(binary);
  return version ? { path: binary, version } : null;
}
async function versionOf(binary) {
  try {
    const { stdout } = await run(binary, ["version"], { timeoutMs: 15e3 });
    return /v?(\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}
function k6Release(version, platform = process.platform, arch = process.arch, releases = RELEASES) {
  const system = platform === "darwin" ? "macos" : platform === "linux" ? "linux" : null;
  const cpu = arch === "x64" ? "amd64" : arch === "arm64" ? "arm64" : null;
  if (!system || !cpu) {
    throw new LoadgateError(
      `${placesLooked()}, and no k6 release is published for ${platform}/${arch}: install k6 on PATH (https://grafana.com/docs/k6/latest/set-up/install-k6/)`
    );
  }
  const dir = `k6-v${version}-${system}-${cpu}`;
  const zip = system === "macos";
  const asset = `${dir}.${zip ? "zip" : "tar.gz"}`;
  return {
    url: `${releases}/v${version}/${asset}`,
    // Every k6 release publishes the SHA-256 of each asset beside them.
    checksumsUrl: `${releases}/v${version}/k6-v${version}-checksums.txt`,
    asset,
    dir,
    zip
  };
}
function cacheDir(version) {
  const root = process.env.RUNNER_TOOL_CACHE || path18.join(os4.homedir(), ".cache", "loadgate", "tool-cache");
  return path18.join(root, "k6", version, process.arch);
}
function bootstrapBinDir(env = process.env) {
  return path18.join(env.LOADGATE_CACHE || path18.join(os4.homedir(), ".cache", "loadgate"), "bin");
}
function placesLooked() {
  return `k6 is not on PATH nor in ${bootstrapBinDir()}`;
}
async function locateK6(version) {
  const onPath = await versionOf("k6");
  if (onPath) return { path: "k6", version: onPath };
  const bootstrapped = path18.join(bootstrapBinDir(), "k6");
  const built = await versionOf(bootstrapped);
  if (built) return { path: bootstrapped, version: built };
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new LoadgateError(
      `Input 'k6-version' is '${version}': expected an exact version such as 1.8.1 (${placesLooked()})`
    );
  }
  return releaseInstaller(version);
}
async function installK6(version, dir, releases = process.env.LOADGATE_K6_RELEASES || RELEASES) {
  const binary = path18.join(dir, "k6");
  const cached = await versionOf(binary);
  if (cached) return { path: binary, version: cached };
  const release = k6Release(version, process.platform, process.arch, releases);
  try {
    await download(release, path18.dirname(binary));
    const installed = await versionOf(binary);
    if (!installed) throw new Error(`${binary} does not run`);
    return { path: binary, version: installed };
  } catch (error) {
    throw notInstalled(version, dir, release.url, error);
  }
}
function notInstalled(version, dir, url, error) {
  return new LoadgateError(
    `${placesLooked()}, and k6 ${version} could not be installed into ${dir} from ${url} (${errorMessage(error).replace(/\s+/g, " ")}): install k6 (https://grafana.com/docs/k6/latest/set-up/install-k6/) on PATH, or check the k6-version input`
  );
}
var TransientError = class extends Error {
};
async function fetchBytes(url) {
  for (let attempt2 = 0; ; attempt2++) {
    try {
      let response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      } catch (error) {
        throw new TransientError(errorMessage(error));
      }
      if (response.status === 429 || response.status >= 500)
        throw new TransientError(`HTTP ${response.status} from ${url}`);
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt2];
      if (!(error instanceof TransientError) || delay === void 0) throw error;
      await sleep(delay);
    }
  }
}
function publishedSha256(checksums, asset) {
  for (const line of checksums.split("\n")) {
    const [hash, name] = line.trim().split(/\s+/);
    if (name?.replace(/^\*/, "") === asset && /^[0-9a-f]{64}$/i.test(hash ?? "")) return hash.toLowerCase();
  }
  return null;
}
async function download(release, dest) {
  const scratch = await mkdtemp2(path18.join(os4.tmpdir(), "loadgate-k6-"));
  try {
    const archive = path18.join(scratch, release.zip ? "k6.zip" : "k6.tar.gz");
    const [bytes, checksums] = await Promise.all([fetchBytes(release.url), fetchBytes(release.checksumsUrl)]);
    const expected = publishedSha256(checksums.toString("utf8"), release.asset);
    if (!expected) throw new Error(`${release.checksumsUrl} lists no SHA-256 for ${release.asset}`);
    const actual = createHash2("sha256").update(bytes).digest("hex");
    if (actual !== expected)
      throw new Error(`${release.asset} has SHA-256 ${actual}, but the release publishes ${expected}`);
    await writeFile8(archive, bytes);
    if (release.zip) await run("unzip", ["-q", archive, "-d", scratch], { timeoutMs: 12e4 });
    else await run("tar", ["-xzf", archive, "-C", scratch], { timeoutMs: 12e4 });
    const binary = path18.join(scratch, release.dir, "k6");
    await chmod(binary, 493);
    await mkdir7(dest, { recursive: true });
    await rename3(binary, path18.join(dest, "k6"));
  } finally {
    await rm8(scratch, { recursive: true, force: true });
  }
}

// src/measure/load/k6/lines.ts
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
var NEWLINE = 10;
var CHUNK = 1 << 20;
var MAX_LINE_BYTES = 1 << 20;
async function forEachLine(file, handle, limits = {}) {
  const maxLine = limits.maxLineBytes ?? MAX_LINE_BYTES;
  const source = createReadStream(file, { highWaterMark: CHUNK });
  let stream = source;
  if (file.endsWith(".gz")) {
    const gunzip = createGunzip({ chunkSize: CHUNK });
    source.on("error", (error) => gunzip.destroy(error));
    stream = source.pipe(gunzip);
  }
  const partial = new PartialLine();
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += chunk.length;
      if (limits.maxBytes !== void 0 && total > limits.maxBytes)
        throw new LoadgateError(
          `${file} holds more than ${limits.maxBytes} bytes (${formatBytes(limits.maxBytes)}) once decompressed: expected one trial's k6 output`
        );
      let start = 0;
      let end = chunk.indexOf(NEWLINE);
      if (partial.bytes > 0) {
        if (end < 0) {
          partial.add(chunk, file, maxLine);
          continue;
        }
        partial.add(chunk.subarray(0, end), file, maxLine);
        const line = partial.take();
        handle(line, 0, line.length);
        start = end + 1;
        end = chunk.indexOf(NEWLINE, start);
      }
      while (end >= 0) {
        if (end - start > maxLine) throw lineTooLong(file, maxLine);
        if (end > start) handle(chunk, start, end);
        start = end + 1;
        end = chunk.indexOf(NEWLINE, start);
      }
      if (start < chunk.length) partial.add(chunk.subarray(start), file, maxLine);
    }
  } finally {
    source.destroy();
  }
  if (partial.bytes > 0) {
    const line = partial.take();
    handle(line, 0, line.length);
  }
}
var PartialLine = class {
  pieces = [];
  bytes = 0;
  add(piece, file, maxLine) {
    this.bytes += piece.length;
    if (this.bytes > maxLine) throw lineTooLong(file, maxLine);
    this.pieces.push(piece);
  }
  take() {
    const line = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces, this.bytes);
    this.pieces = [];
    this.bytes = 0;
    return line;
  }
};
function lineTooLong(file, maxLine) {
  return new LoadgateError(
    `${file} has a line longer than ${formatBytes(maxLine)}: expected k6's JSON output, one point a line`
  );
}

// src/measure/load/k6/scan.ts
var POINT_PREFIX = Buffer.from('{"metric":"');
var AFTER_NAME = Buffer.from('","type":"Point","data":{"time":"');
var VALUE_KEY = Buffer.from(',"value":');
var TAGS_KEY = Buffer.from(',"tags":');
var NULL = Buffer.from("null");
var QUOTE = 34;
var BACKSLASH = 92;
var ZERO = 48;
var MINUS = 45;
var PLUS = 43;
var DOT = 46;
var COMMA = 44;
var OPEN = 123;
var CLOSE = 125;
var COLON = 58;
var Z = 90;
var T = 84;
var MAX_EXACT = 2 ** 53;
function newPointScan() {
  return { nameStart: 0, nameEnd: 0, time: 0, value: 0, tagsStart: -1, tagsEnd: -1 };
}
function matches(buf, at2, end, expected) {
  if (at2 + expected.length > end) return false;
  for (let i = 0; i < expected.length; i++) if (buf[at2 + i] !== expected[i]) return false;
  return true;
}
function scanName(buf, start, end, out) {
  if (!matches(buf, start, end, POINT_PREFIX)) return false;
  const nameStart = start + POINT_PREFIX.length;
  const nameEnd = buf.indexOf(QUOTE, nameStart);
  if (nameEnd < 0 || nameEnd >= end || buf[nameEnd - 1] === BACKSLASH) return false;
  out.nameStart = nameStart;
  out.nameEnd = nameEnd;
  return true;
}
function scanPoint(buf, end, out) {
  let at2 = out.nameEnd;
  if (!matches(buf, at2, end, AFTER_NAME)) return false;
  at2 += AFTER_NAME.length;
  at2 = scanTime(buf, at2, end, out);
  if (at2 < 0 || !matches(buf, at2, end, VALUE_KEY)) return false;
  at2 = scanNumber(buf, at2 + VALUE_KEY.length, end, out);
  if (at2 < 0 || !matches(buf, at2, end, TAGS_KEY)) return false;
  at2 += TAGS_KEY.length;
  if (matches(buf, at2, end, NULL)) {
    out.tagsStart = -1;
    out.tagsEnd = -1;
    return true;
  }
  const close = scanFlatObject(buf, at2, end);
  if (close < 0) return false;
  out.tagsStart = at2;
  out.tagsEnd = close + 1;
  return true;
}
function digits(buf, at2, count2) {
  let n = 0;
  for (let i = 0; i < count2; i++) {
    const d = buf[at2 + i] - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
function scanTime(buf, at2, end, out) {
  const separators = buf[at2 + 4] === MINUS && buf[at2 + 7] === MINUS && buf[at2 + 10] === T;
  if (at2 + 20 > end || !separators || buf[at2 + 13] !== COLON || buf[at2 + 16] !== COLON) return -1;
  const year = digits(buf, at2, 4);
  const month = digits(buf, at2 + 5, 2);
  const day2 = digits(buf, at2 + 8, 2);
  const hour = digits(buf, at2 + 11, 2);
  const minute = digits(buf, at2 + 14, 2);
  const second = digits(buf, at2 + 17, 2);
  if (year < 0 || month < 1 || day2 < 1 || hour < 0 || minute < 0 || second < 0) return -1;
  let i = at2 + 19;
  let ms = 0;
  if (buf[i] === DOT) {
    i++;
    let place = 100;
    while (i < end && buf[i] >= ZERO && buf[i] <= ZERO + 9) {
      ms += (buf[i] - ZERO) * place;
      place = place / 10 >= 1 ? place / 10 : 0;
      i++;
    }
  }
  let offsetMinutes = 0;
  if (buf[i] === Z) {
    i++;
  } else if (buf[i] === PLUS || buf[i] === MINUS) {
    const hours = digits(buf, i + 1, 2);
    const minutes = digits(buf, i + 4, 2);
    if (hours < 0 || minutes < 0 || buf[i + 3] !== COLON) return -1;
    offsetMinutes = (buf[i] === PLUS ? 1 : -1) * (hours * 60 + minutes);
    i += 6;
  } else {
    return -1;
  }
  if (buf[i] !== QUOTE) return -1;
  out.time = Date.UTC(year, month - 1, day2, hour, minute, second, ms) - offsetMinutes * 6e4;
  return i + 1;
}
function scanNumber(buf, at2, end, out) {
  let i = at2;
  const negative = buf[i] === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let scale = 0;
  let fraction2 = false;
  let count2 = 0;
  for (; i < end; i++) {
    const c = buf[i];
    if (c >= ZERO && c <= ZERO + 9) {
      mantissa = mantissa * 10 + (c - ZERO);
      count2++;
      if (fraction2) scale++;
    } else if (c === DOT && !fraction2) {
      fraction2 = true;
    } else {
      break;
    }
  }
  if (count2 === 0) return -1;
  if (buf[i] !== COMMA && buf[i] !== CLOSE) {
    let stop = i;
    while (stop < end && buf[stop] !== COMMA && buf[stop] !== CLOSE) stop++;
    const value = Number(buf.toString("latin1", at2, stop));
    if (Number.isNaN(value)) return -1;
    out.value = value;
    return stop;
  }
  if (mantissa >= MAX_EXACT || scale > 22) {
    out.value = Number(buf.toString("latin1", at2, i));
  } else {
    const value = scale === 0 ? mantissa : mantissa / 10 ** scale;
    out.value = negative ? -value : value;
  }
  return i;
}
function scanFlatObject(buf, at2, end) {
  if (buf[at2] !== OPEN) return -1;
  let i = at2 + 1;
  if (buf[i] === CLOSE) return i;
  for (; ; ) {
    i = skipString(buf, i, end);
    if (i < 0 || buf[i] !== COLON) return -1;
    i = skipString(buf, i + 1, end);
    if (i < 0) return -1;
    if (buf[i] === CLOSE) return i;
    if (buf[i] !== COMMA) return -1;
    i++;
  }
}
function skipString(buf, at2, end) {
  if (buf[at2] !== QUOTE) return -1;
  let i = at2 + 1;
  for (; ; ) {
    const quote = buf.indexOf(QUOTE, i);
    if (quote < 0 || quote >= end) return -1;
    let backslashes = 0;
    while (buf[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

// src/measure/load/k6/values.ts
var ValueBuffer = class {
  data = new Float64Array(1024);
  length = 0;
  push(value) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  view() {
    return this.data.subarray(0, this.length);
  }
};
function sortedValues(buffer) {
  return buffer.view().slice().sort();
}
function percentile(sorted2, p) {
  const n = sorted2.length;
  if (n === 0) return Number.NaN;
  const index = p * (n - 1);
  const lower = Math.floor(index);
  const upper = Math.min(lower + 1, n - 1);
  const weight = index - lower;
  return sorted2[lower] + (sorted2[upper] - sorted2[lower]) * weight;
}

// src/measure/load/k6/summarize.ts
var P95 = 0.95;
function latencySummary(values) {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v2 of values) sum += v2;
  return {
    count: values.length,
    p50: percentile(values, 0.5),
    p90: percentile(values, 0.9),
    p95: percentile(values, P95),
    p99: percentile(values, 0.99),
    mean: sum / values.length,
    min: values[0],
    max: values[values.length - 1]
  };
}
function rankNoise(sorted2, q2) {
  if (sorted2.length < 2) return void 0;
  const sd = Math.sqrt(q2 * (1 - q2) / sorted2.length);
  return (percentile(sorted2, Math.min(1, q2 + sd)) - percentile(sorted2, Math.max(0, q2 - sd))) / 2;
}
function requestLatencySummary(sorted2) {
  const summary = latencySummary(sorted2);
  if (!summary || sorted2.length < 2) return summary;
  return {
    ...summary,
    p90RankNoise: rankNoise(sorted2, 0.9),
    p95RankNoise: rankNoise(sorted2, P95),
    p99RankNoise: rankNoise(sorted2, 0.99)
  };
}
function combine(parts) {
  const all = {
    scenario: "",
    method: "",
    name: ALL_REQUESTS,
    requests: 0,
    failed: 0,
    latencies: new ValueBuffer(),
    statusCodes: {}
  };
  for (const part of parts) {
    all.requests += part.requests;
    all.failed += part.failed;
    for (const value of part.latencies.view()) all.latencies.push(value);
    for (const [code, count2] of Object.entries(part.statusCodes))
      all.statusCodes[code] = (all.statusCodes[code] ?? 0) + count2;
  }
  return all;
}
function trialWindowSeconds(firstStart, lastStart, requests) {
  return (lastStart - firstStart) * requests / (requests - 1) / 1e3;
}
function addCustom(acc, value) {
  acc.count++;
  acc.sum += value;
  if (value !== 0) acc.nonZero++;
  acc.last = value;
  if (value < acc.min) acc.min = value;
  if (value > acc.max) acc.max = value;
  if (acc.type === "trend") acc.values.push(value);
}
function seriesTrial(key, acc, durationSeconds) {
  return {
    key,
    scenario: acc.scenario,
    method: acc.method,
    name: acc.name,
    requests: acc.requests,
    failed: acc.failed,
    throughput: durationSeconds > 0 ? acc.requests / durationSeconds : 0,
    errorRate: acc.requests > 0 ? acc.failed / acc.requests : 0,
    latency: requestLatencySummary(sortedValues(acc.latencies)),
    statusCodes: acc.statusCodes
  };
}
function customTrial(name, acc, spanSeconds) {
  switch (acc.type) {
    case "trend": {
      const summary = latencySummary(sortedValues(acc.values));
      return { name, type: acc.type, values: { ...summary } };
    }
    case "rate":
      return { name, type: acc.type, values: { value: acc.nonZero / acc.count, count: acc.count } };
    case "counter":
      return {
        name,
        type: acc.type,
        values: { value: acc.sum, rate: spanSeconds > 0 ? acc.sum / spanSeconds : 0 }
      };
    case "gauge":
      return { name, type: acc.type, values: { value: acc.last, min: acc.min, max: acc.max } };
  }
}

// src/measure/load/k6/trial-accumulator.ts
function newCustomAccumulator(type) {
  return {
    type,
    values: new ValueBuffer(),
    sum: 0,
    nonZero: 0,
    count: 0,
    last: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY
  };
}
var TrialAccumulator = class {
  constructor(discardMs, custom) {
    this.discardMs = discardMs;
    this.custom = custom;
  }
  discardMs;
  custom;
  series = /* @__PURE__ */ new Map();
  byRawKey = /* @__PURE__ */ new Map();
  iterations = 0;
  dropped = 0;
  checks = { passes: 0, fails: 0 };
  firstTime = Number.NaN;
  keptFirst = Number.POSITIVE_INFINITY;
  keptLast = Number.NEGATIVE_INFINITY;
  // Request start times (a point's time is when the request ended): see trialWindowSeconds.
  firstStart = Number.POSITIVE_INFINITY;
  lastStart = Number.NEGATIVE_INFINITY;
  points = 0;
  /** Whether the first point's time, where the discarded window starts, is known. */
  get started() {
    return !Number.isNaN(this.firstTime);
  }
  /** A point of a metric nobody reads: only its time can matter, when it is the first. */
  sawTime(time) {
    if (Number.isNaN(this.firstTime)) this.firstTime = time;
  }
  keep(time) {
    if (Number.isNaN(this.firstTime)) this.firstTime = time;
    if (this.discardMs > 0 && time < this.firstTime + this.discardMs) return false;
    this.points++;
    if (time < this.keptFirst) this.keptFirst = time;
    if (time > this.keptLast) this.keptLast = time;
    return true;
  }
  request(time, value, tags) {
    if (!this.keep(time)) return;
    const acc = tags.series;
    acc.requests++;
    const start = time - value;
    if (start < this.firstStart) this.firstStart = start;
    if (start > this.lastStart) this.lastStart = start;
    acc.statusCodes[tags.status] = (acc.statusCodes[tags.status] ?? 0) + 1;
    if (tags.failed) acc.failed++;
    else acc.latencies.push(value);
  }
  point(kind, time, value) {
    if (!this.keep(time)) return;
    if (kind === "checks") {
      if (value) this.checks.passes++;
      else this.checks.fails++;
    } else if (kind === "iterations") {
      this.iterations += value;
    } else if (kind === "dropped_iterations") {
      this.dropped += value;
    } else {
      addCustom(kind, value);
    }
  }
  /** The series, status and outcome of a request point from its tags (k6's names: see requestFailed). */
  requestTags(tags) {
    const scenario = tags.scenario ?? "default";
    const method = tags.method ?? "";
    const name = tags.name ?? tags.url ?? "";
    const rawKey = seriesKey(scenario, method, name);
    let series = this.byRawKey.get(rawKey);
    if (!series) {
      series = this.seriesFor(scenario, method, name);
      this.byRawKey.set(rawKey, series);
    }
    const status = withoutControlCharacters(tags.status ?? "0");
    return { series, status, failed: requestFailed(tags.expected_response, status) };
  }
  /**
   * The accumulator of a request series. Tag values come from the script (a request's name): no
   * control character, a line break least of all, may reach a series key, a log or a report.
   */
  seriesFor(...tags) {
    const [scenario, method, name] = tags.map((tag) => withoutControlCharacters(tag));
    const key = seriesKey(scenario, method, name);
    let acc = this.series.get(key);
    if (!acc) {
      acc = { scenario, method, name, requests: 0, failed: 0, latencies: new ValueBuffer(), statusCodes: {} };
      this.series.set(key, acc);
    }
    return acc;
  }
  output() {
    const spanSeconds = this.keptLast > this.keptFirst ? (this.keptLast - this.keptFirst) / 1e3 : 0;
    const requests = [...this.series.values()].reduce((sum, acc) => sum + acc.requests, 0);
    const durationSeconds = requests > 1 && this.lastStart > this.firstStart ? trialWindowSeconds(this.firstStart, this.lastStart, requests) : spanSeconds;
    return {
      series: this.series,
      custom: this.custom,
      iterations: this.iterations,
      droppedIterations: this.dropped,
      checks: this.checks,
      durationSeconds,
      spanSeconds,
      points: this.points
    };
  }
  result() {
    return summarizeK6Output(this.output());
  }
};
function summarizeK6Output(output) {
  const { series, custom, durationSeconds, spanSeconds } = output;
  const perSeries = [...series.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return {
    series: [
      ...perSeries.length > 0 ? [seriesTrial(ALL_REQUESTS, combine(perSeries.map(([, acc]) => acc)), durationSeconds)] : [],
      ...perSeries.map(([key, acc]) => seriesTrial(key, acc, durationSeconds))
    ],
    custom: [...custom.entries()].filter(([, acc]) => acc.count > 0).map(([name, acc]) => customTrial(withoutControlCharacters(name), acc, spanSeconds)),
    iterations: output.iterations,
    droppedIterations: output.droppedIterations,
    checks: output.checks,
    durationSeconds,
    points: output.points
  };
}
function seriesKey(scenario, method, name) {
  const request = method && !name.startsWith(`${method} `) ? `${method} ${name}` : name;
  return `${scenario} ${request}`;
}
function requestFailed(expectedResponse, status) {
  if (expectedResponse !== void 0) return expectedResponse === "false";
  const code = Number(status);
  return !(code >= 200 && code < 400);
}

// src/measure/load/k6/parse.ts
var BUILTIN_METRICS = /* @__PURE__ */ new Set([
  "http_reqs",
  "http_req_duration",
  "http_req_blocked",
  "http_req_connecting",
  "http_req_tls_handshaking",
  "http_req_sending",
  "http_req_waiting",
  "http_req_receiving",
  "http_req_failed",
  "iterations",
  "iteration_duration",
  "dropped_iterations",
  "data_sent",
  "data_received",
  "vus",
  "vus_max",
  "checks",
  "group_duration",
  "ws_connecting",
  "ws_msgs_sent",
  "ws_msgs_received",
  "ws_ping",
  "ws_session_duration",
  "ws_sessions",
  "grpc_req_duration",
  "grpc_streams",
  "grpc_streams_msgs_received",
  "grpc_streams_msgs_sent"
]);
var DURATION = "http_req_duration";
var TAG_CACHE_LIMIT = 4096;
var ReadMetrics = class {
  byName = /* @__PURE__ */ new Map([
    [DURATION, DURATION],
    ["checks", "checks"],
    ["iterations", "iterations"],
    ["dropped_iterations", "dropped_iterations"]
  ]);
  bytes = [];
  custom = /* @__PURE__ */ new Map();
  constructor() {
    for (const [name, kind] of this.byName) this.bytes.push({ name: Buffer.from(name), kind });
  }
  declare(name, type) {
    if (BUILTIN_METRICS.has(name) || this.custom.has(name)) return;
    const acc = newCustomAccumulator(type);
    this.custom.set(name, acc);
    this.byName.set(name, acc);
    this.bytes.push({ name: Buffer.from(JSON.stringify(name).slice(1, -1)), kind: acc });
  }
  find(buffer, start, end) {
    const length = end - start;
    for (const { name, kind } of this.bytes) {
      if (name.length !== length) continue;
      let i = 0;
      while (i < length && buffer[start + i] === name[i]) i++;
      if (i === length) return kind;
    }
    return void 0;
  }
};
async function parseK6Output(file, options = {}) {
  return summarizeK6Output(onlyActive(await readK6Output(file, options), options.activeShare));
}
function onlyActive(output, share) {
  if (share === void 0 || !(share > 0 && share < 1)) return output;
  return {
    ...output,
    durationSeconds: output.durationSeconds * share,
    spanSeconds: output.spanSeconds * share
  };
}
async function readK6Output(file, options = {}) {
  const metrics = new ReadMetrics();
  const trial = new TrialAccumulator((options.discardSeconds ?? 0) * 1e3, metrics.custom);
  const tagCache = /* @__PURE__ */ new Map();
  const scan = newPointScan();
  const scanning = options.scan !== false;
  const requestTags = (buffer) => {
    if (scan.tagsStart < 0) return trial.requestTags({});
    const raw = buffer.toString("latin1", scan.tagsStart, scan.tagsEnd);
    let tags = tagCache.get(raw);
    if (!tags) {
      if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
      tags = trial.requestTags(JSON.parse(buffer.toString("utf8", scan.tagsStart, scan.tagsEnd)));
      tagCache.set(raw, tags);
    }
    return tags;
  };
  const parsed = (line) => {
    if (line.type === "Metric") return metrics.declare(line.data.name, line.data.type);
    if (line.type !== "Point") return;
    const kind = metrics.byName.get(line.metric);
    const time = Date.parse(line.data.time);
    if (kind === void 0) trial.sawTime(time);
    else if (kind === DURATION) trial.request(time, line.data.value, trial.requestTags(line.data.tags ?? {}));
    else trial.point(kind, time, line.data.value);
  };
  await forEachLine(
    file,
    (buffer, start, end) => {
      if (scanning && scanName(buffer, start, end, scan)) {
        const kind = metrics.find(buffer, scan.nameStart, scan.nameEnd);
        if (kind === void 0 && trial.started) return;
        if (scanPoint(buffer, end, scan)) {
          if (kind === void 0) trial.sawTime(scan.time);
          else if (kind === DURATION) trial.request(scan.time, scan.value, requestTags(buffer));
          else trial.point(kind, scan.time, scan.value);
          return;
        }
      }
      const text2 = buffer.toString("utf8", start, end);
      let line;
      try {
        line = JSON.parse(text2);
      } catch (error) {
        if (/^\{"type":"Metric"/.test(text2) || metrics.byName.has(metricOf(text2))) throw error;
        return;
      }
      parsed(line);
    },
    options.limits
  );
  return withinRun(trial.output(), options.runSeconds);
}
function withinRun(output, runSeconds2) {
  if (runSeconds2 === void 0 || !(runSeconds2 > 0)) return output;
  return {
    ...output,
    durationSeconds: Math.min(output.durationSeconds, runSeconds2),
    spanSeconds: Math.min(output.spanSeconds, runSeconds2)
  };
}
function metricOf(line) {
  return /"metric":"([^"]*)"/.exec(line)?.[1] ?? "";
}

// src/measure/load/k6/run.ts
var SYSTEM_TAGS = [
  "scenario",
  "method",
  "name",
  "url",
  "status",
  "expected_response",
  "group",
  "check"
];
var SCRIPT_EXCEPTION = 107;
async function runK6(k6, trial) {
  let result;
  try {
    const args = k6RunArgs(trial);
    const [command, commandArgs] = trial.cpus ? ["taskset", ["-c", trial.cpus, k6.path, ...args]] : [k6.path, args];
    result = await run(command, commandArgs, {
      cwd: trial.cwd,
      env: { K6_NO_USAGE_REPORT: "true", K6_NO_COLOR: "true" },
      timeoutMs: trial.timeoutMs,
      allowExitCodes: Array.from({ length: 255 }, (_2, i) => i + 1),
      signal: trial.signal
    });
  } catch (error) {
    return {
      code: -1,
      thresholdsCrossed: false,
      error: errorMessage(error),
      ...error instanceof CommandTimeout ? { timedOut: true } : {}
    };
  }
  if (result.code === 0) return { code: 0, thresholdsCrossed: false };
  if (result.code === 99) return { code: 99, thresholdsCrossed: true };
  return {
    code: result.code,
    thresholdsCrossed: false,
    error: `k6 exited ${result.code}: ${k6Error(result.stderr)}`
  };
}
function k6RunArgs(trial) {
  const api = trial.heldAt ?? trial.apiAt;
  if (api && !/^127\.0\.0\.1:\d+$/.test(api))
    throw new Error(`k6's REST API must listen on loopback, not ${api}`);
  return [
    "run",
    "--quiet",
    "--no-usage-report",
    "--include-system-env-vars=false",
    // No REST API server unless the trial is held or stopped through it: its default fixed port
    // would clash with any other k6 on the machine.
    ...trial.heldAt ? ["--paused"] : [],
    "--address",
    api ?? "",
    "--system-tags",
    SYSTEM_TAGS.join(","),
    "--out",
    `json=${trial.outFile}`,
    ...trial.args ?? [],
    ...Object.entries(trial.tags).flatMap(([k, v2]) => ["--tag", `${k}=${v2}`]),
    ...envArgs({ ...trial.env, BASE_URL: trial.baseUrl }),
    trial.script
  ];
}
function envArgs(env) {
  return Object.entries(env).flatMap(([k, v2]) => ["-e", `${k}=${v2}`]);
}
function k6Error(stderr) {
  const lines = stderr.trim().split("\n").filter(Boolean);
  const error = lines.find((l3) => /level=(error|fatal)/.test(l3)) ?? lines.find((l3) => /\bERRO\b|Error/.test(l3) && !/level=(warning|info|debug)/.test(l3)) ?? lines.at(-1) ?? "no output";
  const msg = /msg="((?:[^"\\]|\\.)*)"/.exec(error)?.[1] ?? error;
  return msg.replace(/\\n/g, " ").replace(/\s+/g, " ").slice(0, 400);
}

// src/measure/load/k6/k6-backend.ts
var FIRST_TRIAL_TIMEOUT_MS = 60 * 60 * 1e3;
var TRIAL_TIMEOUT_FACTOR = 5;
var TRIAL_TIMEOUT_FLOOR_MS = 5 * 60 * 1e3;
function createK6Backend(options) {
  return new K6Backend(options);
}
var K6Backend = class {
  constructor(options) {
    this.options = options;
  }
  options;
  canHold = true;
  k6 = null;
  /** The longest trial that ended so far, in ms: a trial far longer than that is hung, not slow. */
  longestTrialMs = 0;
  /** Alternating: each arm slot's wrapper of the script, written once. */
  alternateScripts = /* @__PURE__ */ new Map();
  async prepare() {
    this.k6 = await locateK6(this.options.version);
    await requireFile(this.options.workspace, this.options.script, "k6-script", "the checkout");
    return { version: this.k6.version };
  }
  /** Reads the script's options as k6 does (`k6 inspect`, the benchmark's variables set). */
  async whyNotAlternating(env) {
    if (!this.k6) throw new Error("k6 is not prepared");
    const script = path19.join(this.options.workspace, this.options.script);
    const target = { ...env, BASE_URL: "http://127.0.0.1:9" };
    const args = ["inspect", "--include-system-env-vars=false", ...envArgs(target), script];
    try {
      const inspected = await run(this.k6.path, args, { cwd: this.options.workspace, timeoutMs: 6e4 });
      return whyNotAlternating(JSON.parse(inspected.stdout));
    } catch (error) {
      return `k6 inspect could not read the script's scenarios (${k6Error(errorMessage(error))})`;
    }
  }
  async runTrial(request) {
    if (!this.k6) throw new Error("k6 is not prepared");
    const outFile = path19.join(this.options.outDir, `${request.name}.json${request.untilSteady ? "" : ".gz"}`);
    const started = performance.now();
    const held = request.held ? new K6RestApi(await freeLoopbackPort()) : null;
    const stoppable = request.untilSteady ? new K6RestApi(await freeLoopbackPort()) : null;
    const watch = stoppable && new SteadyWatch(outFile, () => stoppable.stop());
    const kill = new AbortController();
    const timeoutMs = this.longestTrialMs ? Math.max(TRIAL_TIMEOUT_FLOOR_MS, TRIAL_TIMEOUT_FACTOR * this.longestTrialMs) : FIRST_TRIAL_TIMEOUT_MS;
    const running = runK6(this.k6, {
      script: await this.scriptFor(request),
      cwd: this.options.workspace,
      baseUrl: request.targetUrl,
      outFile,
      tags: { loadgate_arm: request.arm, loadgate_round: String(request.round) },
      env: request.env,
      timeoutMs,
      args: this.options.segmentArgs,
      ...held ? { heldAt: held.address, signal: kill.signal } : {},
      ...stoppable ? { apiAt: stoppable.address } : {},
      ...request.cpus ? { cpus: request.cpus } : {}
    });
    watch?.start();
    const { releasedAt, releaseError = "" } = held && request.held && await held.waitUntilHeld(running) ? await releaseAtBarrier(held, request.held, kill) : {};
    const exit = await running;
    const warmupEnd = await watch?.end();
    if (warmupEnd?.reason === "steady" && exit.code === STOPPED_THROUGH_API) {
      exit.code = 0;
      delete exit.error;
    }
    const seconds2 = (performance.now() - started) / 1e3;
    if (exit.timedOut)
      exit.error = `k6 was stopped after ${Math.round(timeoutMs / 1e3)} s, ${this.longestTrialMs ? `${TRIAL_TIMEOUT_FACTOR}\xD7 the longest trial so far` : "the limit of a first trial"}: the trial hung`;
    else this.longestTrialMs = Math.max(this.longestTrialMs, seconds2 * 1e3);
    const activeShare = request.alternate ? 1 / request.alternate.of : void 0;
    const { parsed, problems } = await this.parse(outFile, seconds2, releaseError, exit.error, activeShare);
    return {
      summary: parsed && loadSummary(parsed),
      rawOutput: watch ? await compressed(outFile) : outFile,
      exitCode: exit.code,
      thresholdsCrossed: exit.thresholdsCrossed,
      problems,
      seconds: seconds2,
      ...releasedAt ? { releasedAt } : {},
      ...warmupEnd ? { warmupEnd } : {},
      ...exit.code === SCRIPT_EXCEPTION && exit.error ? { scriptError: exit.error } : {}
    };
  }
  /** The user's script, or for an alternating trial the wrapper that puts its load in this arm's slices. */
  scriptFor(request) {
    const script = path19.join(this.options.workspace, this.options.script);
    if (!request.alternate) return Promise.resolve(script);
    const slices = { ...request.alternate, sliceMs: this.options.sliceMs ?? SLICE_MS };
    const key = `${slices.slot}/${slices.of}/${slices.sliceMs}`;
    let written = this.alternateScripts.get(key);
    if (!written) {
      written = writeAlternateScript(this.options.outDir, script, slices);
      this.alternateScripts.set(key, written);
    }
    return written;
  }
  /** The trial's output parsed, and what is wrong with the trial, k6's own errors first. */
  async parse(outFile, seconds2, releaseError, exitError, activeShare) {
    let parseError = "";
    const parsed = await parseK6Output(outFile, {
      discardSeconds: this.options.discardSeconds,
      runSeconds: seconds2,
      ...activeShare ? { activeShare } : {}
    }).catch((error) => {
      parseError = errorMessage(error);
      return null;
    });
    const problems = [
      releaseError,
      exitError ?? "",
      !exitError && !parsed ? `k6 wrote no readable results (${parseError})` : "",
      parsed && parsed.series.length === 0 && !exitError ? "k6 made no HTTP requests" : ""
    ].filter(Boolean);
    return { parsed, problems };
  }
};
async function releaseAtBarrier(held, barrier, kill) {
  let releasedAt;
  try {
    await barrier(async () => {
      releasedAt = (/* @__PURE__ */ new Date()).toISOString();
      await held.resume();
    });
    return { releasedAt };
  } catch (error) {
    kill.abort();
    return {
      ...releasedAt ? { releasedAt } : {},
      releaseError: `k6 could not be started at the start barrier: ${errorMessage(error)}`
    };
  }
}
async function compressed(file) {
  try {
    await pipeline(createReadStream2(file), createGzip(), createWriteStream(`${file}.gz`));
    await rm9(file);
    return `${file}.gz`;
  } catch {
    return file;
  }
}

// src/measure/load/k6/merge.ts
var SEGMENT_FILE_MAX_BYTES = 4 * 1024 ** 3;
async function parseK6Segments(files, options = {}) {
  const outputs = [];
  const limits = { maxBytes: options.maxBytes ?? SEGMENT_FILE_MAX_BYTES };
  for (const file of files) {
    outputs.push(
      await readK6Output(file, { discardSeconds: options.discardSeconds, limits }).catch((error) => {
        throw error instanceof LoadgateError ? error : new Error(`${file}: ${errorMessage(error)}`);
      })
    );
  }
  return summarizeK6Output(mergeK6Outputs(outputs));
}
function mergeK6Outputs(outputs) {
  const merged = {
    series: /* @__PURE__ */ new Map(),
    custom: /* @__PURE__ */ new Map(),
    iterations: 0,
    droppedIterations: 0,
    checks: { passes: 0, fails: 0 },
    durationSeconds: 0,
    spanSeconds: 0,
    points: 0
  };
  let requests = 0;
  let rate = 0;
  for (const output of outputs) {
    for (const [key, part] of output.series) addSeries(merged.series, key, part);
    for (const [name, part] of output.custom) addCustomMetric(merged.custom, name, part);
    merged.iterations += output.iterations;
    merged.droppedIterations += output.droppedIterations;
    merged.checks.passes += output.checks.passes;
    merged.checks.fails += output.checks.fails;
    merged.points += output.points;
    merged.spanSeconds = Math.max(merged.spanSeconds, output.spanSeconds);
    const segmentRequests = [...output.series.values()].reduce((sum, acc) => sum + acc.requests, 0);
    requests += segmentRequests;
    if (output.durationSeconds > 0) rate += segmentRequests / output.durationSeconds;
  }
  merged.durationSeconds = rate > 0 ? requests / rate : 0;
  return merged;
}
function addSeries(into, key, part) {
  let acc = into.get(key);
  if (!acc) {
    acc = { ...part, requests: 0, failed: 0, latencies: new ValueBuffer(), statusCodes: {} };
    into.set(key, acc);
  }
  acc.requests += part.requests;
  acc.failed += part.failed;
  appendValues(acc.latencies, part.latencies);
  for (const [code, count2] of Object.entries(part.statusCodes))
    acc.statusCodes[code] = (acc.statusCodes[code] ?? 0) + count2;
}
function addCustomMetric(into, name, part) {
  const acc = into.get(name);
  if (!acc) {
    const values = new ValueBuffer();
    appendValues(values, part.values);
    into.set(name, { ...part, values });
    return;
  }
  acc.count += part.count;
  acc.sum += part.sum;
  acc.nonZero += part.nonZero;
  if (part.count > 0) acc.last = part.last;
  acc.min = Math.min(acc.min, part.min);
  acc.max = Math.max(acc.max, part.max);
  appendValues(acc.values, part.values);
}
function appendValues(into, from) {
  for (const value of from.view()) into.push(value);
}

// src/measure/load/k6-operator/k6-operator-backend.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { readFile as readFile4 } from "node:fs/promises";
import path21 from "node:path";

// src/measure/load/k6-operator/collect.ts
import { mkdir as mkdir8 } from "node:fs/promises";
import path20 from "node:path";

// src/measure/load/k6-operator/manifests.ts
var OUTPUT_MOUNT = "/loadgate-output";
var RUNNER_POD_VARIABLE = "LOADGATE_RUNNER_POD";
var OUTPUT_VOLUME = "loadgate-output";
var READER_IMAGE = "busybox:1.36";
var LABELS = { "app.kubernetes.io/managed-by": "loadgate" };
function scriptConfigMapName(name) {
  return `${name}-script`;
}
function envSecretName(name) {
  return `${name}-env`;
}
function readerPodName(name) {
  return `${name}-reader`;
}
function runnerOutputPath(pod) {
  return `${OUTPUT_MOUNT}/${pod}.json.gz`;
}
function trialManifests(input) {
  const metadata = (name) => ({ name, namespace: input.namespace, labels: { ...LABELS } });
  const args = [
    "--no-usage-report",
    ...Object.entries(input.tags).flatMap(([key, value]) => ["--tag", `${key}=${value}`])
  ];
  const unsafe = args.find((arg) => !/^[A-Za-z0-9_.:/=-]+$/.test(arg));
  if (unsafe !== void 0) throw new Error(`not a safe k6 argument for a TestRun: ${JSON.stringify(unsafe)}`);
  return {
    configMap: {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: metadata(scriptConfigMapName(input.name)),
      data: { [input.script.fileName]: input.script.content }
    },
    secret: {
      apiVersion: "v1",
      kind: "Secret",
      metadata: metadata(envSecretName(input.name)),
      type: "Opaque",
      stringData: { ...input.env }
    },
    testRun: {
      apiVersion: "k6.io/v1alpha1",
      kind: "TestRun",
      metadata: metadata(input.name),
      spec: {
        parallelism: input.parallelism,
        script: { configMap: { name: scriptConfigMapName(input.name), file: input.script.fileName } },
        arguments: args.join(" "),
        separate: false,
        runner: {
          image: input.image,
          metadata: { labels: { ...LABELS } },
          // Declared after the Secret's variables (envFrom): a K6_OUT among them cannot redirect it.
          env: [
            { name: RUNNER_POD_VARIABLE, valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
            { name: "K6_OUT", value: `json=${runnerOutputPath(`$(${RUNNER_POD_VARIABLE})`)}` }
          ],
          envFrom: [{ secretRef: { name: envSecretName(input.name) } }],
          volumes: [{ name: OUTPUT_VOLUME, persistentVolumeClaim: { claimName: input.claim } }],
          volumeMounts: [{ name: OUTPUT_VOLUME, mountPath: OUTPUT_MOUNT }]
        }
      }
    }
  };
}
function readerPodManifest(name, namespace, claim) {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: readerPodName(name), namespace, labels: { ...LABELS } },
    spec: {
      restartPolicy: "Never",
      containers: [
        {
          name: "reader",
          image: READER_IMAGE,
          // Outlives the longest trial; deleted with the trial's other objects.
          command: ["sleep", "86400"],
          volumeMounts: [{ name: OUTPUT_VOLUME, mountPath: OUTPUT_MOUNT }]
        }
      ],
      volumes: [{ name: OUTPUT_VOLUME, persistentVolumeClaim: { claimName: claim } }]
    }
  };
}
function testRunName(runId, trialName2) {
  const trial = trialName2.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return `lg-${runId}-${trial}`.slice(0, 40).replace(/-+$/, "");
}

// src/measure/load/k6-operator/collect.ts
var FINAL_STAGES = /* @__PURE__ */ new Set(["finished", "error"]);
var POLL_MS3 = 2e3;
async function waitForStage(kubectl, name, timeoutMs, sleep2 = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    const testRun = await kubectl.get("testrun", name);
    if (!testRun) return "deleted";
    const stage = testRun.status?.stage ?? "";
    if (FINAL_STAGES.has(stage)) return stage;
    if (Date.now() >= deadline) return `still '${stage || "unknown"}' after ${Math.round(timeoutMs / 1e3)} s`;
    await sleep2(POLL_MS3);
  }
}
async function runnerExits(kubectl, name) {
  const pods = await kubectl.list("pods", `k6_cr=${name},runner=true`);
  return pods.map((pod) => {
    const podName = pod.metadata?.name ?? "";
    const job = pod.metadata?.labels?.["job-name"] ?? podName;
    const index = Number(/-(\d+)$/.exec(job)?.[1] ?? Number.NaN);
    const k6 = pod.status?.containerStatuses?.find((c) => c.name === "k6");
    const terminated = k6?.state?.terminated;
    return {
      pod: podName,
      index,
      exitCode: terminated?.exitCode ?? null,
      reason: terminated?.message?.trim() || terminated?.reason || pod.status?.phase || "unknown"
    };
  }).sort((a, b) => a.index - b.index);
}
async function openClaim(kubectl, pod, timeoutMs) {
  await waitForPod(kubectl, pod, timeoutMs);
  await kubectl.exec(pod, ["chmod", "1777", OUTPUT_MOUNT]);
}
async function waitForPod(kubectl, pod, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    const phase = (await kubectl.get("pod", pod))?.status?.phase;
    if (phase === "Running") return;
    if (phase === "Failed" || phase === "Succeeded" || Date.now() >= deadline)
      throw new Error(`the pod ${pod} that reads the output claim is '${phase ?? "missing"}', not running`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS3));
  }
}
async function collectOutputs(kubectl, reader, runners, dir) {
  await mkdir8(dir, { recursive: true });
  const files = [];
  const problems = [];
  for (const runner2 of runners) {
    const local = path20.join(dir, `runner-${runner2.index}.json.gz`);
    try {
      await kubectl.copyFrom(reader, runnerOutputPath(runner2.pod), local);
      files.push(local);
    } catch (error) {
      problems.push(`runner ${runner2.index} (${runner2.pod}) left no readable output: ${errorMessage(error)}`);
    }
  }
  const outputs = runners.map((runner2) => runnerOutputPath(runner2.pod));
  if (outputs.length > 0) await kubectl.exec(reader, ["rm", "-f", ...outputs]).catch(() => void 0);
  return { files, problems };
}

// src/measure/load/k6-operator/segment-merge.ts
import { createReadStream as createReadStream3, createWriteStream as createWriteStream2 } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline as pipeline2 } from "node:stream/promises";
import { createGunzip as createGunzip2 } from "node:zlib";
async function mergeSegments(files, options) {
  const starts = await Promise.all(files.map(async (file) => ({ file, start: await firstPointTime(file) })));
  starts.sort((a, b) => a.start - b.start);
  const out = createWriteStream2(options.into);
  for (const { file } of starts) await pipeline2(createReadStream3(file), out, { end: false });
  await new Promise(
    (resolve, reject) => out.end((error) => error ? reject(error) : resolve())
  );
  return parseK6Segments(files, { discardSeconds: options.discardSeconds ?? 0 });
}
async function firstPointTime(file) {
  const source = createReadStream3(file);
  const lines = createInterface({ input: source.pipe(createGunzip2()), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const time = /"type":"Point".*?"time":"([^"]+)"/.exec(line)?.[1];
      if (time) return Date.parse(time);
    }
    return Number.POSITIVE_INFINITY;
  } finally {
    lines.close();
    source.destroy();
  }
}

// src/measure/load/k6-operator/k6-operator-backend.ts
var TRIAL_TIMEOUT_MS = 60 * 60 * 1e3;
var READER_TIMEOUT_MS = 3 * 60 * 1e3;
var THRESHOLDS_CROSSED = 99;
function createK6OperatorBackend(options) {
  return new K6OperatorBackend(options);
}
var K6OperatorBackend = class {
  constructor(options) {
    this.options = options;
  }
  options;
  /** A TestRun's runners start on the operator's own schedule: no start barrier across two of them. */
  canHold = false;
  script = null;
  /** Keeps the object names of two runs in one namespace apart. */
  runId = randomBytes2(3).toString("hex");
  async prepare() {
    const { workspace, script, kubectl, claim, namespace } = this.options;
    await requireFile(workspace, script, "k6-script", "the checkout");
    await kubectl.serverVersion();
    if (!await kubectl.get("persistentvolumeclaim", claim))
      throw new LoadgateError(
        `Input 'k6-operator-claim' is '${claim}': no such PersistentVolumeClaim in namespace '${namespace}'`
      );
    this.script = {
      fileName: path21.basename(script),
      content: await readFile4(path21.join(workspace, script), "utf8")
    };
    return { version: this.options.k6Version };
  }
  async runTrial(request) {
    if (!this.script) throw new Error("the k6-operator backend is not prepared");
    const { kubectl, namespace, parallelism, claim } = this.options;
    const name = testRunName(this.runId, request.name);
    const rawDir = path21.join(this.options.outDir, request.name);
    const manifests = this.manifests(name, request);
    const created = [];
    const create = async (object) => {
      created.push(object);
      await kubectl.create(object);
    };
    const problems = [];
    let runners = [];
    let files = [];
    let scriptError;
    const started = performance.now();
    try {
      await create(readerPodManifest(name, namespace, claim));
      await openClaim(kubectl, readerPodName(name), READER_TIMEOUT_MS);
      for (const object of [manifests.configMap, manifests.secret, manifests.testRun]) await create(object);
      const stage = await waitForStage(kubectl, name, this.options.trialTimeoutMs ?? TRIAL_TIMEOUT_MS);
      if (stage !== "finished") problems.push(`the TestRun ${name} ended in stage '${stage}'`);
      runners = await runnerExits(kubectl, name);
      problems.push(...runnerProblems(runners, parallelism));
      if (runners.length > 0 && runners.every((r) => r.exitCode === SCRIPT_EXCEPTION))
        scriptError = `k6 exited ${SCRIPT_EXCEPTION}: ${k6Error(await kubectl.logs(runners[0].pod).catch(() => ""))}`;
      const collected = await collectOutputs(kubectl, readerPodName(name), runners, rawDir);
      files = collected.files;
      problems.push(...collected.problems);
    } catch (error) {
      problems.push(errorMessage(error));
    } finally {
      problems.push(...await deleteAll(kubectl, created));
    }
    const seconds2 = (performance.now() - started) / 1e3;
    const rawOutput = path21.join(this.options.outDir, `${request.name}.json.gz`);
    const parsed = await this.merge(files, rawOutput, problems);
    if (parsed && parsed.series.length === 0 && problems.length === 0)
      problems.push("k6 made no HTTP requests");
    const failed = runners.find((r) => r.exitCode !== 0 && r.exitCode !== THRESHOLDS_CROSSED);
    const exitCode = failed ? failed.exitCode ?? -1 : runners.length > 0 ? runners[0].exitCode ?? -1 : -1;
    return {
      summary: parsed && loadSummary(parsed),
      rawOutput,
      exitCode,
      thresholdsCrossed: runners.some((r) => r.exitCode === THRESHOLDS_CROSSED),
      problems,
      seconds: seconds2,
      ...scriptError ? { scriptError } : {}
    };
  }
  /** The trial's TestRun, with its script and variables. */
  manifests(name, request) {
    const { namespace, parallelism, claim } = this.options;
    return trialManifests({
      name,
      namespace,
      parallelism,
      script: this.script,
      env: { ...request.env, BASE_URL: request.targetUrl },
      tags: { loadgate_arm: request.arm, loadgate_round: String(request.round) },
      image: `grafana/k6:${this.options.k6Version}`,
      claim
    });
  }
  async merge(files, into, problems) {
    if (files.length === 0) return null;
    try {
      return await mergeSegments(files, { discardSeconds: this.options.discardSeconds, into });
    } catch (error) {
      problems.push(`the runners' outputs could not be merged: ${errorMessage(error)}`);
      return null;
    }
  }
};
function runnerProblems(runners, parallelism) {
  const problems = runners.filter((r) => r.exitCode !== 0 && r.exitCode !== THRESHOLDS_CROSSED).map(
    (r) => r.exitCode === null ? `runner ${r.index} (${r.pod}) did not finish: ${r.reason}` : `runner ${r.index} (${r.pod}) exited ${r.exitCode}: ${r.reason}`
  );
  if (runners.length !== parallelism)
    problems.push(`${runners.length} of ${parallelism} runners ran: the trial misses a segment of its load`);
  return problems;
}
async function deleteAll(kubectl, created) {
  const problems = [];
  for (const object of [...created].reverse()) {
    await kubectl.delete(object.kind.toLowerCase(), object.metadata.name).catch((error) => {
      problems.push(`could not delete ${object.kind} ${object.metadata.name}: ${errorMessage(error)}`);
    });
  }
  return problems;
}

// src/measure/load/k6-operator/kubectl.ts
var CALL_TIMEOUT_MS = 2 * 60 * 1e3;
function createKubectl(namespace) {
  const kubeconfig = process.env.KUBECONFIG;
  const kubectl = async (args, input) => {
    const [verb = "", ...rest] = args;
    const { stdout } = await run("kubectl", [verb, `--namespace=${namespace}`, ...rest], {
      env: kubeconfig ? { KUBECONFIG: kubeconfig } : {},
      timeoutMs: CALL_TIMEOUT_MS,
      cleanup: verb === "delete",
      ...input === void 0 ? {} : { input }
    }).catch((error) => {
      throw new LoadgateError(`k6-operator: ${oneLine(error)}`);
    });
    return stdout;
  };
  return {
    async serverVersion() {
      const out = await kubectl(["version", "--output=json", "--request-timeout=20s"]);
      const version = JSON.parse(out).serverVersion;
      if (!version?.gitVersion) throw new LoadgateError("k6-operator: kubectl reached no cluster");
      return version.gitVersion;
    },
    async create(object) {
      await kubectl(["create", "--filename=-"], JSON.stringify(object));
    },
    async get(kind, name) {
      const out = await kubectl(["get", kind, name, "--ignore-not-found", "--output=json"]);
      return out.trim() ? JSON.parse(out) : null;
    },
    async list(kind, selector) {
      const out = await kubectl(["get", kind, `--selector=${selector}`, "--output=json"]);
      return JSON.parse(out).items ?? [];
    },
    async delete(kind, name) {
      await kubectl(["delete", kind, name, "--ignore-not-found", "--wait=false"]);
    },
    async exec(pod, command) {
      await kubectl(["exec", pod, "--", ...command]);
    },
    async logs(pod) {
      return kubectl(["logs", pod, "--tail=50"]);
    },
    async copyFrom(pod, remotePath, localPath) {
      await kubectl(["cp", `${pod}:${remotePath}`, localPath]);
    }
  };
}
function oneLine(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, 400);
}

// src/measure/load/index.ts
function createLoadBackend(settings, bench, outDir) {
  const load = settings.load;
  if (load.kind === "k6-operator") {
    return createK6OperatorBackend({
      workspace: settings.workspace,
      script: bench.k6Script,
      k6Version: settings.k6Version,
      discardSeconds: settings.discardSeconds,
      outDir,
      namespace: load.namespace,
      parallelism: load.parallelism,
      claim: load.claim,
      kubectl: createKubectl(load.namespace)
    });
  }
  return createK6Backend({
    workspace: settings.workspace,
    script: bench.k6Script,
    version: settings.k6Version,
    discardSeconds: settings.discardSeconds,
    outDir,
    segmentArgs: settings.segment ? executionSegmentArgs(settings.segment) : []
  });
}
async function summarizeSegments(files, options) {
  return loadSummary(await parseK6Segments(files, options));
}

// src/measure/cpu-split.ts
import os5 from "node:os";
function cpuRange(first, count2) {
  return count2 === 1 ? String(first) : `${first}-${first + count2 - 1}`;
}
function runnerCpuCount() {
  return os5.cpus().length;
}
function cpuSplit(arms, seed, cpuCount = runnerCpuCount()) {
  if (cpuCount < 2 || arms.length !== 2) return null;
  const half = Math.floor(cpuCount / 2);
  const halves = [cpuRange(0, half), cpuRange(half, cpuCount - half)];
  return {
    halves,
    cpusOf(arm, round5) {
      const swapped = seededRandom((seed ^ Math.imul(Math.max(1, round5), 2654435761)) >>> 0)() < 0.5;
      const first = arms.indexOf(arm) === 0 ? !swapped : swapped;
      return first ? halves[0] : halves[1];
    }
  };
}
function cpuIndexes(list) {
  return list.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from)
      throw new Error(`not a CPU list: ${list}`);
    return Array.from({ length: to - from + 1 }, (_2, i) => from + i);
  });
}

// src/measure/host-cpu.ts
import { readFile as readFile5 } from "node:fs/promises";
function parseCpuTimes(procStat, cpus) {
  const lines = procStat.split("\n");
  if (!cpus) return lineTimes(lines.find((l3) => l3.startsWith("cpu ")));
  const times = cpus.map((cpu) => lineTimes(lines.find((l3) => l3.startsWith(`cpu${cpu} `))));
  if (times.some((t) => !t)) return null;
  return times.reduce(
    (sum, t) => ({ busy: sum.busy + t.busy, total: sum.total + t.total, steal: sum.steal + t.steal }),
    { busy: 0, total: 0, steal: 0 }
  );
}
function lineTimes(line) {
  if (!line) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map((n) => Number(n) || 0);
  const idleTicks = (idle ?? 0) + (iowait ?? 0);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return { busy, total: busy + idleTicks, steal: steal ?? 0 };
}
async function readCpuTimes(cpus) {
  return parseCpuTimes(await readFile5("/proc/stat", "utf8").catch(() => ""), cpus);
}
function busyFraction(from, to) {
  return shareOf("busy", from, to);
}
function stolenFraction(from, to) {
  return shareOf("steal", from, to);
}
function shareOf(part, from, to) {
  if (!from || !to || to.total <= from.total) return null;
  const fraction2 = (to[part] - from[part]) / (to.total - from.total);
  return Math.round(Math.min(1, Math.max(0, fraction2)) * 1e3) / 1e3;
}
function recordSaturation(results, busy, round5) {
  if (busy === void 0 || busy < SATURATED_CPU_BUSY) return null;
  const first = !results.saturation;
  const saturation = results.saturation ??= { rounds: [], maxCpuBusy: 0 };
  saturation.maxCpuBusy = Math.max(saturation.maxCpuBusy, busy);
  if (!saturation.rounds.includes(round5)) saturation.rounds.push(round5);
  if (!first) return null;
  return `the runner's CPUs were ${Math.round(busy * 100)}% busy in round ${round5}: the load, the stacks and the runner compete for the CPU and the latencies include that wait (a note, not a verdict; every such round is listed under saturation in the results)`;
}
function stolenNote(stolen, round5) {
  if (stolen === void 0 || stolen < STOLEN_NOTE) return null;
  return `the hypervisor took ${Math.round(stolen * 100)}% of the runner's CPU time in round ${round5} (steal): the machine is shared with other guests and latencies include that wait (a note, not a verdict; the report names every such round)`;
}

// src/measure/machine-probe.ts
var PROBE_INTERVAL_MS = 200;
var PROBE_ITERATIONS = 4e5;
var MIN_SAMPLES = 5;
var sink = 0;
function fixedWork() {
  let x2 = 2654435769 ^ sink;
  for (let i = 0; i < PROBE_ITERATIONS; i++) {
    x2 ^= x2 << 13;
    x2 ^= x2 >>> 17;
    x2 ^= x2 << 5;
  }
  sink = x2;
}
function startMachineProbe() {
  const wall = [];
  const cpu = [];
  const timer = setInterval(() => {
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    fixedWork();
    wall.push(Number(process.hrtime.bigint() - started) / 1e3);
    const used = process.cpuUsage(cpuBefore);
    cpu.push(used.user + used.system);
  }, PROBE_INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (wall.length < MIN_SAMPLES) return void 0;
      const round12 = (value) => Math.round(value * 10) / 10;
      return { samples: wall.length, wallMicros: round12(median(wall)), cpuMicros: round12(median(cpu)) };
    }
  };
}
async function probed(enabled, work) {
  const probe = enabled ? startMachineProbe() : null;
  try {
    const value = await work();
    const figure = probe?.stop();
    return figure ? { value, probe: figure } : { value };
  } finally {
    probe?.stop();
  }
}

// src/measure/run-cpu.ts
import { readdir as readdir6, readFile as readFile6 } from "node:fs/promises";
var TICKS_PER_SECOND = 100;
var ENGINE_COMMANDS = /^(dockerd|containerd|containerd-shim.*|docker-proxy)$/;
function parseProcessStat(text2) {
  const open5 = text2.indexOf("(");
  const close = text2.lastIndexOf(")");
  if (open5 < 0 || close < open5) return null;
  const pid = Number(text2.slice(0, open5).trim());
  const rest = text2.slice(close + 1).trim().split(/\s+/);
  const field = (n) => Number(rest[n - 3]);
  const [ppid, utime, stime, cutime, cstime] = [4, 14, 15, 16, 17].map(field);
  if (![pid, ppid, utime, stime, cutime, cstime].every(Number.isFinite)) return null;
  return {
    pid,
    ppid,
    command: text2.slice(open5 + 1, close),
    own: utime + stime,
    reaped: cutime + cstime
  };
}
function runProcessTicks(processes, self) {
  const children = /* @__PURE__ */ new Map();
  for (const p of processes) children.set(p.ppid, [...children.get(p.ppid) ?? [], p]);
  let ticks = 0;
  const tree = processes.filter((p) => p.pid === self);
  const seen = /* @__PURE__ */ new Set();
  while (tree.length) {
    const p = tree.pop();
    if (seen.has(p.pid)) continue;
    seen.add(p.pid);
    ticks += p.own + p.reaped;
    tree.push(...children.get(p.pid) ?? []);
  }
  for (const p of processes) if (!seen.has(p.pid) && ENGINE_COMMANDS.test(p.command)) ticks += p.own;
  return ticks;
}
async function readProcesses() {
  const names = await readdir6("/proc").catch(() => []);
  const stats = await Promise.all(
    names.filter((name) => /^\d+$/.test(name)).map((pid) => readFile6(`/proc/${pid}/stat`, "utf8").catch(() => ""))
  );
  return stats.map(parseProcessStat).filter((p) => p !== null);
}
async function readRunCpu() {
  const [procStat, processes] = await Promise.all([
    readFile6("/proc/stat", "utf8").catch(() => ""),
    readProcesses()
  ]);
  const host = parseCpuTimes(procStat);
  if (!host || processes.length === 0) return null;
  return { host, runTicks: runProcessTicks(processes, process.pid) };
}
function foreignFraction(from, to, containerSeconds) {
  if (!from || !to || containerSeconds === null) return null;
  const total = to.host.total - from.host.total;
  if (!(total > 0)) return null;
  const busy = to.host.busy - from.host.busy;
  const steal = to.host.steal - from.host.steal;
  const run2 = to.runTicks - from.runTicks + containerSeconds * TICKS_PER_SECOND;
  const foreign = (busy - steal - run2) / total;
  return Math.round(Math.min(1, Math.max(0, foreign)) * 1e3) / 1e3;
}

// src/measure/trial.ts
function trialName(arm, phase, round5, repeat) {
  const roundName = `round-${String(round5).padStart(2, "0")}-${arm}`;
  const name = phase === "measure" ? roundName : round5 === 0 ? `warmup-${arm}` : `warmup-${roundName}`;
  return repeat ? `${name}-again-${repeat}` : name;
}
function loadRequest(plan, name, targetUrl) {
  const { arm, phase, round: round5 } = plan;
  return {
    arm,
    phase,
    round: round5,
    name,
    targetUrl,
    env: { ...plan.env, ...phase === "warmup" ? { DURATION: `${plan.warmupSeconds}s` } : {} },
    ...plan.held ? { held: plan.held } : {},
    ...plan.cpus ? { cpus: plan.cpus } : {},
    ...phase === "warmup" && plan.untilSteady ? { untilSteady: true } : {},
    ...phase === "measure" && plan.alternate ? { alternate: plan.alternate } : {}
  };
}
async function runTrial(load, instance, plan) {
  const { arm, phase, round: round5 } = plan;
  const name = trialName(arm, phase, round5, plan.repeat);
  const measured2 = instance.instance;
  const sampling = instance.sampleResources();
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const ownCpus = plan.cpus ? cpuIndexes(plan.cpus) : void 0;
  const [cpuBefore, runBefore] = await Promise.all([readCpuTimes(ownCpus), readRunCpu()]);
  const { value: result, probe: machineProbe } = await probed(
    phase === "measure" && !plan.held,
    () => load.runTrial(loadRequest(plan, name, instance.url))
  );
  const [cpuAfter, runAfter] = await Promise.all([readCpuTimes(ownCpus), readRunCpu()]);
  const hostCpuBusy = busyFraction(cpuBefore, cpuAfter);
  const hostCpuStolen = stolenFraction(cpuBefore, cpuAfter);
  const samplingError = await sampling.started;
  const resources = await sampling.stop();
  const foreignCpu = foreignFraction(runBefore, runAfter, await runContainerSeconds(sampling, resources));
  const disrupted = resources.filter((r) => r.disrupted).map((r) => r.service);
  const reasons = [
    ...result.problems,
    samplingError,
    disrupted.length ? `container ${disrupted.join(", ")} restarted or stopped during the trial` : ""
  ].filter(Boolean);
  const summary = result.summary;
  const trial = {
    arm,
    phase,
    round: round5,
    startedAt,
    durationSeconds: summary?.durationSeconds ?? 0,
    k6ExitCode: result.exitCode,
    thresholdsCrossed: result.thresholdsCrossed,
    valid: reasons.length === 0,
    ...reasons.length ? { invalidReason: reasons.join("; ") } : {},
    iterations: summary?.iterations ?? 0,
    droppedIterations: summary?.droppedIterations ?? 0,
    checks: summary?.checks ?? { passes: 0, fails: 0 },
    series: summary?.series ?? [],
    custom: summary?.custom ?? [],
    resources,
    k6Seconds: Math.round(result.seconds * 1e3) / 1e3,
    ...measured2 ? { instance: measured2 } : {},
    ...instance.slot !== void 0 ? { slot: instance.slot } : {},
    ...result.releasedAt ? { releasedAt: result.releasedAt } : {},
    ...result.warmupEnd ? { warmupEnd: result.warmupEnd } : {},
    ...hostCpuBusy !== null ? { hostCpuBusy } : {},
    ...hostCpuStolen !== null ? { hostCpuStolen } : {},
    ...foreignCpu !== null ? { foreignCpu } : {},
    ...machineProbe ? { machineProbe } : {},
    ...plan.cpus ? { cpus: plan.cpus } : {},
    ...plan.repeat ? { repeat: plan.repeat } : {},
    ...phase === "measure" && plan.alternate ? { sliceArms: plan.alternate.of } : {}
  };
  return { trial, ...result.scriptError ? { scriptError: result.scriptError } : {} };
}
async function runContainerSeconds(sampling, resources) {
  if (!sampling.otherArmsCpuSeconds || resources.length === 0) return null;
  const own = resources.map((r) => r.cpuSeconds);
  const others = await sampling.otherArmsCpuSeconds().catch(() => null);
  if (others === null || own.some((s) => s === null)) return null;
  return own.reduce((sum, s) => sum + s, others);
}
function warmupIgnoredDuration(trial, warmupSeconds) {
  if (trial.phase !== "warmup" || warmupSeconds <= 0) return null;
  if (trial.durationSeconds <= warmupSeconds * 1.5 + 1) return null;
  return `warning: the warm-up ran ${trial.durationSeconds.toFixed(1)} s although warmup is ${warmupSeconds} s: the k6 script does not read __ENV.DURATION, so every warm-up lasts a whole trial; write its scenarios' duration as __ENV.DURATION || '30s' (docs/configuration.md#writing-a-k6-script-for-loadgate)`;
}
function summarizeTrial(trial) {
  if (!trial.valid) return `INVALID \u2014 ${trial.invalidReason}`;
  const series = requestSeries(trial);
  const requests = series.reduce((n, s) => n + s.requests, 0);
  const failed = series.reduce((n, s) => n + s.failed, 0);
  const p50s = series.map((s) => `${s.name} p50 ${s.latency ? s.latency.p50.toFixed(2) : "\u2013"} ms`);
  const stolen = (trial.hostCpuStolen ?? 0) >= STOLEN_NOTE ? `; steal ${Math.round(trial.hostCpuStolen * 100)}%` : "";
  return `${requests} requests, ${(failed / Math.max(1, requests) * 100).toFixed(2)}% errors; ${p50s.join(", ")}${stolen}`;
}

// src/measure/merge/trials.ts
async function mergeSegments2(segments) {
  const longest = [...segments].sort((a, b) => b.results.schedule.length - a.results.schedule.length)[0];
  const trials = [];
  for (const key of trialKeys(segments)) trials.push(await mergeTrial(segments, key));
  const first = segments[0].results;
  const errors = segments.filter((s) => s.results.error).map((s) => `segment ${s.index}/${s.count}: ${s.results.error}`);
  const { segment: _segment, ...meta } = first.meta;
  return {
    ...first,
    meta: {
      ...meta,
      startedAt: earliest(segments.map((s) => s.results.meta.startedAt)),
      finishedAt: latest(segments.map((s) => s.results.meta.finishedAt))
    },
    schedule: longest.results.schedule,
    trials,
    ...errors.length ? { error: errors.join("; ").slice(0, 5e3) } : {}
  };
}
function trialKeys(segments) {
  const seen = /* @__PURE__ */ new Map();
  for (const segment of segments) {
    for (const { arm, phase, round: round5 } of segment.results.trials) {
      const id = trialName(arm, phase, round5);
      if (!seen.has(id)) seen.set(id, { arm, phase, round: round5 });
    }
  }
  const order = (key) => key.phase === "warmup" ? 0 : key.round;
  return [...seen.values()].sort((a, b) => order(a) - order(b));
}
async function mergeTrial(segments, key) {
  const parts = segments.map((segment) => ({
    segment,
    trial: segment.results.trials.find(
      (t) => t.arm === key.arm && t.phase === key.phase && t.round === key.round
    )
  }));
  const ran = parts.flatMap(({ trial }) => trial ? [trial] : []);
  const problems = parts.flatMap(({ segment, trial }) => {
    const label = `segment ${segment.index}/${segment.count}`;
    if (!trial) return [`${label} did not run this trial`];
    return trial.valid ? [] : [`${label}: ${trial.invalidReason ?? "invalid"}`];
  });
  const base = {
    ...key,
    startedAt: earliest(ran.map((t) => t.startedAt)),
    durationSeconds: 0,
    k6ExitCode: ran.find((t) => t.k6ExitCode !== 0)?.k6ExitCode ?? 0,
    thresholdsCrossed: ran.some((t) => t.thresholdsCrossed),
    valid: false,
    iterations: 0,
    droppedIterations: 0,
    checks: { passes: 0, fails: 0 },
    series: [],
    custom: [],
    resources: ran.flatMap((t) => t.resources),
    k6Seconds: Math.max(0, ...ran.map((t) => t.k6Seconds ?? 0))
  };
  if (problems.length > 0) return { ...base, invalidReason: problems.join("; ").slice(0, 2e3) };
  const apart = key.phase === "warmup" ? "" : notTogether(ran);
  if (apart) return { ...base, invalidReason: apart };
  const files = segments.map((s) => path22.join(s.dir, `${trialName(key.arm, key.phase, key.round)}.json.gz`));
  try {
    for (const file of files) {
      if (!(await lstat5(file)).isFile()) throw new Error(`${file} is not a regular file`);
    }
    const discardSeconds = segments[0].results.settings.discardSeconds;
    const parsed = await summarizeSegments(files, { discardSeconds });
    if (parsed.series.length === 0) return { ...base, invalidReason: "the segments made no HTTP requests" };
    const { series, custom, iterations, droppedIterations, checks, durationSeconds } = parsed;
    return { ...base, valid: true, series, custom, iterations, droppedIterations, checks, durationSeconds };
  } catch (error) {
    return {
      ...base,
      invalidReason: `a segment's k6 output cannot be read: ${errorMessage(error)}`.slice(0, 2e3)
    };
  }
}
var MIN_OVERLAP = 0.5;
function notTogether(trials) {
  const windows = trials.map((t) => {
    const start = Date.parse(t.startedAt);
    return { start, end: start + (t.k6Seconds ?? 0) * 1e3 };
  });
  if (windows.some((w2) => Number.isNaN(w2.start) || w2.end <= w2.start)) return "";
  const overlap = Math.min(...windows.map((w2) => w2.end)) - Math.max(...windows.map((w2) => w2.start));
  const shortest = Math.min(...windows.map((w2) => w2.end - w2.start));
  if (overlap >= shortest * MIN_OVERLAP) return "";
  const spread3 = (Math.max(...windows.map((w2) => w2.start)) - Math.min(...windows.map((w2) => w2.start))) / 1e3;
  return `the segments did not run together (their starts are ${spread3.toFixed(1)} s apart, together for ${Math.max(0, overlap / 1e3).toFixed(1)} s of ${(shortest / 1e3).toFixed(1)} s): the target never had the whole load`;
}
function earliest(times) {
  return [...times].sort()[0] ?? (/* @__PURE__ */ new Date(0)).toISOString();
}
function latest(times) {
  return [...times].sort().at(-1) ?? (/* @__PURE__ */ new Date(0)).toISOString();
}

// src/modes/compare.ts
import path30 from "node:path";

// src/measure/arm-instances.ts
var DUET_PAUSE_NOTE = "both arms are under load at once (arms-under-load both): no arm is idle or paused";
function atOnceNote(mode) {
  return mode === "both" ? DUET_PAUSE_NOTE : "the arms' loads alternate in slices of each trial (arms-under-load alternating): no arm is paused";
}
var ArmInstances = class {
  constructor(settings, say, cpuCount = runnerCpuCount()) {
    this.settings = settings;
    this.say = say;
    this.cpuCount = cpuCount;
  }
  settings;
  say;
  cpuCount;
  instances = /* @__PURE__ */ new Map();
  /** pause-idle-arm auto's choice, once the arms' runtimes are known (runtime-choices.ts). */
  pauseChosen = null;
  /** Pausing the idle arm applies only when one arm at a time is under load. */
  get pausesIdleArm() {
    const pause = this.pauseChosen ?? this.settings.pauseIdleArm !== false;
    return pause && !trialsAtOnce(this.settings.armsUnderLoad);
  }
  /** Whether an arm is idle during a trial and every arm can be paused: what pause-idle-arm auto decides. */
  canPauseIdleArm() {
    return !trialsAtOnce(this.settings.armsUnderLoad) && this.everyArmPausable();
  }
  everyArmPausable() {
    return [...this.instances.values()].every((i) => i.pause && i.resume);
  }
  /** pause-idle-arm auto: pause the idle arm during every trial, or leave it running. */
  choosePause(pause) {
    this.pauseChosen = pause;
  }
  add(arm, instance) {
    this.instances.set(arm, instance);
  }
  get(arm) {
    const instance = this.instances.get(arm);
    if (!instance) throw new Error(`the ${arm} arm was not started`);
    return instance;
  }
  /**
   * What the run does of the settings, for the results; says once what the arms cannot do
   * (an environment running elsewhere can be neither recreated nor paused).
   */
  describe() {
    const all = [...this.instances.values()];
    const canRecreate = all.every((i) => i.recreate);
    const canPause = this.everyArmPausable();
    const freshInstances = canRecreate ? this.settings.freshInstances : "run";
    const pauseIdleArm = canPause && this.pausesIdleArm;
    const notRecreated = this.settings.freshInstances !== "run" && !canRecreate;
    const notPaused = this.pausesIdleArm && !canPause;
    const duetNote = trialsAtOnce(this.settings.armsUnderLoad) && this.settings.pauseIdleArm !== false ? atOnceNote(this.settings.armsUnderLoad) : "";
    if (!notRecreated && !notPaused) {
      if (duetNote) this.say(duetNote);
      return { freshInstances, pauseIdleArm, ...duetNote ? { instancesNote: duetNote } : {} };
    }
    const cannot = [notRecreated && "recreated", notPaused && "paused"].filter(Boolean).join(" or ");
    const note2 = [
      `the arms run elsewhere and cannot be ${cannot}`,
      notRecreated && "each arm is one instance for the whole run",
      notPaused && "the arm not under load keeps running",
      duetNote
    ].filter(Boolean).join("; ");
    this.say(note2);
    return { freshInstances, pauseIdleArm, instancesNote: note2 };
  }
  /** Host PIDs of every arm's processes; null when any arm's cannot be seen (a URL target). */
  async processes() {
    const all = [...this.instances.values()];
    if (!all.every((i) => i.processes)) return null;
    const pids = await Promise.all(all.map((i) => i.processes().catch(() => [])));
    return pids.flat();
  }
  /** Sets of instances started so far, the first included: the next renewal's placement is drawn for it. */
  sets = 1;
  /**
   * Replaces every arm's instance before `round`, the arms side by side (none is under load, and
   * most of the time is spent waiting for health checks), launched in a seeded order and, where the
   * arms have stack slots, each in the slot drawn for this set of instances; logs how long each took.
   * The replaced instances are removed meanwhile: `retired()` before anything is measured.
   */
  async renew(round5) {
    const placement = stackPlacement([...this.instances.keys()], this.sets++, this.settings.seed ?? 0);
    const renewing = placement.startOrder.map((arm) => [arm, this.get(arm)]).filter(([, instance]) => instance.recreate);
    const seconds2 = /* @__PURE__ */ new Map();
    await sideBySide(
      renewing.map(async ([arm, instance]) => {
        const started = Date.now();
        await instance.recreate(instance.slot === void 0 ? void 0 : placement.slots[arm]);
        seconds2.set(arm, (Date.now() - started) / 1e3);
      })
    );
    const took = [...this.instances.keys()].sort().filter((arm) => seconds2.has(arm)).map((arm) => `${arm} ${seconds2.get(arm).toFixed(1)} s`);
    if (took.length) this.say(`new instances for round ${round5}: ${took.join(", ")}`);
  }
  /** Resolves once every instance a renewal replaced is removed: nothing is measured beside a removal. */
  async retired() {
    await sideBySide(
      [...this.instances.values()].map((instance) => instance.retired?.() ?? Promise.resolve())
    );
  }
  /** Runs `work` (a trial of `arm`) with every other arm paused; they are thawed whatever happens. */
  async measuring(arm, work) {
    const idle = this.pausesIdleArm ? [...this.instances].filter(([other, i]) => other !== arm && i.pause && i.resume) : [];
    const paused = [];
    let outcome;
    try {
      for (const [other, instance] of idle) {
        paused.push([other, instance]);
        await instance.pause().catch((error) => {
          throw new LoadgateError(`could not pause the ${other} arm: ${errorMessage(error)}`);
        });
      }
      outcome = { value: await work() };
    } catch (error) {
      outcome = { error };
    }
    const thawed = await Promise.allSettled(paused.map(([, instance]) => instance.resume()));
    if ("error" in outcome) throw outcome.error;
    const failed = thawed.findIndex((t) => t.status === "rejected");
    if (failed >= 0) {
      const reason = thawed[failed].reason;
      throw new LoadgateError(`could not resume the ${paused[failed][0]} arm: ${errorMessage(reason)}`);
    }
    return outcome.value;
  }
  /** Duet with the CPUs split: the split, and what each arm's instance is confined to now. */
  split = null;
  confined = /* @__PURE__ */ new Map();
  /**
   * Duet: gives each arm CPUs of its own when there are two or more, every arm can be confined
   * and `taskset` runs; says which, or why the arms share the CPUs. Sequential runs need none.
   */
  async splitCpus() {
    if (this.settings.armsUnderLoad !== "both") return;
    const all = [...this.instances.values()];
    if (!all.every((i) => i.confine)) return;
    const split = cpuSplit([...this.instances.keys()], this.settings.seed ?? 0, this.cpuCount);
    if (!split) return this.say("duet on one CPU: the arms share it");
    try {
      await run("taskset", ["--version"]);
      const every = `0-${this.cpuCount - 1}`;
      for (const instance of all) await instance.confine(every);
    } catch (error) {
      return this.say(
        `the arms share the CPUs: they could not be given CPUs of their own (${errorMessage(error)})`
      );
    }
    this.split = split;
    this.say(
      `each arm runs on CPUs of its own (${split.halves.join(" and ")}: its containers, its k6, its port's proxy); which arm gets which is drawn per round`
    );
  }
  /** The CPUs `arm` runs `round` on, the arm confined to them first; undefined when not split. */
  async cpusFor(arm, round5) {
    if (!this.split) return void 0;
    const cpus = this.split.cpusOf(arm, round5);
    const instance = this.get(arm);
    const id = (instance.instance ?? []).join(",");
    const now = this.confined.get(arm);
    if (now?.instance !== id || now.cpus !== cpus) {
      await instance.confine(cpus);
      this.confined.set(arm, { instance: id, cpus });
    }
    return cpus;
  }
  /** Stops every arm; what could not be removed is reported, not thrown. */
  async stopAll(report) {
    await Promise.all([...this.instances.values()].map((instance) => instance.stop().catch(report)));
  }
};

// src/decide/calibration-budget.ts
function settlingChange(calibration, row, rounds = calibration.minRounds) {
  const power = settlingPower(calibration.rows.map((r) => r.sigma));
  const settles = { ...testLevel(calibration.alpha, 1, rounds), power };
  const shift = detectableShift(row.sigma, settles);
  if (!row.absolute && row.direction === "higher") return -Math.expm1(-shift);
  return asChange(shift, row.absolute);
}
function fitBudget(calibration, seconds2, runSeconds2) {
  const trialSeconds = Math.max(1, Math.round(calibration.trialSeconds));
  const { suggestion } = calibration;
  const ratio = Math.max(
    calibration.maxRounds / calibration.minRounds,
    suggestion.minRounds > 0 ? suggestion.maxRounds / suggestion.minRounds : 0
  );
  const roundsFrom = (minRounds) => ({
    minRounds,
    maxRounds: Math.min(MAX_ROUNDS, Math.max(minRounds, Math.ceil(minRounds * ratio - 1e-9)))
  });
  const fitsIn = (rounds) => runSeconds2(rounds, trialSeconds)[1] <= seconds2;
  const plan = (rounds) => {
    const settles = calibration.rows.map((row) => settlingChange(calibration, row, rounds.minRounds));
    return {
      seconds: seconds2,
      fits: settles.every((change, i) => change <= Math.abs(calibration.rows[i].delta)),
      ...rounds,
      trialSeconds,
      runSeconds: [...runSeconds2(rounds, trialSeconds)],
      settles
    };
  };
  const fewest = roundsFrom(Math.max(calibration.minRounds, fewestSignificantRounds(calibration.alpha)));
  if (!fitsIn(fewest)) return { ...plan(fewest), fits: false, trialSeconds: 0 };
  const suggested = { minRounds: suggestion.minRounds, maxRounds: suggestion.maxRounds };
  if (suggested.minRounds >= fewest.minRounds && fitsIn(suggested)) return plan(suggested);
  let most = fewest;
  for (let minRounds = fewest.minRounds + 1; minRounds <= MAX_ROUNDS; minRounds++) {
    const rounds = roundsFrom(minRounds);
    if (!fitsIn(rounds)) break;
    most = rounds;
  }
  return plan(most);
}

// src/measure/cost.ts
var STATED_TRIAL_OVERHEAD_SECONDS = 2;
var STATED_RENEWAL_SECONDS = 8;
function secondsFor(plan, rounds, step) {
  const renewals = renewalsIn(rounds, plan.freshInstances);
  const trialsPerRound = trialsAtOnce(plan.armsUnderLoad) ? 1 : plan.arms;
  const warmups = plan.warmup && rounds > 0 ? 1 + renewals : 0;
  return rounds * trialsPerRound * step.trial + warmups * step.warmup + renewals * step.renewal;
}
function planCost(plan, step) {
  const first = plan.looks[0];
  const last = plan.looks.at(-1);
  return { rounds: [first, last], seconds: [secondsFor(plan, first, step), secondsFor(plan, last, step)] };
}
function secondsLeft(plan, done, nextLook, step) {
  const spent = secondsFor(plan, done, step);
  const left = (rounds) => Math.max(0, secondsFor(plan, Math.max(rounds, done), step) - spent);
  return [left(nextLook), left(plan.looks.at(-1))];
}
function describeCost(plan, step, stated) {
  const { rounds, seconds: seconds2 } = planCost(plan, step);
  const roundText = rounds[0] === rounds[1] ? `${rounds[0]} rounds` : `${rounds[0]}\u2013${rounds[1]} rounds`;
  return `this run takes ${roundText}, about ${minutesRange(seconds2)} after the stacks start (${stated})`;
}
function statedTrialSeconds(env, spans = 1) {
  if (!env.DURATION) return null;
  try {
    return spans * parseDuration("k6-env DURATION", env.DURATION) + STATED_TRIAL_OVERHEAD_SECONDS;
  } catch {
    return null;
  }
}
function planOf(settings, bench, arms, freshInstances, extendable = true) {
  const looks = planLooks(settings.minRounds, settings.maxRounds);
  const { armsUnderLoad } = settings;
  const plan = {
    arms,
    looks: extendable && freshInstances !== "run" ? looks : looks.slice(0, 1),
    warmup: settings.warmupSeconds > 0,
    freshInstances,
    armsUnderLoad
  };
  const stated = {
    // An alternating trial spans every arm's slices.
    trial: statedTrialSeconds(bench.k6Env, armsUnderLoad === "alternating" ? arms : 1),
    // A warm-up until steady is stated at its shortest until one has been timed.
    warmup: (settings.warmupUntilSteady ? STEADY_FLOOR_SECONDS : settings.warmupSeconds) + STATED_TRIAL_OVERHEAD_SECONDS,
    renewal: STATED_RENEWAL_SECONDS
  };
  return { plan, stated };
}
var ONE_INSTANCE_COST = `one instance per arm: more rounds add no instance, so it stops there, and a gated metric is decided only when it moved by more than \u03B4/2 + 20% (never NO CHANGE); ${MIN_INSTANCE_PAIRS} or more instance pairs (fresh-instances: round) are needed to judge smaller changes`;
function costNote({ plan, stated }) {
  const note2 = rawCostNote({ plan, stated });
  return plan.freshInstances === "run" ? `${note2}; ${ONE_INSTANCE_COST}` : note2;
}
function rawCostNote({ plan, stated }) {
  const looks = plan.looks;
  const rounds = looks.length === 1 ? `${looks[0]} rounds` : `${looks[0]}\u2013${looks.at(-1)} rounds`;
  if (stated.trial === null)
    return `this run takes ${rounds}; the time left is estimated once a trial has run`;
  const renews = renewalsIn(plan.looks.at(-1), plan.freshInstances) > 0;
  const how = renews ? `if a trial takes ${stated.trial} s, and the time new instances take, said once the first are timed` : `if a trial takes ${stated.trial} s; the progress line corrects it as they are timed`;
  const cost = describeCost(plan, { ...stated, trial: stated.trial, renewal: 0 }, how);
  return renews ? cost.replace(/ about (.*?) after/, " at least $1 after") : cost;
}
function measuredCostNote(plan, steps) {
  const s = (seconds2) => `${seconds2.toFixed(1)} s`;
  const warmup = plan.warmup ? `, a warm-up ${s(steps.warmup)}` : "";
  return describeCost(
    plan,
    steps,
    `measured: a trial ${s(steps.trial)}${warmup}, new instances ${s(steps.renewal)}`
  );
}
function recordedPlan(results, minRounds, maxRounds) {
  const arms = new Set(results.trials.map((t) => t.arm)).size || 2;
  return {
    arms,
    looks: planLooks(minRounds, maxRounds),
    warmup: results.settings.warmupSeconds > 0,
    freshInstances: results.settings.freshInstances ?? "run",
    armsUnderLoad: results.settings.armsUnderLoad ?? "one-at-a-time"
  };
}
function measuredSteps(results) {
  const measured2 = results.trials.filter((t) => t.phase === "measure");
  const window = median(measured2.map((t) => t.durationSeconds)) ?? 0;
  const wall = median(measured2.flatMap((t) => t.k6Seconds ?? [])) ?? window + STATED_TRIAL_OVERHEAD_SECONDS;
  const stated = results.settings.warmupSeconds > 0 ? results.settings.warmupSeconds + STATED_TRIAL_OVERHEAD_SECONDS : 0;
  const warmup = median(results.trials.filter((t) => t.phase === "warmup").flatMap((t) => t.k6Seconds ?? [])) ?? stated;
  const rounds = Math.max(0, ...measured2.map((t) => t.round));
  const plan = recordedPlan(results, rounds, rounds);
  const timed = results.trials.map((t) => ({ start: Date.parse(t.startedAt), seconds: t.k6Seconds ?? t.durationSeconds })).filter((t) => Number.isFinite(t.start));
  const fallback = { window, trialOverhead: wall - window, warmup, renewal: STATED_RENEWAL_SECONDS, setup: 0 };
  if (timed.length === 0 || rounds === 0) return fallback;
  const first = Math.min(...timed.map((t) => t.start));
  const last = Math.max(...timed.map((t) => t.start + t.seconds * 1e3));
  const extra = Math.max(
    0,
    (last - first) / 1e3 - secondsFor(plan, rounds, { trial: wall, warmup, renewal: 0 })
  );
  const renewals = renewalsIn(rounds, plan.freshInstances);
  const trialsRun = rounds * (trialsAtOnce(plan.armsUnderLoad) ? 1 : plan.arms);
  const before = (first - Date.parse(results.meta.startedAt)) / 1e3;
  const after = (Date.parse(results.meta.finishedAt) - last) / 1e3;
  const setup = [before, after].filter(Number.isFinite).reduce((sum, s) => sum + Math.max(0, s), 0);
  return {
    window,
    trialOverhead: Math.max(0, wall - window + (renewals > 0 ? 0 : extra / trialsRun)),
    warmup,
    renewal: renewals > 0 ? extra / renewals : STATED_RENEWAL_SECONDS,
    setup
  };
}
function runSeconds(results, steps, rounds, trialSeconds) {
  const plan = recordedPlan(results, rounds.minRounds, rounds.maxRounds);
  const step = { trial: trialSeconds + steps.trialOverhead, warmup: steps.warmup, renewal: steps.renewal };
  const { seconds: seconds2 } = planCost(plan, step);
  return [steps.setup + seconds2[0], steps.setup + seconds2[1]];
}
function medianRun(calibration, secondsAt) {
  const { medianRounds, minRounds, maxRounds } = calibration;
  if (medianRounds === void 0) return void 0;
  const look = planLooks(minRounds, maxRounds).find((rounds) => rounds >= medianRounds);
  if (look === void 0) return null;
  return { look, seconds: Math.round(secondsAt({ minRounds: look, maxRounds: look })) };
}
function priceCalibration(calibration, results, budgetSeconds) {
  const steps = measuredSteps(results);
  const configured = { minRounds: calibration.minRounds, maxRounds: calibration.maxRounds };
  const trialSeconds = Math.max(1, Math.round(calibration.trialSeconds));
  const seconds2 = (trial) => runSeconds(results, steps, configured, trial);
  const round12 = (value) => Math.round(value * 10) / 10;
  const cost = {
    setup: round12(steps.setup),
    trialOverhead: round12(steps.trialOverhead),
    warmup: round12(steps.warmup),
    renewal: round12(steps.renewal),
    configured: seconds2(trialSeconds),
    median: medianRun(calibration, (look) => runSeconds(results, steps, look, trialSeconds)[0]),
    suggestedRounds: runSeconds(results, steps, calibration.suggestion, trialSeconds),
    suggestedTrials: seconds2(Math.max(trialSeconds, calibration.suggestion.trialSeconds)),
    ...calibration.tailRelief ? { tailRelief: runSeconds(results, steps, calibration.tailRelief, trialSeconds) } : {}
  };
  if (!(budgetSeconds > 0)) return { cost };
  const budget = fitBudget(
    calibration,
    budgetSeconds,
    (rounds, trial) => runSeconds(results, steps, rounds, trial)
  );
  return { cost, budget };
}

// src/measure/progress.ts
function trialClock(plan, statedSteps) {
  const stated = { ...statedSteps };
  const trials = (rounds2) => plan.arms * rounds2 + warmupTrials(plan.arms, rounds2, plan.freshInstances, plan.warmup);
  let nextLook = plan.looks[0];
  let planned = trials(nextLook);
  let done = 0;
  let repeatedTrials = 0;
  let rounds = 0;
  const timed = { trial: [0, 0], warmup: [0, 0], renewal: [0, 0] };
  const time = (step, ms) => {
    timed[step][0] += ms / 1e3;
    timed[step][1] += 1;
  };
  const mean3 = (step) => timed[step][1] ? timed[step][0] / timed[step][1] : null;
  return {
    finished(ms, phase = "measure") {
      done++;
      time(phase === "warmup" ? "warmup" : "trial", ms);
    },
    /** Time spent renewing the instances between rounds. */
    between(ms) {
      time("renewal", ms);
    },
    /** Rounds 1..`round` are measured. */
    roundDone(round5) {
      rounds = round5;
    },
    /** The measured trials from here on take about `seconds` each (trial-length auto): forget the shorter ones. */
    lengthened(seconds2) {
      timed.trial = [0, 0];
      stated.trial = seconds2;
    },
    /** The plan now runs `rounds` rounds in all. */
    extend(toRounds) {
      nextLook = toRounds;
      planned = trials(toRounds) + repeatedTrials;
    },
    /** A round is measured again: its trials (and the warm-ups of its fresh pair) are added to the count. */
    repeated: (trials2) => void (repeatedTrials += trials2, planned += trials2),
    /** Each step's mean time, once every step the plan has was timed; null before. */
    measuredSteps() {
      const trial = mean3("trial");
      const renewal2 = mean3("renewal");
      const warmup = plan.warmup ? mean3("warmup") : 0;
      return trial === null || renewal2 === null || warmup === null ? null : { trial, warmup, renewal: renewal2 };
    },
    status() {
      const trial = mean3("trial") ?? stated.trial;
      const step = trial === null ? null : { trial, warmup: mean3("warmup") ?? stated.warmup, renewal: mean3("renewal") ?? stated.renewal };
      const left = step ? secondsLeft(plan, rounds, nextLook, step).map(Math.round) : null;
      return { done, planned, etaSeconds: left ? left[1] : null, leftSeconds: left };
    }
  };
}
function timeLeft(event) {
  const [low, high] = event.leftSeconds ?? [event.etaSeconds, event.etaSeconds];
  if (high === null || high === void 0 || low === null || low === void 0) return "";
  const [a, b] = [Math.ceil(low / 60), Math.ceil(high / 60)];
  return a === b ? `, ~${b} min left` : `, ~${a}\u2013${b} min left`;
}
function note(message) {
  return { message, done: 0, planned: 0, etaSeconds: null };
}
function plainProgress(listener) {
  return (event) => listener({ ...event, message: withoutControlCharacters(event.message) });
}

// src/measure/round-repeats.ts
function roundRepeats(run2, options, bounds = DEFAULT_REPEAT_BOUNDS) {
  if (options.arms.length !== 2 || options.segment || bounds.perRun === 0) return { repeats: 0 };
  const policy = repeatPolicy(bounds);
  const record = () => run2.results.repeats ??= { ...bounds, rounds: [], exhausted: [] };
  return {
    repeats: bounds.perRun,
    measureAgain: (round5) => {
      const again = policy.measureAgain(round5, run2.results.trials);
      if (!again && policy.exhausted.includes(round5) && !record().exhausted.includes(round5))
        record().exhausted.push(round5);
      return again;
    },
    onRepeat: (round5, order) => {
      const superseded = run2.results.trials.filter(
        (t) => t.phase === "measure" && t.round === round5 && !t.superseded
      );
      for (const trial of superseded) trial.superseded = true;
      record().rounds.push({ round: round5, order });
      const warmups = options.freshInstances === "round" && options.warmup ? options.arms.length : 0;
      run2.added?.(options.arms.length + warmups);
      const why = repeatedRounds(superseded)[0];
      run2.say(why ? repeatedRoundText(why) : `round ${round5} measured again`);
    }
  };
}

// src/measure/trial-length.ts
var LENGTHENED_FROM_ROUND = ROUNDS_FOR_A_FIRM_RANGE + 1;
function lengthenOnFirmRange(results, setting) {
  if (setting.mode !== "auto") return null;
  const thin = firmThinSeries(results);
  const low = thin.map(({ size, neededRange }) => ({ size, requests: neededRange[0] }));
  const length = lengthenedTrialSeconds(low, setting.maxSeconds);
  if (!length) return null;
  const tails = [...new Set(thin.map(({ size }) => size.metric))].join(" and ");
  const which = `the thin ${tails}${thin.length > 1 ? "s" : ""} above`;
  return {
    seconds: length.seconds,
    message: `trial-length auto: measured trials from round ${LENGTHENED_FROM_ROUND} on run ${length.seconds} s (DURATION=${length.seconds}s)` + (length.seconds < length.wanted ? `, its cap; ${which} want at least ${length.wanted} s` : `, the least ${which} want`)
  };
}
function lengtheningIgnored(trial, settings) {
  const seconds2 = settings.trialLength?.lengthenedSeconds;
  if (seconds2 === void 0 || trial.phase !== "measure" || !(trial.durationSeconds > 0)) return null;
  const { discardSeconds } = settings;
  if (trial.durationSeconds >= (seconds2 - discardSeconds) * 0.8) return null;
  return `warning: trial-length auto set DURATION=${seconds2}s, but the trial measured a ${trial.durationSeconds.toFixed(1)}-s window: the k6 script does not read __ENV.DURATION, so its trials keep their length; write its scenarios' duration as __ENV.DURATION || '30s' (docs/configuration.md#writing-a-k6-script-for-loadgate)`;
}

// src/measure/trial-runner.ts
var StopMeasuring = class extends Error {
};
var TrialRunner = class {
  constructor(context) {
    this.context = context;
    this.env = context.options.bench.k6Env;
  }
  context;
  /** trial-length auto may lengthen the measured trials from round 4 on (DURATION; warm-ups keep theirs). */
  env;
  lengthDecided = false;
  lengthCheckPending = false;
  warmupWarned = false;
  stealNoted = false;
  /** Runs and records one scheduled trial. */
  run = async (scheduled) => {
    const { phase, round: round5 } = scheduled;
    const { run: run2, clock, options } = this.context;
    const again = scheduled.repeat ? " (measured again)" : "";
    const label = `${phase === "warmup" ? "warm-up" : `round ${round5}`} ${scheduled.arm}${again}`;
    if (phase === "measure" && round5 === LENGTHENED_FROM_ROUND && options.arms.length === 2 && !this.lengthDecided) {
      this.lengthDecided = true;
      await this.lengthen();
    }
    run2.progress({ message: `${label} \u2026`, ...clock.status() });
    const started = Date.now();
    const { trial, scriptError } = await this.execute(scheduled, label);
    run2.results.trials.push(trial);
    this.noteTrial(trial, phase, round5);
    await run2.save();
    clock.finished(Date.now() - started, phase);
    this.noteRound(trial, label, phase, round5);
    if (scriptError) {
      throw new StopMeasuring(
        `the k6 script cannot run (${label}): ${scriptError}; no further trial was started`
      );
    }
  };
  /**
   * Decided as the first trial of round 4 starts (a run that stops at round 3 records nothing), on
   * rounds 1–3 alone; set before anything is awaited, so both trials of a duet round take it.
   */
  async lengthen() {
    const { run: run2, options, clock } = this.context;
    const longer = lengthenOnFirmRange(run2.results, options.settings.trialLength);
    if (!longer) return;
    this.env = { ...options.bench.k6Env, DURATION: `${longer.seconds}s` };
    this.lengthCheckPending = true;
    run2.results.settings.trialLength = {
      ...options.settings.trialLength,
      lengthenedSeconds: longer.seconds,
      fromRound: LENGTHENED_FROM_ROUND
    };
    clock.lengthened(longer.seconds + STATED_TRIAL_OVERHEAD_SECONDS);
    run2.say(`${longer.message}${timeLeft(clock.status())}`);
    await run2.save();
  }
  /** The trial itself; one cut short by SIGINT/SIGTERM measured nothing and is not recorded. */
  async execute({ arm, phase, round: round5, barrier, repeat, place }, label) {
    const { load, instances, options, warmupSeconds } = this.context;
    const interrupted = () => {
      const signal = interruptSignal();
      if (signal) throw new LoadgateError(`Interrupted by ${signal} during ${label}`);
    };
    if (phase === "measure") await instances.retired();
    const cpus = await instances.cpusFor(arm, Math.max(1, round5));
    const run2 = () => runTrial(load, instances.get(arm), {
      ...cpus ? { cpus } : {},
      arm,
      phase,
      round: round5,
      env: this.env,
      warmupSeconds,
      untilSteady: options.settings.warmupUntilSteady,
      ...repeat ? { repeat } : {},
      ...barrier ? { held: (release) => barrier.ready(arm, release) } : {},
      ...place !== void 0 ? { alternate: { slot: place, of: options.arms.length } } : {}
    });
    const unpaused = phase === "warmup" || trialsAtOnce(options.settings.armsUnderLoad);
    const outcome = await (unpaused ? run2() : instances.measuring(arm, run2)).catch((error) => {
      interrupted();
      throw error;
    });
    interrupted();
    return outcome;
  }
  /** What a trial shows once: a warm-up the script does not shorten, a saturated or stolen CPU. */
  noteTrial(trial, phase, round5) {
    const { run: run2, warmupSeconds } = this.context;
    const ignored = this.warmupWarned ? null : warmupIgnoredDuration(trial, warmupSeconds);
    if (ignored) {
      this.warmupWarned = true;
      run2.say(ignored);
    }
    const saturated = phase === "measure" && recordSaturation(run2.results, trial.hostCpuBusy, round5);
    if (saturated) run2.say(saturated);
    const stolen = phase === "measure" && !this.stealNoted && stolenNote(trial.hostCpuStolen, round5);
    if (stolen) {
      this.stealNoted = true;
      run2.say(stolen);
    }
  }
  /** The trial's line, the round counted once all its arms are measured, and the notes that wait for it. */
  noteRound(trial, label, phase, round5) {
    const { run: run2, clock, options } = this.context;
    const arms = options.arms.length;
    const measured2 = run2.results.trials.filter(
      (t) => t.phase === "measure" && t.round === round5 && !t.superseded
    );
    const roundDone = phase === "measure" && measured2.length === arms;
    if (roundDone) clock.roundDone(round5);
    run2.progress({ message: `${label}: ${summarizeTrial(trial)}`, ...clock.status() });
    if (roundDone && arms === 2 && round5 === ROUNDS_FOR_A_FIRM_RANGE)
      for (const text2 of thinSeriesProgressNotes(run2.results)) run2.say(text2);
    if (this.lengthCheckPending && phase === "measure") {
      this.lengthCheckPending = false;
      const ignored = lengtheningIgnored(trial, run2.results.settings);
      if (ignored) run2.say(ignored);
    }
  }
};

// src/measure/measure-rounds.ts
async function measureRounds(run2, options, arms) {
  const { settings, bench } = options;
  const { warmupSeconds } = arms;
  const freshInstances = run2.results.settings.freshInstances ?? "run";
  const cost = { ...settings, warmupSeconds };
  const { plan, stated } = planOf(
    cost,
    bench,
    options.arms.length,
    freshInstances,
    Boolean(options.shouldExtend)
  );
  const clock = trialClock(plan, stated);
  const trials = new TrialRunner({ run: run2, options, ...arms, clock });
  const { repeats, ...repeatSteps } = roundRepeats(
    { results: run2.results, say: run2.say, added: clock.repeated },
    { arms: options.arms, segment: settings.segment !== null, freshInstances, warmup: warmupSeconds > 0 }
  );
  const schedule = interleavedSchedule({
    arms: options.arms,
    looks: plan.looks,
    seed: settings.seed,
    freshInstances,
    repeats
  });
  await followSchedule(schedule, {
    ...repeatSteps,
    warmup: warmupSeconds > 0,
    armsUnderLoad: settings.armsUnderLoad,
    runTrial: trials.run,
    renewInstances: renewal(run2, arms.instances, clock, plan),
    onRound: (order) => run2.results.schedule.push(order),
    shouldExtend: () => options.shouldExtend?.(run2.results) ?? false,
    onExtend: (rounds) => {
      const after = run2.results.schedule.length;
      clock.extend(rounds);
      run2.progress({
        message: `a gated metric is inconclusive after ${after} rounds: going on to ${rounds}`,
        ...clock.status()
      });
    }
  }).catch((error) => {
    if (!(error instanceof StopMeasuring)) throw error;
    run2.results.error = error.message;
    run2.say(`stopped: ${error.message}`);
  });
}
function renewal(run2, instances, clock, plan) {
  let costRestated = false;
  return async (round5) => {
    const started = Date.now();
    await instances.renew(round5);
    clock.between(Date.now() - started);
    const steps = costRestated ? null : clock.measuredSteps();
    if (steps) run2.say(measuredCostNote(plan, steps));
    costRestated ||= steps !== null;
  };
}

// src/measure/measurement.ts
import { mkdir as mkdir9 } from "node:fs/promises";
import path24 from "node:path";

// src/settings/decision-settings.ts
function decisionSettings(settings, bench) {
  return {
    minRounds: settings.minRounds,
    maxRounds: settings.maxRounds,
    maxErrorRate: settings.maxErrorRate,
    maxDroppedRate: settings.maxDroppedRate,
    thresholds: bench.thresholds,
    erratic: bench.erratic,
    benchmarks: settings.benchmarks.length
  };
}

// src/measure/initial-results.ts
import path23 from "node:path";

// src/measure/runner-info.ts
import { createHash as createHash3 } from "node:crypto";
import { readFile as readFile7 } from "node:fs/promises";
import os6 from "node:os";
async function versionLine(command, args, pattern) {
  try {
    const { stdout } = await run(command, args, { timeoutMs: 15e3 });
    return pattern.exec(stdout)?.[1] ?? stdout.trim().split("\n")[0] ?? "";
  } catch {
    return "unknown";
  }
}
async function sha256File(file) {
  return createHash3("sha256").update(await readFile7(file)).digest("hex");
}
function runnerImage() {
  const name = process.env.ImageOS;
  const version = process.env.ImageVersion;
  return name ? { image: version ? `${name} ${version}` : name } : {};
}
async function describeRunner(k6Version) {
  const [docker, compose] = await Promise.all([
    versionLine("docker", ["version", "--format", "{{.Server.Version}}"], /^(\S+)/),
    versionLine("docker", ["compose", "version", "--short"], /^v?(\S+)/)
  ]);
  return {
    runner: {
      os: `${os6.type()} ${os6.release()} ${os6.arch()}`,
      cpuModel: os6.cpus()[0]?.model ?? "unknown",
      cores: os6.availableParallelism(),
      memoryBytes: os6.totalmem(),
      ...runnerImage()
    },
    versions: { loadgate: VERSION, k6: k6Version, docker, compose }
  };
}

// src/measure/initial-results.ts
async function commitInfo(git, ref, label) {
  const info = await git.commitInfo(ref);
  return { ...info, ref: label };
}
async function initialResults(options, git) {
  const { settings, bench } = options;
  const headRef = options.headSha && await git.tryRun(["cat-file", "-e", `${options.headSha}^{commit}`]) !== null;
  const head = await commitInfo(git, headRef ? options.headSha : "HEAD", "head");
  if (options.headSha) head.sha = options.headSha;
  if (settings.headLabel)
    Object.assign(head, {
      ref: settings.headLabel,
      message: `${settings.headLabel} on top of: ${head.message}`
    });
  const base = options.baseSha ? await commitInfo(git, options.baseSha, "base") : null;
  const [described, k6Script, composeFile] = await Promise.all([
    describeRunner("unknown"),
    sha256File(path23.join(settings.workspace, bench.k6Script)).catch(() => ""),
    sha256File(path23.join(settings.workspace, bench.composeFile)).catch(() => "")
  ]);
  const now = (/* @__PURE__ */ new Date()).toISOString();
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    benchmark: bench.name,
    // merge decides as compare does; accept measures nothing and never gets here.
    mode: settings.mode === "merge" || settings.mode === "accept" || settings.mode === "announce" || settings.mode === "skip" ? "compare" : settings.mode,
    baseline: settings.baseline,
    meta: {
      ...options.meta,
      base,
      head,
      startedAt: now,
      finishedAt: now,
      ...described,
      hashes: { k6Script, composeFile },
      seed: settings.seed,
      ...settings.segment ? { segment: settings.segment } : {},
      ...settings.ignoredHeadSettings.length ? { ignoredSettings: settings.ignoredHeadSettings } : {}
    },
    settings: {
      ...decisionSettings(settings, bench),
      warmupSeconds: settings.warmupSeconds,
      ...settings.warmupUntilSteady ? { warmupUntilSteady: true } : {},
      discardSeconds: settings.discardSeconds,
      armsUnderLoad: settings.armsUnderLoad,
      trialLength: settings.trialLength
    },
    schedule: [],
    trials: []
  };
}

// src/measure/time-share.ts
function coveredSeconds(spans) {
  const sorted2 = spans.filter(([a, b]) => b > a).sort((x2, y2) => x2[0] - y2[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of sorted2) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total / 1e3;
}
function trialSpan(trial) {
  const start = Date.parse(trial.startedAt);
  if (!Number.isFinite(start)) return null;
  return [start, start + (trial.k6Seconds ?? trial.durationSeconds) * 1e3];
}
function windowSpan(trial) {
  const span = trialSpan(trial);
  const seconds2 = trial.durationSeconds * (trial.sliceArms ?? 1);
  return span && [Math.max(span[0], span[1] - seconds2 * 1e3), span[1]];
}
var round1 = (seconds2) => Math.round(seconds2 * 10) / 10;
function runTiming(trials, stacksStartedAt) {
  const spans = trials.map(trialSpan).filter((s) => s !== null);
  if (spans.length === 0) return null;
  const end = Math.max(...spans.map((s) => s[1]));
  const first = Math.min(...spans.map((s) => s[0]));
  const wall = (end - stacksStartedAt) / 1e3;
  if (!(wall > 0)) return null;
  const measuredTrials = trials.filter((t) => t.phase === "measure");
  const spansOf = (list, of) => list.map(of).filter((s) => s !== null);
  const measured2 = coveredSeconds(spansOf(measuredTrials, windowSpan));
  const loadStartup = coveredSeconds(spansOf(measuredTrials, trialSpan)) - measured2;
  const warmup = coveredSeconds(
    spansOf(
      trials.filter((t) => t.phase === "warmup"),
      trialSpan
    )
  );
  const stacksStart = Math.max(0, (first - stacksStartedAt) / 1e3);
  return {
    wallSeconds: round1(wall),
    measuredSeconds: round1(measured2),
    warmupSeconds: round1(warmup),
    loadStartupSeconds: round1(loadStartup),
    stacksStartSeconds: round1(stacksStart),
    otherSeconds: round1(Math.max(0, wall - measured2 - loadStartup - warmup - stacksStart)),
    measuredShare: Math.round(measured2 / wall * 1e3) / 1e3,
    ...warmupEnds(trials)
  };
}
function warmupEnds(trials) {
  const ends = trials.flatMap((t) => t.warmupEnd ? [t.warmupEnd] : []);
  if (ends.length === 0) return {};
  const seconds2 = ends.map((e) => e.seconds).sort((a, b) => a - b);
  return {
    warmupEnds: {
      steady: ends.filter((e) => e.reason === "steady").length,
      capped: ends.filter((e) => e.reason === "cap").length,
      seconds: [seconds2[0], median(seconds2), seconds2.at(-1)]
    }
  };
}

// src/measure/measurement.ts
var Measurement = class _Measurement {
  constructor(results, dir, resultsPath, progress) {
    this.results = results;
    this.dir = dir;
    this.resultsPath = resultsPath;
    this.progress = progress;
  }
  results;
  dir;
  resultsPath;
  progress;
  /** Warm-ups finish side by side: their writes of the one file must not overlap. */
  saved = Promise.resolve();
  stacksStartedAt = null;
  chosen = {};
  /** Checks that the head is what is checked out, makes the benchmark's folder and writes the first results. */
  static async open(options) {
    const { settings, bench } = options;
    await assertMeasuringTheHead(new Git(settings.workspace), {
      event: options.meta.event,
      headSha: options.headSha
    });
    const dir = path24.join(settings.workDir, bench.name);
    await mkdir9(dir, { recursive: true });
    const resultsPath = path24.join(dir, "results.json");
    const progress = plainProgress(options.onProgress ?? (() => {
    }));
    const results = await initialResults(options, new Git(settings.workspace));
    const measurement = new _Measurement(results, dir, resultsPath, progress);
    await measurement.save();
    return measurement;
  }
  /** A line of the log outside the trial count. */
  say = (message) => this.progress(note(message));
  /** Writes the results as they are now, after any write still under way. */
  save() {
    this.saved = this.saved.catch(() => void 0).then(() => writeResults(this.resultsPath, this.results));
    return this.saved;
  }
  /** The arms' stacks start now: the run's time is counted from here. */
  stacksStarting() {
    this.stacksStartedAt = Date.now();
  }
  /** What warmup auto and pause-idle-arm auto chose, recorded with the run's timing. */
  choseByRuntime(chosen) {
    this.chosen = chosen;
  }
  /** Where the run's time went, once a trial has run (before profiling: the profile is not part of it). */
  recordTiming() {
    const timing = this.stacksStartedAt === null ? null : runTiming(this.results.trials, this.stacksStartedAt);
    if (timing) this.results.meta.timing = { ...timing, ...this.chosen };
  }
  /** Records why the measurement failed (in one line) and returns the error to throw. */
  failed(error) {
    this.recordTiming();
    this.results.error = oneLine2(errorMessage(error));
    return error instanceof LoadgateError ? error : new LoadgateError(this.results.error);
  }
  /** Whatever happened: the finishing time saved, every arm stopped (what cannot be removed is said). */
  async finish(instances) {
    this.results.meta.finishedAt = (/* @__PURE__ */ new Date()).toISOString();
    await this.save().catch(() => void 0);
    await instances.stopAll((error) => this.say(`cleanup: ${errorMessage(error)}`));
  }
};
function oneLine2(text2) {
  return text2.replace(/\s*\n\s*/g, " | ").trim();
}

// src/measure/profile/profile-pair.ts
import { writeFile as writeFile9 } from "node:fs/promises";
import path27 from "node:path";

// src/measure/profile/fold.ts
function foldPerfScript(text2, jitMaps = /* @__PURE__ */ new Map()) {
  const stacks = /* @__PURE__ */ new Map();
  for (const block of text2.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l3) => l3.trim());
    const header = lines[0];
    if (!header || /^\s/.test(header)) continue;
    const [, commText, pid] = /^(.*?)\s+(\d+)(?:\/\d+)?\s/.exec(header) ?? [];
    const comm = commText?.trim() || "unknown";
    const jitMap = jitMaps.get(Number(pid));
    const frames2 = lines.slice(1).map((line) => parseFrame(line, jitMap)).filter((frame) => frame !== null).reverse();
    const names = chargeInterpreterFrames(frames2).map((frame) => frameName(frame));
    const key = [comm, ...names].map((f) => f.replace(/;/g, ":")).join(";");
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  return stacks;
}
function parseFrame(line, jitMap) {
  const match = /^\s*([0-9a-f]+)\s+(.*?)\s+\(([^()]*)\)\s*$/.exec(line);
  if (!match) return null;
  const [, address = "", perfSymbol = "", dso = ""] = match;
  const jit = PER_PROCESS_MAP.test(dso);
  const symbol = jit && jitMap ? jitMap.lookup(parseInt(address, 16)) ?? "" : perfSymbol;
  return { symbol: symbol.replace(/\+0x[0-9a-f]+$/, ""), dso, kernel: isKernelAddress(address, dso), jit };
}
function frameName({ symbol, dso, kernel, jit }) {
  const unnamed = symbol === "[unknown]" || symbol === "";
  const name = unnamed ? jit ? UNNAMED_JIT_FRAME : `[unknown] (${dso || "unknown"})` : jitFrameName(symbol);
  return kernel ? `${name}${KERNEL_FRAME}` : name;
}
var CPYTHON_INTERPRETER = /\/(lib)?python3[\d.]*(\.so[\d.]*)?$/;
var DYNAMIC_LOADER = /\/ld-linux[\w.-]*\.so[\d.]*$/;
var PYTHON_FUNCTION = /^py::([^:]+):(.+)$/;
function chargeInterpreterFrames(frames2) {
  const inCPython = (frame) => !frame.kernel && CPYTHON_INTERPRETER.test(frame.dso);
  const firstPython = frames2.findIndex((frame) => frame.jit && PYTHON_FUNCTION.test(frame.symbol));
  if (firstPython >= 0) {
    const runsPython = (frame) => inCPython(frame) || !frame.kernel && DYNAMIC_LOADER.test(frame.dso);
    return frames2.filter((frame, i) => i <= firstPython || !runsPython(frame));
  }
  if (!frames2.some(inCPython)) return frames2;
  return frames2.map((frame) => inCPython(frame) ? { ...frame, symbol: "[unknown]" } : frame).filter((frame, i, all) => !(i > 0 && inCPython(frame) && inCPython(all[i - 1])));
}
var PER_PROCESS_MAP = /^\/tmp\/perf-\d+\.map$/;
var JVM_METHOD = /^[\w$.[\]]+ ([\w$.]+\.[\w$<>]+\([\w$.[\], ]*\))$/;
function jitFrameName(symbol) {
  const jvm = JVM_METHOD.exec(symbol);
  if (jvm) return jvm[1];
  const python = PYTHON_FUNCTION.exec(symbol);
  if (python) return `${python[1]} (${python[2]})`;
  const v8 = /^(?:JS|LazyCompile|Function):[*~^+]?(.*?) (\S+?)(?::\d+){1,2}$/.exec(symbol);
  if (!v8) return symbol;
  const [, name = "", file = ""] = v8;
  return `${name || "(anonymous)"} (${file})`;
}
function isKernelAddress(address, dso) {
  return address.length === 16 && /^ffff[89a-f]/.test(address) || dso.startsWith("[kernel");
}
function foldedText(stacks) {
  return [...stacks].sort((a, b) => a[0].localeCompare(b[0])).map(([stack, count2]) => `${stack} ${count2}
`).join("");
}

// src/measure/process-signs.ts
import { readFile as readFile8, readlink } from "node:fs/promises";
import path25 from "node:path";
async function readProcessSigns(pids) {
  const all = await Promise.all(pids.map(signsOf));
  return all.filter((p) => p !== null);
}
async function signsOf(pid) {
  const dir = `/proc/${pid}`;
  const name = (await readFile8(`${dir}/comm`, "utf8").catch(() => "")).trim();
  if (!name) return null;
  const exe = await readlink(`${dir}/exe`).then(
    (target) => [path25.basename(target.replace(/ \(deleted\)$/, ""))],
    () => []
  );
  return { name, signs: [name, ...exe, ...await mappedLibraries(`${dir}/maps`)] };
}
async function mappedLibraries(mapsFile) {
  const maps = await readFile8(mapsFile, "utf8").catch(() => "");
  const libraries = /* @__PURE__ */ new Set();
  for (const line of maps.split("\n")) {
    const at2 = line.indexOf("/");
    if (at2 < 0) continue;
    const file = path25.basename(line.slice(at2).replace(/ \(deleted\)$/, ""));
    if (/\.so(\.|$)/.test(file)) libraries.add(file);
  }
  return [...libraries];
}

// src/measure/profile/perf.ts
import { mkdtemp as mkdtemp3, rm as rm10 } from "node:fs/promises";
import os7 from "node:os";
import path26 from "node:path";

// src/measure/profile/perf-map.ts
import { constants as constants2 } from "node:fs";
import { lstat as lstat6, open as open4, readFile as readFile9 } from "node:fs/promises";
var MAX_MAP_BYTES = 64 << 20;
var MAX_MAP_LINES = 1e5;
var PerfMap = class {
  /** Disjoint ranges, ascending by start. */
  ranges = [];
  constructor(text2) {
    for (const line of text2.split("\n", MAX_MAP_LINES)) {
      const match = /^(?:0x)?([0-9a-f]+) (?:0x)?([0-9a-f]+) (.+)$/i.exec(line.trim());
      if (!match) continue;
      const start = parseInt(match[1], 16);
      const end = start + parseInt(match[2], 16);
      if (end > start) this.paint(start, end, match[3]);
    }
  }
  /** The newest name for `address`, or null where the map names nothing. */
  lookup(address) {
    const i = this.firstEndingAfter(address);
    const range = this.ranges[i];
    return range && range.start <= address ? range.name : null;
  }
  paint(start, end, name) {
    const i = this.firstEndingAfter(start);
    const before = [];
    const after = [];
    let j = i;
    while (j < this.ranges.length && this.ranges[j].start < end) j++;
    for (const old of this.ranges.slice(i, j)) {
      if (old.start < start) before.push({ ...old, end: start });
      if (old.end > end) after.push({ ...old, start: end });
    }
    this.ranges.splice(i, j - i, ...before, { start, end, name }, ...after);
  }
  /** The index of the first range that ends after `address` (binary search). */
  firstEndingAfter(address) {
    let low = 0;
    let high = this.ranges.length;
    while (low < high) {
      const mid = low + high >> 1;
      if (this.ranges[mid].end > address) high = mid;
      else low = mid + 1;
    }
    return low;
  }
};
async function readPerfMaps(perf, pids) {
  const maps = /* @__PURE__ */ new Map();
  for (const pid of pids) {
    const text2 = await readPerfMapText(perf, pid).catch(() => null);
    if (text2) maps.set(pid, new PerfMap(text2));
  }
  return maps;
}
async function readPerfMapText(perf, pid) {
  const status = await readFile9(`/proc/${pid}/status`, "utf8");
  const inner = /^NStgid:\s*([\d\s]+)$/m.exec(status)?.[1]?.trim().split(/\s+/).at(-1) ?? String(pid);
  const dir = `/proc/${pid}/root/tmp`;
  const file = `${dir}/perf-${inner}.map`;
  return perf[0] === "sudo" ? readAsRoot(dir, file) : readUntrustedFile(dir, file);
}
async function readUntrustedFile(dir, file) {
  if (!(await lstat6(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
  const handle = await open4(file, constants2.O_RDONLY | constants2.O_NOFOLLOW | constants2.O_NONBLOCK);
  try {
    const stat3 = await handle.stat();
    if (!stat3.isFile()) throw new Error(`${file} is not a regular file`);
    const buffer = Buffer.alloc(Math.min(stat3.size, MAX_MAP_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString("utf8", 0, bytesRead);
  } finally {
    await handle.close();
  }
}
async function readAsRoot(dir, file) {
  await run(
    "sudo",
    ["-n", "test", "-d", dir, "-a", "!", "-h", dir, "-a", "-f", file, "-a", "!", "-h", file],
    {
      timeoutMs: 1e4
    }
  );
  const { stdout } = await run(
    "sudo",
    [
      "-n",
      "dd",
      `if=${file}`,
      "iflag=nofollow,nonblock",
      "bs=1M",
      `count=${MAX_MAP_BYTES >> 20}`,
      "status=none"
    ],
    { timeoutMs: 6e4 }
  );
  return stdout;
}

// src/measure/profile/perf.ts
var PROFILE_HZ = 997;
async function works(command, args) {
  return run(command, args, { timeoutMs: 3e4 }).then(
    () => true,
    () => false
  );
}
async function findPerf() {
  const sudo = process.getuid?.() !== 0 && await works("sudo", ["-n", "true"]);
  const command = sudo ? ["sudo", "-n", "perf"] : ["perf"];
  const perf = (args) => run(command[0], [...command.slice(1), ...args], { timeoutMs: 3e4 });
  const installed = await works(command[0], [...command.slice(1), "--version"]) || sudo && process.env.GITHUB_ACTIONS === "true" && await installPerf();
  if (!installed)
    return {
      unavailable: "perf unavailable (not installed: Debian package linux-perf, Ubuntu linux-tools-$(uname -r))"
    };
  const scratch = await mkdtemp3(path26.join(os7.tmpdir(), "loadgate-perf-"));
  try {
    await perf([
      "record",
      "-q",
      "-e",
      "cpu-clock",
      "-F",
      "99",
      "-g",
      "-o",
      path26.join(scratch, "probe.data"),
      "--",
      "true"
    ]);
    return { command };
  } catch (error) {
    return { unavailable: `perf unavailable (${errorMessage(error).replace(/\s+/g, " ").slice(0, 300)})` };
  } finally {
    await rm10(scratch, { recursive: true, force: true }).catch(() => void 0);
  }
}
async function installPerf() {
  const kernel = os7.release();
  for (const packages of [["linux-tools-common", `linux-tools-${kernel}`], ["linux-perf"]]) {
    const installed = await run(
      "sudo",
      ["-n", "apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages],
      {
        timeoutMs: 5 * 60 * 1e3,
        env: { DEBIAN_FRONTEND: "noninteractive" }
      }
    ).then(
      () => true,
      () => false
    );
    if (installed && await works("sudo", ["-n", "perf", "--version"])) return true;
  }
  return false;
}
function unwindingFor(processes) {
  const cpython = /^(python3[\d.]*|libpython3[\d.]*\.so.*)$/;
  return processes.some((p) => p.signs.some((sign) => cpython.test(sign))) ? "dwarf" : "frame-pointers";
}
var PerfRecording = class {
  constructor(command, pids, dataFile, unwinding = "frame-pointers") {
    this.command = command;
    this.pids = pids;
    this.dataFile = dataFile;
    this.unwinding = unwinding;
    this.process = startBackground(command[0], [
      ...command.slice(1),
      "record",
      "-q",
      "-e",
      "cpu-clock",
      "-F",
      String(PROFILE_HZ),
      ...unwinding === "dwarf" ? ["--call-graph", "dwarf"] : ["-g"],
      "-p",
      pids.join(","),
      "-o",
      dataFile
    ]);
  }
  command;
  pids;
  dataFile;
  unwinding;
  process;
  /**
   * Stops sampling and returns the folded stacks, or throws with perf's error. On SIGINT perf writes
   * its data, then ends by the same signal.
   */
  async stop() {
    const { code, signal, stderr } = await this.process.stop("SIGINT", 6e4);
    if (code !== 0 && signal !== "SIGINT")
      throw new Error(`perf record ended with ${signal ?? `exit code ${code}`}: ${lastLines(stderr, 2)}`);
    try {
      const jitMaps = await readPerfMaps(this.command, this.pids);
      const [program, ...prefix] = this.command;
      const noInline = this.unwinding === "dwarf" ? ["--no-inline"] : [];
      const args = [...prefix, "script", ...noInline, "-F", "+pid", "-i", this.dataFile];
      const script = await run(program, args, { timeoutMs: 5 * 60 * 1e3 });
      return foldPerfScript(script.stdout, jitMaps);
    } catch (error) {
      throw new Error(`perf script: ${lastLines(errorMessage(error), 2)}`, { cause: error });
    } finally {
      await rm10(this.dataFile, { force: true }).catch(() => void 0);
    }
  }
};

// src/measure/profile/profile-pair.ts
async function profilePair(options) {
  const started = performance.now();
  const seconds2 = () => Math.round((performance.now() - started) / 100) / 10;
  const unavailable = (reason) => {
    options.say(`no profile: ${reason}`);
    return { hz: PROFILE_HZ, seconds: seconds2(), unavailable: reason };
  };
  const perf = await findPerf();
  if ("unavailable" in perf) return unavailable(perf.unavailable);
  const arms = {};
  for (const arm of ["base", "head"]) {
    try {
      arms[arm] = await profileArm(arm, perf.command, options);
    } catch (error) {
      return unavailable(`the ${arm} arm's profiling trial failed: ${errorMessage(error).slice(0, 300)}`);
    }
  }
  options.say(
    `profiled base (${arms.base.samples} samples) and head (${arms.head.samples} samples) in ${seconds2()} s`
  );
  return { hz: PROFILE_HZ, seconds: seconds2(), arms: { base: arms.base, head: arms.head } };
}
async function profileArm(arm, perf, options) {
  const instance = options.instances.get(arm);
  if (!instance.processes)
    throw new Error("its processes cannot be seen from here (an environment running elsewhere)");
  const pids = await instance.processes();
  if (pids.length === 0) throw new Error("no running process");
  options.say(`profiling ${arm} \u2026`);
  const unwinding = unwindingFor(await readProcessSigns(pids));
  const recording = new PerfRecording(
    perf,
    pids,
    path27.join(options.dir, `profile-${arm}.perf.data`),
    unwinding
  );
  const trial = await options.instances.measuring(
    arm,
    () => options.load.runTrial({
      arm,
      phase: "measure",
      round: 0,
      name: `profile-${arm}`,
      targetUrl: instance.url,
      env: options.env
    })
  ).then(
    (result) => ({ result }),
    (error) => ({ error })
  );
  const stacks = await recording.stop().catch((error) => {
    throw "error" in trial ? trial.error : error;
  });
  if ("error" in trial) throw trial.error;
  if (trial.result.problems.length) throw new Error(trial.result.problems.join("; "));
  const requests = requestSeries({ series: trial.result.summary?.series ?? [] }).reduce(
    (n, s) => n + s.requests,
    0
  );
  await writeFile9(path27.join(options.dir, `profile-${arm}.folded`), foldedText(stacks));
  const samples = [...stacks.values()].reduce((a, b) => a + b, 0);
  const kept = /* @__PURE__ */ new Map();
  for (const [stack, count2] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, MAX_STACKS)) {
    const key = stack.length <= MAX_STACK_CHARS ? stack : `\u2026${stack.slice(stack.indexOf(";", stack.length - MAX_STACK_CHARS + 2))}`;
    kept.set(key, (kept.get(key) ?? 0) + count2);
  }
  return { requests, samples, stacks: Object.fromEntries(kept) };
}

// src/measure/arms-under-load.ts
async function requireAlternatingScript(mode, load, bench) {
  if (mode !== "alternating") return;
  const why = load.whyNotAlternating ? await load.whyNotAlternating(bench.k6Env) : "the load generator cannot alternate the arms";
  if (why !== null) throw new LoadgateError(`Input 'arms-under-load' is 'alternating': ${why}`);
}

// src/measure/runtime-choices.ts
async function chooseByRuntime(settings, instances, say) {
  const pauseByRuntime = settings.pauseIdleArm === "auto" && instances.canPauseIdleArm();
  if (!settings.warmupByRuntime && !pauseByRuntime) return { warmupSeconds: settings.warmupSeconds };
  const pids = await instances.processes();
  const signs = pids && await readProcessSigns(pids);
  const choices = { warmupSeconds: settings.warmupSeconds };
  if (pauseByRuntime) {
    choices.idleArmAuto = choosePauseIdleArm(signs);
    instances.choosePause(choices.idleArmAuto.pause);
    say(idleArmChoiceText(choices.idleArmAuto));
  }
  if (settings.warmupByRuntime) {
    choices.warmupAuto = chooseWarmup(signs);
    choices.warmupSeconds = choices.warmupAuto.seconds;
    say(warmupChoiceText(choices.warmupAuto));
  }
  return choices;
}

// src/measure/start-arms.ts
var STACK_START_TIMEOUT_SECONDS = 180;
async function startArms(run2, options, instances) {
  const { settings, bench, arms } = options;
  const load = createLoadBackend(settings, bench, run2.dir);
  if (trialsAtOnce(settings.armsUnderLoad) && !load.canHold)
    throw new LoadgateError(
      `Input 'arms-under-load' is '${settings.armsUnderLoad}': the load generator cannot start at a barrier`
    );
  run2.results.meta.versions.k6 = (await load.prepare()).version;
  await requireAlternatingScript(settings.armsUnderLoad, load, bench);
  const system = createSystemUnderTest({
    settings,
    bench,
    runId: options.meta.runId,
    baseSha: options.baseSha,
    ...options.borrowHarness ? { borrowHarness: true } : {},
    startTimeoutSeconds: options.startTimeoutSeconds ?? STACK_START_TIMEOUT_SECONDS,
    onProgress: run2.say
  });
  const early = settings.target.kind === "url" ? "run" : settings.freshInstances;
  run2.say(costNote(planOf(settings, bench, arms.length, early, Boolean(options.shouldExtend))));
  run2.stacksStarting();
  const placement = stackPlacement(arms, 0, settings.seed);
  const started = /* @__PURE__ */ new Map();
  await sideBySide(
    placement.startOrder.map(async (arm) => started.set(arm, await system.start(arm, placement.slots[arm])))
  ).finally(() => {
    for (const arm of placement.startOrder.filter((a) => started.has(a))) {
      const instance = started.get(arm);
      instances.add(arm, instance);
      if (instance.address)
        run2.results.meta.targets = { ...run2.results.meta.targets, [arm]: instance.address };
      if (instance.borrowed?.length) run2.results.meta.borrowedHarness = instance.borrowed;
    }
  });
  return load;
}
async function fitToRuntimes(run2, options, instances) {
  const { warmupSeconds, ...byRuntime } = await chooseByRuntime(options.settings, instances, run2.say);
  run2.choseByRuntime(byRuntime);
  Object.assign(run2.results.settings, instances.describe());
  await instances.splitCpus();
  run2.results.settings.warmupSeconds = warmupSeconds;
  return warmupSeconds;
}

// src/measure/measure.ts
async function measure(options) {
  const run2 = await Measurement.open(options);
  const instances = new ArmInstances(options.settings, run2.say);
  try {
    const load = await startArms(run2, options, instances);
    const warmupSeconds = await fitToRuntimes(run2, options, instances);
    await measureRounds(run2, options, { load, instances, warmupSeconds });
    run2.recordTiming();
    await profileWhenAsked(run2, options, load, instances);
    return { results: run2.results, resultsPath: run2.resultsPath };
  } catch (error) {
    throw run2.failed(error);
  } finally {
    await run2.finish(instances);
  }
}
async function profileWhenAsked(run2, options, load, instances) {
  if (run2.results.error || options.arms.length !== 2 || !options.profileWhen?.(run2.results)) return;
  run2.results.profile = await profilePair({
    load,
    instances,
    env: options.bench.k6Env,
    dir: run2.dir,
    say: run2.say
  });
  await run2.save();
}

// src/modes/base-harness.ts
var CONFIG_FILES = ["loadgate.yml", "loadgate.yaml", ".github/loadgate.yml", ".github/loadgate.yaml"];
async function loadgateOnBase(git, baseSha, bench) {
  const found = [];
  for (const file of [...CONFIG_FILES, bench.k6Script.replace(/^\.\//, "")]) {
    if (await git.tryRun(["cat-file", "-e", `${baseSha}:${file}`]) !== null) found.push(file);
  }
  const workflows = await git.tryRun([
    "grep",
    "-l",
    "-i",
    "-F",
    "loadgate",
    baseSha,
    "--",
    ".github/workflows"
  ]);
  for (const line of (workflows ?? "").split("\n").filter(Boolean)) found.push(line.slice(baseSha.length + 1));
  return [...new Set(found)];
}
async function refuseHeadAlone(git, baseSha, bench, reason) {
  const found = await loadgateOnBase(git, baseSha, bench);
  if (found.length === 0) return null;
  const shown = found.slice(0, 3).join(", ") + (found.length > 3 ? ` and ${found.length - 3} more` : "");
  return new LoadgateError(
    `the base commit has loadgate already (${shown}) but could not be measured: ${reason}; a base that cannot start is no pull request adopting loadgate, so nothing passes`
  );
}

// src/modes/history-place.ts
function historyPlace(settings, serverUrl = "") {
  const { workspace, ghPagesBranch: branch, dataDir, history } = settings;
  if (history.file) return { workspace, branch, dataDir, file: history.file };
  const git = openHistoryGit(workspace, history.repository, history.token, serverUrl || void 0);
  return { ...git, branch, dataDir };
}
function historyName(settings) {
  const { history, ghPagesBranch } = settings;
  if (history.file) return `the history file '${history.file}'`;
  const repository = history.repository;
  if (!repository) return `'${ghPagesBranch}'`;
  return `'${ghPagesBranch}' of ${repository.kind === "github" ? repository.repository : repository.url}`;
}
async function checkHistoryWritable(settings, serverUrl = "") {
  const place = historyPlace(settings, serverUrl);
  if (place.file) return checkHistoryFile(place.file);
  const repository = settings.history.repository;
  await checkPushAccess({
    ...place,
    pushNeeds: repository ? `history-token needs 'contents: write' on ${place.remoteLabel}` : void 0
  });
}
function dashboardLink(run2, benchmark, series) {
  const { history, dataDir } = run2.settings;
  if (history.file || history.repository?.kind === "url") return void 0;
  return run2.forge?.dashboardUrl(dataDir, benchmark, series, history.repository?.repository);
}

// src/modes/mode-context.ts
function historyOf(run2, benchmark) {
  const { settings, reporter } = run2;
  return {
    ...historyPlace(settings, run2.context?.serverUrl),
    benchmark,
    onWarning: (message) => reporter.warning(message)
  };
}
function outcomeWithoutVerdict(benchmark, headline2, resultsFile = "") {
  return {
    benchmark,
    verdict: null,
    blocking: false,
    headline: headline2,
    resultsFile,
    commentUrl: "",
    dashboardUrl: ""
  };
}
function comparisonOutcome(comparison, resultsFile, posted, links) {
  const { commentUrl, statusSet } = posted;
  return {
    statusSet,
    benchmark: comparison.benchmark,
    verdict: comparison.verdict,
    blocking: comparison.blocking,
    headline: comparison.headline,
    resultsFile,
    commentUrl,
    dashboardUrl: links.dashboard ?? "",
    comparison,
    commentMarkdown: renderComment(comparison, links, true)
  };
}
function measureOptions(run2, bench) {
  const { settings, context, reporter } = run2;
  return {
    settings,
    bench,
    meta: {
      runId: context.runId,
      runUrl: context.runUrl,
      repository: context.repository,
      event: context.eventName,
      pullRequest: context.pullRequest?.number ?? null
    },
    onProgress: (event) => reporter.info(progressLine(event))
  };
}
function progressLine(event) {
  if (event.planned === 0) return event.message;
  return `[${event.done}/${event.planned}${timeLeft(event)}] ${event.message}`;
}
async function headCommit(run2) {
  return run2.context.headSha || new Git(run2.settings.workspace).revParse("HEAD");
}
function reportLinks(run2, benchmark, comparison) {
  const worst = comparison.series.find((s) => s.verdict === "REGRESSION") ?? comparison.series[0];
  return {
    dashboard: dashboardLink(run2, benchmark, worst?.key),
    run: run2.context.runUrl || void 0
  };
}
async function publish(run2, comparison, links, pullNumber, unverified = false) {
  const { settings, reporter, forge } = run2;
  if (!forge?.canPublish) {
    if (run2.context.eventName !== "local")
      reporter.info("No GitHub token or repository: the report is in the job summary only");
    return { commentUrl: "", statusSet: false };
  }
  const published = await forge.publish({
    comparison,
    pullNumber,
    headSha: comparison.meta.head.sha,
    links,
    comment: settings.comment,
    status: settings.status,
    review: settings.review,
    unverified
  });
  for (const note2 of published.notes) reporter.info(note2);
  for (const warning of published.warnings) reporter.warning(warning);
  return { commentUrl: published.commentUrl ?? "", statusSet: published.statusSet };
}

// src/modes/calibrate.ts
import path29 from "node:path";

// src/store/calibration.ts
import { mkdir as mkdir10, mkdtemp as mkdtemp4, rm as rm11, writeFile as writeFile10 } from "node:fs/promises";
import os8 from "node:os";
import path28 from "node:path";
var MAX_STORED_BYTES = 2 * 1024 * 1024;
function calibrationPath(dataDir, benchmark) {
  return path28.posix.join(dataDir, "data", benchmark, "calibration.json");
}
async function storeCalibration(store, calibration) {
  const relative2 = calibrationPath(store.dataDir, calibration.benchmark);
  const scratch = await mkdtemp4(path28.join(os8.tmpdir(), "loadgate-pages-"));
  const tree = path28.join(scratch, "tree");
  const content = `${JSON.stringify(calibration, null, 1)}
`;
  const message = `loadgate: calibration of ${calibration.benchmark} at ${calibration.commit.slice(0, 7)}`;
  try {
    const outcome = await commitToHistory(
      { ...store, remote: store.remote ?? "origin", tree },
      message,
      async (checkout) => {
        await refuseUnsafePaths(checkout, [relative2, ".nojekyll"], { branch: store.branch });
        const file = path28.join(checkout, ...relative2.split("/"));
        await mkdir10(path28.dirname(file), { recursive: true });
        await writeFile10(file, content);
        await writeFile10(path28.join(checkout, ".nojekyll"), "");
      },
      [{ path: relative2, content }]
    );
    return { ...outcome, path: relative2 };
  } finally {
    await removeCheckout(new Git(store.workspace), tree);
    await rm11(scratch, { recursive: true, force: true });
  }
}
async function readStoredCalibration(store) {
  if (store.file) return readFileCalibration(store.file, store.benchmark, store.onWarning);
  const remote = store.remote ?? "origin";
  const git = new Git(store.workspace, store.gitEnv);
  if (!await fetchBranch(git, remote, store.branch)) return null;
  const file = calibrationPath(store.dataDir, store.benchmark);
  const entry = await git.tryRun(["ls-tree", "-z", remoteRef(remote, store.branch), "--", file]);
  const match = entry ? /^100644 blob ([0-9a-f]+)\t/.exec(entry) : null;
  if (!match) return null;
  const ignored = (reason) => {
    store.onWarning?.(
      `Ignored the stored calibration '${printable(file, 300)}' on '${store.branch}': ${reason}`
    );
    return null;
  };
  const size = Number(await git.run(["cat-file", "-s", match[1]]));
  if (size > MAX_STORED_BYTES) return ignored(`${size} bytes is over the ${MAX_STORED_BYTES}-byte limit`);
  const parsed = parseCalibration(await git.run(["cat-file", "blob", match[1]]));
  if ("reason" in parsed) return ignored(printable(parsed.reason, 300));
  if (parsed.calibration.benchmark !== store.benchmark)
    return ignored(`it calibrates '${parsed.calibration.benchmark}'`);
  return parsed.calibration;
}
function calibrationSessions(calibration) {
  if (calibration.sessions) return calibration.sessions;
  return [
    {
      measuredAt: calibration.measuredAt,
      commit: calibration.commit,
      sigmas: calibration.rows.map((row) => ({
        key: row.key,
        metric: row.metric,
        sigma: row.sigma,
        rounds: row.rounds,
        sigmaMethod: row.sigmaMethod
      }))
    }
  ];
}
function runSessions(records) {
  return records.flatMap(
    (record) => record.noise?.length ? [{ measuredAt: record.meta.startedAt, commit: record.meta.head.sha, sigmas: record.noise }] : []
  );
}
async function readStoredNoise(store) {
  const calibration = await readStoredCalibration(store);
  const runs = await readHistory(store);
  return { calibrations: calibration ? calibrationSessions(calibration) : [], runs: runSessions(runs) };
}

// src/modes/calibrate.ts
async function calibrateMode(run2, bench) {
  const { settings, context, reporter } = run2;
  const stores = context.eventName !== "local" && context.branch !== "" && context.branch === context.defaultBranch;
  if (stores) await checkHistoryWritable(settings, context.serverUrl);
  const headSha = await headCommit(run2);
  const rounds = { ...settings, minRounds: settings.maxRounds };
  const { results, resultsPath } = await reporter.group(
    `loadgate ${bench.name}: A/A rounds`,
    () => measure({
      ...measureOptions({ ...run2, settings: rounds }, bench),
      arms: ["base", "head"],
      baseSha: headSha,
      headSha
    })
  );
  results.settings.minRounds = settings.minRounds;
  const calibration = calibrate(results, planAlpha(settings), await storedNoise(run2, bench.name));
  Object.assign(calibration, priceCalibration(calibration, results, settings.calibrateBudgetSeconds));
  const calibrationFile = path29.join(path29.dirname(resultsPath), "calibration.json");
  await writeCalibration(calibrationFile, calibration);
  reporter.summary(renderCalibrationMarkdown(calibration));
  const noisier = farAboveLine(calibration);
  if (noisier) reporter.warning(`${bench.name}: ${noisier}`);
  if (stores) await storeLatestCalibration(run2, calibration);
  const headline2 = budgetHeadline(calibration) || (calibration.suggestion.sufficient ? `the plan detects every gated metric's minimum effect with 90% power` : `suggested min-rounds ${calibration.suggestion.minRounds}, max-rounds ${calibration.suggestion.maxRounds}`);
  reporter.info(`${bench.name}: ${headline2}`);
  return { ...outcomeWithoutVerdict(bench.name, headline2, resultsPath), calibration, calibrationFile };
}
async function storedNoise(run2, benchmark) {
  return readStoredNoise(historyOf(run2, benchmark)).catch((error) => {
    run2.reporter.warning(
      `The stored noise history could not be read (the plan rests on this calibration alone): ${errorMessage(error)}`
    );
    return { calibrations: [], runs: [] };
  });
}
async function attachNoiseFloor(run2, bench, comparison) {
  if (run2.context.eventName === "local") return;
  const { reporter } = run2;
  const calibration = await readStoredCalibration(historyOf(run2, bench.name)).catch((error) => {
    reporter.warning(`The stored calibration could not be read: ${errorMessage(error)}`);
    return null;
  });
  const noiseFloor = calibration ? noiseFloorFor(comparison, calibration) : null;
  if (noiseFloor) comparison.noiseFloor = noiseFloor;
}
async function calibrationInput(run2) {
  const { settings } = run2;
  if (!settings.calibrationFile) return null;
  const calibration = await readCalibration(settings.calibrationFile, "Input 'calibration'");
  if (!settings.benchmarks.some((b) => b.name === calibration.benchmark)) {
    throw new LoadgateError(
      `Input 'calibration' is '${settings.calibrationFile}': it calibrates benchmark '${calibration.benchmark}', expected one of ${settings.benchmarks.map((b) => `'${b.name}'`).join(", ")}`
    );
  }
  return calibration;
}
async function storeLatestCalibration(run2, calibration) {
  const { settings, reporter, forge } = run2;
  const where = historyName(settings);
  if (settings.history.file) {
    const file = settings.history.file;
    await reporter.group(
      `loadgate ${calibration.benchmark}: store the calibration in ${where}`,
      () => storeCalibrationInFile(file, calibration)
    );
    reporter.info(`${calibration.benchmark}: stored the calibration in ${where}`);
    return file;
  }
  const stored = await reporter.group(
    `loadgate ${calibration.benchmark}: store the calibration on ${where}`,
    () => storeCalibration(
      { ...historyPlace(settings, run2.context.serverUrl), committer: forge?.committer ?? null },
      calibration
    )
  );
  if (!stored.pushed) {
    throw new LoadgateError(
      `Could not push the calibration of '${calibration.benchmark}' to ${where} after ${stored.attempts} attempts (${stored.error})`
    );
  }
  reporter.info(`${calibration.benchmark}: stored the calibration as ${stored.path}`);
  return stored.path;
}

// src/store/baseline.ts
function chooseStoredBaseline(stored, request) {
  const history = measuredRuns(stored);
  const valid = history.filter((r) => r.verdict !== "INVALID");
  if (request.requestedSha) {
    const ofCommit = history.filter((r) => r.meta.head.sha === request.requestedSha);
    const chosen = ofCommit.filter((r) => r.verdict !== "INVALID").at(-1);
    if (chosen) return chosen;
    const asked = request.requestedAs && !request.requestedSha.startsWith(request.requestedAs);
    const name = `${request.requestedSha.slice(0, 7)}${asked ? ` (${printable(request.requestedAs, 100)})` : ""}`;
    const importedOnly = stored.some((r) => r.meta.head.sha === request.requestedSha);
    const why = ofCommit.length > 0 ? "only invalid runs are stored" : importedOnly ? "only an imported run (drawn, never a baseline) is stored" : "no run is stored";
    throw new LoadgateError(
      `baseline stored: ${why} for the base commit ${name} of '${request.benchmark}' on '${request.historyBranch}'${newestStored(valid)}: record that commit first (loadgate record on it), pick a base with a stored run, or use baseline rerun`
    );
  }
  const onBase = valid.filter((r) => r.branch === request.baseBranch);
  const baseline = request.pullBaseSha && onBase.findLast((r) => r.meta.head.sha === request.pullBaseSha) || onBase.at(-1);
  if (!baseline) {
    throw new LoadgateError(
      `baseline: stored found no valid stored run of '${request.benchmark}' for branch '${printable(request.baseBranch, 100)}' on '${request.historyBranch}': record one first (mode: record on ${printable(request.baseBranch, 100)}) or use baseline: rerun`
    );
  }
  return baseline;
}
function newestStored(valid) {
  const newest = valid.slice(-3).reverse();
  if (newest.length === 0) return " (it holds no valid run of it)";
  return ` (newest stored: ${newest.map((r) => `${r.meta.head.sha.slice(0, 7)} of ${day(r)}`).join(", ")})`;
}
function day(record) {
  return printable(record.meta.startedAt.slice(0, 10), 10);
}
function describeStoredBaseline(record) {
  const started = Date.parse(record.meta.startedAt);
  const when = Number.isNaN(started) ? printable(record.meta.startedAt, 64) : `${new Date(started).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `baseline: the stored run of ${record.meta.head.sha.slice(0, 7)} measured ${when} (branch ${printable(record.branch, 100)}, run ${printable(record.meta.runId, 100)})`;
}

// src/modes/stored-baseline.ts
async function storedBaseline(run2, bench) {
  const { settings, context, reporter } = run2;
  const history = await readHistory(historyOf(run2, bench.name));
  const baseline = chooseStoredBaseline(history, {
    benchmark: bench.name,
    historyBranch: settings.ghPagesBranch,
    requestedSha: settings.baseRef ? await requestedCommit(settings.workspace, settings.baseRef, history) : "",
    requestedAs: settings.baseRef,
    pullBaseSha: context.pullRequest?.baseSha,
    baseBranch: context.pullRequest?.baseRef || context.defaultBranch
  });
  reporter.info(`${bench.name}: ${describeStoredBaseline(baseline)}`);
  return { baseline, history };
}
async function requestedCommit(workspace, ref, history) {
  const resolved = await resolveBaseCommit(new Git(workspace), { baseRef: ref }).catch(() => "");
  if (resolved) return resolved;
  const lower = ref.toLowerCase();
  const stored = /^[0-9a-f]{7,40}$/.test(lower) ? new Set(history.map((r) => r.meta.head.sha).filter((sha) => sha.startsWith(lower))) : /* @__PURE__ */ new Set();
  if (stored.size === 1) return [...stored][0];
  throw new SettingsError(`Input 'base-ref' is '${ref}': expected a commit or ref of this repository`);
}

// src/modes/compare.ts
async function compareMode(run2, bench) {
  const { resultsPath, comparison } = await measureAndDecide(run2, bench);
  return reportComparison(run2, bench, resultsPath, comparison);
}
async function reportComparison(run2, bench, resultsPath, comparison) {
  const { context, reporter } = run2;
  comparison.resultsFile = resultsPath;
  await attachNoiseFloor(run2, bench, comparison);
  const comparisonPath = path30.join(path30.dirname(resultsPath), "comparison.json");
  await writeComparisonArtifact(comparison, comparisonPath);
  const links = reportLinks(run2, bench.name, comparison);
  const reportHtmlFile = await writeHtmlReport(comparison, path30.dirname(resultsPath), links);
  reporter.summary(renderSummary(comparison, links));
  if (!reporter.printsResults) reporter.info(`${bench.name}: ${comparison.headline}`);
  let posted = { commentUrl: "", statusSet: false };
  if (context.fromFork) {
    reporter.warning(
      `This pull request comes from a fork, so its token cannot comment or set statuses. Upload ${comparisonPath} as an artifact named 'loadgate-${bench.name}' and let a workflow_run workflow with 'mode: report' post the result (see workflows/fork-report.yml).`
    );
  } else {
    posted = await publish(run2, comparison, links, context.pullRequest?.number ?? null);
  }
  return {
    ...comparisonOutcome(comparison, resultsPath, posted, links),
    comparisonFile: comparisonPath,
    reportHtmlFile
  };
}
async function measureAndDecide(run2, bench) {
  const { settings, reporter } = run2;
  const options = measureOptions(run2, bench);
  const failOn = settings.failOn;
  const headSha = await headCommit(run2);
  if (settings.baseline === "stored") {
    const { baseline, history } = await storedBaseline(run2, bench);
    const { results: results2, resultsPath: resultsPath2 } = await reporter.group(
      `loadgate ${bench.name}: measure head`,
      () => measure({ ...options, arms: ["head"], headSha })
    );
    for (const line of unmatchedGlobs(results2)) reporter.warning(line);
    return { resultsPath: resultsPath2, comparison: compareWithStored(results2, baseline, { failOn }, history) };
  }
  const baseSha = await baseCommit(run2);
  const borrowHarness = !run2.forge?.trustedRunTarget();
  const measured2 = await reporter.group(
    `loadgate ${bench.name}: measure base and head`,
    () => measure({
      ...options,
      arms: ["base", "head"],
      baseSha,
      headSha,
      borrowHarness,
      shouldExtend: (partial) => needsMoreRounds(partial, { failOn }),
      profileWhen: (measured3) => settings.profile === "always" || settings.profile === "on-regression" && compareResults(measured3, { failOn }).verdict === "REGRESSION"
    })
  ).catch(async (error) => {
    if (!(error instanceof BorrowedHarnessError)) throw error;
    const refused2 = await refuseHeadAlone(new Git(settings.workspace), baseSha, bench, error.reason);
    if (refused2) throw refused2;
    reporter.warning(`${bench.name}: ${error.message}; measuring the head alone`);
    return headAlone(run2, { ...options, headSha }, error);
  });
  if ("comparison" in measured2) return measured2;
  const { results, resultsPath } = measured2;
  for (const line of unmatchedGlobs(results)) reporter.warning(line);
  return { resultsPath, comparison: compareResults(results, { failOn }) };
}
async function headAlone(run2, options, why) {
  const { results, resultsPath } = await run2.reporter.group(
    `loadgate ${options.bench.name}: measure head alone`,
    () => measure({ ...options, arms: ["head"] })
  );
  results.meta.borrowedHarness = why.borrowed;
  results.meta.baseUnmeasured = why.reason;
  await writeResults(resultsPath, results);
  for (const line of unmatchedGlobs(results)) run2.reporter.warning(line);
  return { resultsPath, comparison: compareHeadAlone(results, { failOn: run2.settings.failOn }) };
}

// src/modes/report-file.ts
async function readReportInput(settings, benchmark) {
  const file = reportFileOf(settings, benchmark);
  const text2 = await readArtifactText(file).catch((error) => {
    if (errorMessage(error).endsWith(": no such file"))
      throw new LoadgateError(
        `No results to decide from: the measuring run left none (it failed or was stopped before it measured; its log says why). Input 'report-file' is '${file}': no such file`
      );
    throw new LoadgateError(`Input 'report-file': ${errorMessage(error)}`);
  });
  let document;
  try {
    document = JSON.parse(text2);
  } catch (error) {
    throw new LoadgateError(
      `Input 'report-file' is '${file}': expected a results.json or comparison.json, not JSON (${errorMessage(error).split("\n")[0]})`
    );
  }
  if (Array.isArray(document?.trials)) {
    const results = parseResults(file, document);
    return { kind: "results", benchmark: results.benchmark, results };
  }
  const comparison = parseComparisonArtifact(file, document);
  return { kind: "comparison", benchmark: comparison.benchmark, comparison };
}
var BENCHMARK_PLACEHOLDER = "{benchmark}";
function reportFileOf(settings, benchmark) {
  return benchmark === void 0 ? settings.reportFile : settings.reportFile.replaceAll(BENCHMARK_PLACEHOLDER, benchmark);
}
function checkReportedBenchmark(settings, reported, expected) {
  if (reported === expected) return;
  const file = reportFileOf(settings, expected);
  const hint = settings.reportFile.includes(BENCHMARK_PLACEHOLDER) ? "" : ` (with several benchmarks, name each one's file with ${BENCHMARK_PLACEHOLDER}, e.g. results/${BENCHMARK_PLACEHOLDER}/results.json)`;
  throw new LoadgateError(
    `Input 'report-file' is '${file}', which reports benchmark '${reported.slice(0, 64)}', not '${expected}'${hint}`
  );
}
function configuredBenchmark(settings, benchmark) {
  const names = settings.benchmarks.map((b) => b.name);
  if (names.length === 0) {
    throw new LoadgateError(
      "Input 'k6-script' is empty: mode report needs the benchmark as the PR workflow configures it (k6-script, name and thresholds, or benchmarks in loadgate.yml) to check the report against"
    );
  }
  const bench = settings.benchmarks.find((b) => b.name === benchmark);
  if (!bench) {
    throw new LoadgateError(
      `Input 'report-file' reports benchmark '${benchmark.slice(0, 64)}', but this workflow configures ${names.map((n) => `'${n}'`).join(", ")}: refusing to report it`
    );
  }
  return bench;
}
function decideUnderOwnSettings(results, settings, bench) {
  const own = {
    ...results,
    settings: { ...results.settings, ...decisionSettings(settings, bench) }
  };
  return compareResults(own, { failOn: settings.failOn });
}
function judgeUnderOwnFailOn(comparison, settings) {
  return { ...comparison, blocking: failsOn(settings.failOn, comparison.verdict) };
}

// src/modes/merge.ts
async function mergeMode(run2, bench) {
  const { settings, reporter } = run2;
  const segments = await readSegments(settings.segmentDirs, bench.name);
  const count2 = segments[0].count;
  const { results, resultsPath } = await reporter.group(
    `loadgate ${bench.name}: merge ${count2} segments`,
    () => writeMergedResults(segments, path31.join(settings.workDir, bench.name))
  );
  const comparison = decideUnderOwnSettings(results, settings, bench);
  return reportComparison(run2, bench, resultsPath, comparison);
}
async function writeMergedResults(segments, dir) {
  const results = await mergeSegments2(segments);
  await mkdir11(dir, { recursive: true });
  const resultsPath = path31.join(dir, "results.json");
  await writeResults(resultsPath, results);
  return { results, resultsPath };
}

// src/settings/change-points.ts
function shiftRulesOf(bench, changePoints2) {
  return {
    thresholds: bench.thresholds.filter((t) => t.gate && !t.absolute),
    erratic: bench.erratic,
    detector: { maxP: changePoints2.maxP, minChange: changePoints2.minChange, minRuns: changePoints2.minRuns }
  };
}
function defaultShiftRules() {
  return shiftRulesOf(
    { thresholds: defaultThresholds(), erratic: [] },
    {
      maxP: probability("change-point-max-p", builtInDefault("change-point-max-p")),
      minChange: parseFraction("change-point-min-change", builtInDefault("change-point-min-change")),
      minRuns: integer("change-point-min-runs", builtInDefault("change-point-min-runs"), 1, 1e3)
    }
  );
}

// src/decide/change-points/energy.ts
function bestSplit(values, start, end) {
  if (end - start < 2) return null;
  let best = null;
  let withinLeft = 0;
  for (let tau = start + 1; tau < end; tau++) {
    const n = tau - start;
    for (let i = start; i < tau - 1; i++) withinLeft += Math.abs(values[i] - values[tau - 1]);
    let cross = 0;
    let withinRight = 0;
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      const added = values[kappa - 1];
      for (let i = start; i < tau; i++) cross += Math.abs(values[i] - added);
      for (let j = tau; j < kappa - 1; j++) withinRight += Math.abs(values[j] - added);
      const m = kappa - tau;
      const q2 = 2 / (m + n) * cross - (n > 1 ? 2 * m / ((m + n) * (n - 1)) * withinLeft : 0) - (m > 1 ? 2 * n / ((m + n) * (m - 1)) * withinRight : 0);
      if (!best || q2 > best.qhat) best = { index: tau, qhat: q2 };
    }
  }
  return best;
}

// src/decide/change-points/t-test.ts
function mean2(values) {
  return values.reduce((sum, v2) => sum + v2, 0) / values.length;
}
function spread2(values, centre) {
  if (values.length < 2) return 0;
  return Math.sqrt(values.reduce((sum, v2) => sum + (v2 - centre) ** 2, 0) / values.length);
}
function relative(to, from) {
  return from === 0 ? 0 : to / from - 1;
}
function compareSegments(before, after) {
  const meanBefore = mean2(before);
  const meanAfter = mean2(after);
  const n1 = before.length;
  const n2 = after.length;
  let pValue = 1;
  if (n1 + n2 > 2) {
    const df = n1 + n2 - 2;
    const s1 = spread2(before, meanBefore);
    const s2 = spread2(after, meanAfter);
    const pooled = ((n1 - 1) * s1 ** 2 + (n2 - 1) * s2 ** 2) / df;
    const error = Math.sqrt(pooled * (1 / n1 + 1 / n2));
    if (error === 0) pValue = meanBefore === meanAfter ? 1 : 0;
    else {
      const t = (meanAfter - meanBefore) / error;
      pValue = incompleteBeta(df / (df + t * t), df / 2, 0.5);
    }
  }
  return {
    meanBefore,
    meanAfter,
    pValue,
    change: relative(meanAfter, meanBefore),
    magnitude: Math.max(Math.abs(relative(meanAfter, meanBefore)), Math.abs(relative(meanBefore, meanAfter)))
  };
}

// src/decide/change-points/otava.ts
var DEFAULT_DETECTOR_OPTIONS = {
  maxP: 1e-3,
  minChange: 0.05,
  minRuns: 5,
  windowRuns: 50
};
function around(values, index, indexes) {
  const previous = indexes.findLast((i) => i < index) ?? 0;
  const next = indexes.find((i) => i > index) ?? values.length;
  return {
    index,
    stats: compareSegments(values.slice(previous, index), values.slice(index, next)),
    runsBefore: index - previous,
    runsAfter: next - index
  };
}
function windowChangePoints(window, maxP) {
  const found = [];
  for (; ; ) {
    const bounds = [0, ...found, window.length];
    let best = null;
    for (let i = 0; i + 1 < bounds.length; i++) {
      const candidate = bestSplit(window, bounds[i], bounds[i + 1]);
      if (candidate && (!best || candidate.qhat > best.qhat)) best = candidate;
    }
    if (!best || around(window, best.index, found).stats.pValue > maxP) return found;
    found.push(best.index);
    found.sort((a, b) => a - b);
  }
}
function relaxed(maxP) {
  return maxP < 0.05 ? maxP * 10 : maxP < 0.5 ? maxP * 2 : maxP;
}
function weakChangePoints(values, options) {
  const window = Math.max(2, options.windowRuns);
  const step = Math.floor(window / 2);
  const found = /* @__PURE__ */ new Set();
  let start = 0;
  while (start < values.length) {
    const end = Math.min(start + window, values.length);
    const local = windowChangePoints(values.slice(start, end), relaxed(options.maxP)).map((i) => i + start);
    for (const index of local) found.add(index);
    start = Math.max(local.at(-1) ?? 0, start + step);
  }
  return [...found].sort((a, b) => a - b);
}
function tested(values, indexes) {
  return indexes.map((index) => around(values, index, indexes));
}
function weakest(points, options) {
  const byP = (a, b) => b.stats.pValue > a.stats.pValue ? b : a;
  const short = points.filter((p) => Math.min(p.runsBefore, p.runsAfter) < options.minRuns);
  if (short.length > 0) return short.reduce(byP);
  const leastLikely = points.reduce(byP);
  if (leastLikely.stats.pValue >= options.maxP) return leastLikely;
  const smallest = points.reduce((a, b) => b.stats.magnitude < a.stats.magnitude ? b : a);
  return smallest.stats.magnitude > options.minChange ? null : smallest;
}
function changePoints(values, options = DEFAULT_DETECTOR_OPTIONS) {
  let points = tested(values, weakChangePoints(values, options));
  for (; ; ) {
    if (points.length === 0) return points;
    const drop = weakest(points, options);
    if (!drop) return points;
    points = tested(
      values,
      points.filter((p) => p !== drop).map((p) => p.index)
    );
  }
}

// src/decide/change-points/runner.ts
var LABELS2 = { os: "OS/kernel", cpuModel: "CPU", cores: "cores", image: "runner image" };
function runnerChange(before, after) {
  const a = before.meta.runner;
  const b = after.meta.runner;
  return Object.keys(LABELS2).filter((field) => (a[field] ?? "") !== (b[field] ?? "")).map((field) => `${LABELS2[field]} ${a[field] ?? "unknown"} \u2192 ${b[field] ?? "unknown"}`).join("; ");
}

// src/decide/change-points/history.ts
function shiftRun(record) {
  const { head, runId, runUrl, startedAt } = record.meta;
  const run2 = { sha: head.sha, runId, runUrl, startedAt, message: head.message.split("\n")[0] ?? "" };
  return record.mergedThrough ? { ...run2, mergedThrough: record.mergedThrough } : run2;
}
var RUNNER_CHANGE_REACH = 2;
function runnerChangeNear(runs, index) {
  for (let j = Math.max(1, index - RUNNER_CHANGE_REACH); j <= Math.min(runs.length - 1, index + RUNNER_CHANGE_REACH); j++) {
    const change = runnerChange(runs[j - 1], runs[j]);
    if (change) return change;
  }
  return "";
}
function seriesKeys2(records) {
  return [...new Set(records.flatMap((r) => r.series.map((s) => s.key)))].sort();
}
function findShifts(records, watched, options = DEFAULT_DETECTOR_OPTIONS) {
  const shifts = [];
  for (const key of seriesKeys2(records)) {
    for (const { metric, direction } of watched(key)) {
      const runs = [];
      const values = [];
      for (const record of records) {
        const metrics = record.series.find((s) => s.key === key)?.metrics;
        const value = metrics && Object.hasOwn(metrics, metric) ? metrics[metric]?.median : void 0;
        if (value === void 0 || !Number.isFinite(value)) continue;
        runs.push(record);
        values.push(value);
      }
      const points = changePoints(values, options);
      points.forEach((point, i) => {
        const from = i === 0 ? 0 : points[i - 1].index;
        const to = points[i + 1]?.index ?? values.length;
        const before = runs[point.index - 1];
        const after = runs[point.index];
        shifts.push({
          benchmark: after.benchmark,
          series: key,
          metric,
          lastBefore: shiftRun(before),
          firstAfter: shiftRun(after),
          before: medianInterval(values.slice(from, point.index)),
          after: medianInterval(values.slice(point.index, to)),
          change: point.stats.change,
          pValue: point.stats.pValue,
          runsBefore: point.runsBefore,
          runsAfter: point.runsAfter,
          worse: direction === "lower" ? point.stats.change > 0 : point.stats.change < 0,
          window: {
            from: runs[Math.max(0, point.index - 1 - RUNNER_CHANGE_REACH)].meta.startedAt,
            to: runs[Math.min(runs.length - 1, point.index + RUNNER_CHANGE_REACH)].meta.startedAt
          },
          environmentChanged: runnerChangeNear(runs, point.index)
        });
      });
    }
  }
  return shifts;
}

// src/decide/change-points/watch.ts
function gatedMetrics2(thresholds, erratic = []) {
  return (key) => erratic.some((e) => globMatches(e.series, key)) ? [] : thresholdsForSeries(key, thresholds).filter((rule) => rule.gate && !rule.absolute).map((rule) => ({ metric: rule.metric, direction: rule.direction }));
}
function mainBranch(records) {
  const counts = /* @__PURE__ */ new Map();
  for (const record of measuredRuns(records)) counts.set(record.branch, (counts.get(record.branch) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
}
function watchHistory(options) {
  const { rules } = options;
  const runs = measuredRuns(options.records).filter((r) => r.branch === options.branch && r.verdict !== "INVALID").sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt));
  return findShifts(runs, gatedMetrics2(rules.thresholds, rules.erratic), {
    ...DEFAULT_DETECTOR_OPTIONS,
    ...rules.detector
  });
}
function historyShifts(records, options) {
  const branch = options.branch ?? mainBranch(records);
  const stored = records.filter((r) => r.branch === branch && r.shiftRules).reduce(
    (newest, r) => !newest || r.meta.startedAt > newest.meta.startedAt ? r : newest,
    void 0
  )?.shiftRules;
  const chosen = stored ?? options.fallback;
  const rules = { ...chosen, detector: { ...chosen.detector, ...options.detector } };
  const shifts = watchHistory({ records, branch, rules });
  return { branch, rules, shifts, open: openShifts(shifts, rules.detector.minChange) };
}
function openShifts(shifts, minChange) {
  const key = (s) => `${s.benchmark}\0${s.series}\0${s.metric}`;
  const latest2 = /* @__PURE__ */ new Map();
  for (const shift of shifts) {
    const current = latest2.get(key(shift));
    if (!current || shift.firstAfter.startedAt > current.firstAfter.startedAt) latest2.set(key(shift), shift);
  }
  return shifts.filter((shift) => {
    if (!shift.worse || shift.environmentChanged) return false;
    const now = latest2.get(key(shift)).after.median;
    return Math.sign(shift.change) * (now / shift.before.median - 1) >= minChange;
  });
}

// src/report/change-points.ts
import { createHash as createHash4 } from "node:crypto";
function signedPercent(change) {
  const value = Math.abs(change) * 100;
  const digits2 = value >= 10 ? 0 : 1;
  return `${change < 0 ? "\u2212" : "+"}${value.toFixed(digits2)}%`;
}
function shortNumber(value) {
  return String(Number(value.toPrecision(3)));
}
function shiftTitle(shift) {
  return `${shift.metric} of ${shift.series} ${signedPercent(shift.change)} since ${shift.firstAfter.sha.slice(0, 7)}`;
}
function renderShiftTable(shifts, minRuns) {
  if (shifts.length === 0)
    return `No change points in the recorded history (a change point needs ${minRuns} recorded runs on each side of it; --change-point-min-runs sets how many).
`;
  const header = ["benchmark", "series", "metric", "change", "before \u2192 after", "commits", "runs", "cause"];
  const rows = [...shifts].sort((a, b) => a.firstAfter.startedAt.localeCompare(b.firstAfter.startedAt)).map((s) => [
    s.benchmark,
    s.series,
    s.metric,
    `${signedPercent(s.change)}${s.worse ? " worse" : " better"}`,
    `${shortNumber(s.before.median)} \u2192 ${shortNumber(s.after.median)}`,
    `${s.lastBefore.sha.slice(0, 7)}..${s.firstAfter.sha.slice(0, 7)}`,
    `${s.runsBefore} | ${s.runsAfter}`,
    s.environmentChanged ? `environment changed (${s.environmentChanged})` : "commit"
  ]).map((row) => row.map((cell) => withoutWorkflowCommands(cell)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}
`;
}
var MARKER = /^<!-- loadgate-shift bench=([A-Za-z0-9._-]{1,64}) id=([0-9a-f]{16}) after=(\d{1,16}) -->/;
function shiftId(shift) {
  return createHash4("sha256").update(`${shift.benchmark}\0${shift.series}`).digest("hex").slice(0, 16);
}
function shiftMarker(shift) {
  return {
    benchmark: shift.benchmark,
    id: shiftId(shift),
    after: Date.parse(shift.firstAfter.startedAt) || 0
  };
}
function parseShiftMarker(body) {
  const match = MARKER.exec(body ?? "");
  return match ? { benchmark: match[1], id: match[2], after: Number(match[3]) } : null;
}
function commitLink(links, sha) {
  const url = safeUrl(`${links.serverUrl}/${links.repository}/commit/${encodeURIComponent(sha)}`);
  return url ? `[\`${sha.slice(0, 7)}\`](${url})` : `\`${sha.slice(0, 7)}\``;
}
function runLink(links, url) {
  const safe = repositoryUrl(url, links);
  return safe ? ` ([run](${safe}))` : "";
}
function pullRequestLink(links, run2) {
  const merged = run2.mergedThrough;
  if (!merged) return "";
  const comment = repositoryUrl(merged.commentUrl, links);
  return comment ? ` in [#${merged.pullRequest}](${comment})` : ` in #${merged.pullRequest}`;
}
function shiftIssueTitle(group) {
  const [main, ...others] = largestFirst(group);
  const rest = others.map((s) => `${s.metric} ${signedPercent(s.change)}`).join(", ");
  const title = withoutControlCharacters(`${shiftTitle(main)}${rest ? ` (${rest})` : ""}`);
  return title.length > 256 ? `${title.slice(0, 255)}\u2026` : title;
}
function largestFirst(group) {
  return [...group].sort(
    (a, b) => Math.abs(b.change) - Math.abs(a.change) || a.metric.localeCompare(b.metric)
  );
}
function renderShiftIssue(group, links, cc = []) {
  const ordered = largestFirst(group);
  const shift = ordered[0];
  const marker = shiftMarker(shift);
  const { lastBefore, firstAfter } = shift;
  const compare = safeUrl(
    `${links.serverUrl}/${links.repository}/compare/${encodeURIComponent(lastBefore.sha)}...${encodeURIComponent(firstAfter.sha)}`
  );
  const dashboard = safeUrl(links.dashboard);
  const row = (s) => {
    const value = (v2) => escapeMarkdown(formatValue(unitOf(s.metric), v2));
    const interval = (m) => m.low === null || m.high === null ? "" : ` (${value(m.low)} \u2013 ${value(m.high)})`;
    return `| ${escapeMarkdown(s.metric)} | ${signedPercent(s.change)} ${s.worse ? "worse" : "better"} | ${value(s.before.median)}${interval(s.before)} | ${value(s.after.median)}${interval(s.after)} | ${s.runsBefore} / ${s.runsAfter} | ${s.pValue.toExponential(1)} |`;
  };
  const body = [
    `<!-- loadgate-shift bench=${marker.benchmark} id=${marker.id} after=${marker.after} -->`,
    `**${escapeMarkdown(shift.series)}** (benchmark ${escapeMarkdown(shift.benchmark)}) moved on the default branch, and stayed:`,
    "",
    "| metric | change | before: median of the per-run medians (95% interval) | after | runs before / after | p |",
    "|---|---|---|---|---|---|",
    ...ordered.map(row),
    "",
    `**Commit range:** last run before ${commitLink(links, lastBefore.sha)} ${escapeMarkdown(lastBefore.message)}${pullRequestLink(links, lastBefore)}${runLink(links, lastBefore.runUrl)} \u2192 first run after ${commitLink(links, firstAfter.sha)} ${escapeMarkdown(firstAfter.message)}${pullRequestLink(links, firstAfter)}${runLink(links, firstAfter.runUrl)}` + (compare ? ` \xB7 [every commit in between](${compare})` : ""),
    ...dashboard ? ["", `[Open it on the dashboard](${dashboard})`] : [],
    ...cc.length > 0 ? ["", `cc ${cc.join(" ")}`] : [],
    "",
    "<sub>loadgate updates this issue as later runs refine the shift and closes it when the shift is reverted. Closing it by hand accepts the shift: it is not reopened.</sub>"
  ];
  return { title: shiftIssueTitle(ordered), body: body.join("\n") };
}

// src/forge/webhook.ts
function scrubUrl(text2, url) {
  const parsed = URL.parse(url);
  const secrets = [url, parsed?.href, parsed ? `${parsed.pathname}${parsed.search}` : "", parsed?.search].filter((s) => !!s && s.length > 1).sort((a, b) => b.length - a.length);
  return secrets.reduce((out, secret) => out.split(secret).join("[webhook]"), text2);
}
function failureOf(error, timeoutMs) {
  const err = error;
  if (err?.name === "TimeoutError" || err?.name === "AbortError")
    return `no answer within ${timeoutMs / 1e3} s`;
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error);
}
async function attempt(url, body, timeoutMs) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "loadgate" },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs)
    });
    await response.arrayBuffer().catch(() => void 0);
    if (response.ok) return { delivered: true, retry: false };
    const retry = response.status >= 500 || response.status === 429 || response.status === 408;
    return { delivered: false, reason: `HTTP ${response.status}`, retry };
  } catch (error) {
    return { delivered: false, reason: failureOf(error, timeoutMs), retry: true };
  }
}
async function deliverWebhook(url, payload, options) {
  const body = JSON.stringify(payload);
  const first = await attempt(url, body, options.timeoutMs);
  if (first.delivered) return { delivered: true };
  if (!first.retry) return { delivered: false, reason: scrubUrl(first.reason, url) };
  await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1e3));
  const second = await attempt(url, body, options.timeoutMs);
  if (second.delivered) return { delivered: true };
  const reasons = first.reason === second.reason ? `${first.reason}, twice` : `${first.reason}, then ${second.reason}`;
  return { delivered: false, reason: scrubUrl(reasons, url) };
}

// src/report/notify.ts
function slack(text2) {
  return withoutControlCharacters(text2).replace(
    /[&<>]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]
  );
}
function truncate(text2, limit) {
  return text2.length > limit ? `${text2.slice(0, limit - 1)}\u2026` : text2;
}
function slackLink(url, label) {
  const safe = safeUrl(url ?? void 0);
  return safe ? `<${safe.replace(/\|/g, "%7C")}|${slack(label)}>` : slack(label);
}
function noticeChange(shift) {
  return {
    metric: shift.metric,
    change: shift.change,
    worse: shift.worse,
    unit: unitOf(shift.metric),
    before: shift.before,
    after: shift.after
  };
}
function level(change, side) {
  const value = (v2) => formatValue(change.unit, v2);
  const interval = side.low === null || side.high === null ? "" : ` (${value(side.low)} \u2013 ${value(side.high)})`;
  return `${value(side.median)}${interval}`;
}
function changeLine(change) {
  return `${change.metric} ${signedPercent(change.change)} ${change.worse ? "worse" : "better"}: ${level(change, change.before)} \u2192 ${level(change, change.after)}`;
}
function compareUrl(links, shift) {
  return safeUrl(
    `${links.serverUrl}/${links.repository}/compare/${encodeURIComponent(shift.lastBefore.sha)}...${encodeURIComponent(shift.firstAfter.sha)}`
  );
}
function shiftFields(notice, group) {
  const shift = group[0];
  return {
    event: notice.event,
    reason: notice.event === "shift-closed" ? notice.reason : null,
    benchmark: shift.benchmark,
    series: shift.series,
    changes: group.map(noticeChange).sort((a, b) => Math.abs(b.change) - Math.abs(a.change)),
    commits: { from: shift.lastBefore.sha, to: shift.firstAfter.sha },
    links: {
      issue: safeUrl(notice.issueUrl),
      dashboard: safeUrl(notice.links.dashboard),
      run: repositoryUrl(shift.firstAfter.runUrl, notice.links),
      compare: compareUrl(notice.links, shift)
    },
    detail: notice.event === "shift-closed" ? notice.detail : ""
  };
}
function noticeFields(notice) {
  if (notice.event === "run-blocked")
    return {
      event: notice.event,
      reason: null,
      benchmark: notice.benchmark,
      series: null,
      changes: [],
      commits: { from: null, to: notice.sha },
      links: {
        issue: null,
        dashboard: safeUrl(notice.dashboard),
        run: safeUrl(notice.runUrl),
        compare: null
      },
      detail: notice.detail
    };
  return shiftFields(notice, notice.event === "shift-opened" ? notice.group : [notice.shift]);
}
function headline(notice, fields) {
  const short = (sha) => (sha ?? "").slice(0, 7);
  if (notice.event === "run-blocked")
    return `loadgate: the run of ${fields.benchmark} at ${short(fields.commits.to)} on the default branch is blocked`;
  if (notice.event === "shift-opened")
    return `loadgate: ${fields.benchmark} shifted on the default branch: ${shiftIssueTitle(notice.group)}`;
  const what2 = notice.reason === "accepted" ? "accepted" : "reverted";
  return `loadgate: a shift of ${fields.benchmark} ${fields.series} was ${what2}`;
}
function renderNotice(notice) {
  const fields = noticeFields(notice);
  const title = withoutControlCharacters(headline(notice, fields));
  const lines = [
    `*${slackLink(fields.links.issue ?? fields.links.run, title)}*`,
    ...fields.changes.map((c) => slack(changeLine(c))),
    ...fields.detail ? [slack(fields.detail)] : []
  ];
  const range = fields.commits.from ? `commits ${slackLink(fields.links.compare, `${fields.commits.from.slice(0, 7)}\u2026${fields.commits.to.slice(0, 7)}`)}` : `commit ${slack(fields.commits.to.slice(0, 7))}`;
  const context = [
    range,
    ...fields.links.dashboard ? [slackLink(fields.links.dashboard, "dashboard")] : [],
    ...fields.links.run ? [slackLink(fields.links.run, "run")] : []
  ].join(" \xB7 ");
  return {
    text: slack(title),
    blocks: [
      // Slack refuses a section of more than 3,000 characters (long reasons, long endpoint names).
      { type: "section", text: { type: "mrkdwn", text: truncate(lines.join("\n"), 3e3) } },
      { type: "context", elements: [{ type: "mrkdwn", text: context }] }
    ],
    loadgate: fields
  };
}

// src/modes/notify.ts
function what(notice) {
  if (notice.event === "run-blocked") return `the blocked run of ${notice.benchmark}`;
  const shift = notice.event === "shift-opened" ? notice.group[0] : notice.shift;
  return `the ${notice.event === "shift-opened" ? "new" : notice.reason} shift of ${shift.benchmark}`;
}
async function notify(run2, notice) {
  const { webhook, timeoutMs } = run2.settings.notify;
  if (!webhook) return;
  const delivery = await deliverWebhook(webhook, renderNotice(notice), {
    timeoutMs,
    retryDelayMs: Math.min(1e3, timeoutMs)
  });
  if (!delivery.delivered)
    run2.reporter.warning(
      `notify-webhook: could not tell the webhook about ${what(notice)} (${delivery.reason}); the run goes on`
    );
}

// src/modes/change-points.ts
async function watchRecordedHistory(run2, bench, branch) {
  const { settings, reporter, forge, context } = run2;
  if (settings.changePoints.mode !== "issue") return;
  if (!forge?.canPublish) {
    reporter.warning(
      "change-points: issue needs a token (github-token) that may write issues; no issue was filed"
    );
    return;
  }
  await reporter.group(`loadgate ${bench.name}: change points`, async () => {
    const records = await readHistory(historyOf(run2, bench.name));
    const { shifts } = historyShifts(records, {
      branch,
      fallback: shiftRulesOf(bench, settings.changePoints)
    });
    reporter.info(`${bench.name}: ${shifts.length} change points in ${records.length} recorded runs`);
    try {
      const done = await syncShiftIssues({
        forge,
        shifts,
        benchmark: bench.name,
        minChange: settings.changePoints.minChange,
        cc: settings.notify.cc,
        notify: (notice) => notify(run2, notice),
        links: (shift) => ({
          serverUrl: context.serverUrl,
          repository: context.repository,
          dashboard: dashboardLink(run2, bench.name, shift.series) ?? ""
        })
      });
      for (const line of done) reporter.info(`${bench.name}: ${line}`);
    } catch (error) {
      reporter.warning(
        `change-points: could not update the shift issues (${errorMessage(error)}); record.yml needs 'issues: write' when change-points is issue`
      );
    }
  });
}
function shiftFinder(benchmarks = [], changePoints2) {
  return (name, records) => {
    const bench = benchmarks.find((b) => b.name === name);
    const fallback = bench && changePoints2 ? shiftRulesOf(bench, changePoints2) : defaultShiftRules();
    return historyShifts(records, { fallback });
  };
}
function startOf(shift) {
  return Date.parse(shift.firstAfter.startedAt);
}
function within(time, shift) {
  return time >= Date.parse(shift.window.from) && time <= Date.parse(shift.window.to);
}
function groupShifts(shifts) {
  const groups = [];
  for (const shift of [...shifts].sort((a, b) => startOf(a) - startOf(b))) {
    const group = groups.find((g2) => shiftId(g2[0]) === shiftId(shift) && within(startOf(shift), g2[0]));
    if (group) group.push(shift);
    else groups.push([shift]);
  }
  return groups;
}
function acceptedDetail(merged) {
  return `Accepted in #${merged.pullRequest} by ${merged.accepted.by}: ${merged.accepted.reason}`;
}
function acceptedText(merged) {
  return `Accepted in #${merged.pullRequest} by ${escapeMarkdown(`@${merged.accepted.by}`)}: ${escapeMarkdown(merged.accepted.reason)}`;
}
function acceptedStart(group) {
  const merged = group[0].firstAfter.mergedThrough;
  return merged?.accepted ? merged : null;
}
function planShiftIssues(shifts, existing, minChange) {
  const marked2 = existing.flatMap((issue) => {
    const marker = parseShiftMarker(issue.body);
    return marker ? [{ issue, marker }] : [];
  });
  const plan = { create: [], accepted: [], update: [], close: [] };
  const matched = /* @__PURE__ */ new Set();
  for (const group of groupShifts(openShifts(shifts, minChange))) {
    const match = marked2.find(
      ({ issue, marker }) => !matched.has(issue.number) && marker.id === shiftId(group[0]) && group.some((shift) => within(marker.after, shift))
    );
    const accepted = acceptedStart(group);
    if (accepted) {
      if (match?.issue.open)
        plan.close.push({
          issue: match.issue,
          why: `${acceptedText(accepted)}.`,
          closing: { reason: "accepted", shift: group[0], detail: acceptedDetail(accepted) }
        });
      if (match) matched.add(match.issue.number);
      else plan.accepted.push({ group, accepted });
    } else if (!match) plan.create.push(group);
    else {
      matched.add(match.issue.number);
      if (match.issue.open) plan.update.push({ issue: match.issue, group });
    }
  }
  for (const { issue, marker } of marked2) {
    if (!issue.open || matched.has(issue.number)) continue;
    const reverting = shifts.find((s) => shiftId(s) === marker.id && startOf(s) > marker.after);
    const since = reverting ? `since ${reverting.firstAfter.sha.slice(0, 7)} (${reverting.metric} ${signedPercent(reverting.change)})` : "";
    plan.close.push({
      issue,
      why: reverting ? `Reverted: the level is back since \`${reverting.firstAfter.sha.slice(0, 7)}\` (${escapeMarkdown(reverting.metric)} ${signedPercent(reverting.change)}).` : "No longer a lasting shift in the recorded history.",
      ...reverting ? {
        closing: { reason: "reverted", shift: reverting, detail: `The level is back ${since}.` }
      } : {}
    });
  }
  return plan;
}
async function syncShiftIssues(options) {
  const { forge } = options;
  const existing = (await forge.listOwnIssues()).filter(
    (issue) => parseShiftMarker(issue.body)?.benchmark === options.benchmark
  );
  const plan = planShiftIssues(options.shifts, existing, options.minChange);
  const done = [];
  for (const group of plan.create) {
    const links = options.links(group[0]);
    const { title, body } = renderShiftIssue(group, links, options.cc);
    const issue = await forge.createIssue(title, body);
    done.push(`opened #${issue.number} ${title}`);
    await options.notify?.({ event: "shift-opened", group, issueUrl: issue.url, links });
  }
  for (const { issue, group } of plan.update) {
    const { title, body } = renderShiftIssue(group, options.links(group[0]), options.cc);
    if (issue.title === title && issue.body === body) continue;
    await forge.updateIssue(issue.number, { title, body });
    done.push(`updated #${issue.number} ${title}`);
  }
  for (const { group, accepted } of plan.accepted)
    done.push(
      withoutControlCharacters(
        `not filed: ${group[0].series} ${group[0].metric} since ${group[0].firstAfter.sha.slice(0, 7)} \u2014 ${acceptedDetail(accepted)}`
      )
    );
  for (const { issue, why, closing } of plan.close) {
    await forge.closeIssue(issue.number, why);
    done.push(`closed #${issue.number} ${why}`);
    if (closing)
      await options.notify?.({
        event: "shift-closed",
        ...closing,
        issueUrl: issue.url,
        links: options.links(closing.shift)
      });
  }
  return done;
}

// src/modes/record.ts
import { readFile as readFile10 } from "node:fs/promises";
import path32 from "node:path";
async function recordMode(run2, bench) {
  const { settings, reporter } = run2;
  await checkHistoryWritable(settings, run2.context.serverUrl);
  const calibration = await calibrationInput(run2);
  const headSha = await headCommit(run2);
  const { results, resultsPath } = await reporter.group(
    `loadgate ${bench.name}: measure`,
    () => measure({ ...measureOptions(run2, bench), arms: ["head"], headSha })
  );
  return recordResults(run2, bench, { results, resultsPath, calibration });
}
async function recordResults(run2, bench, measured2) {
  const { settings, context, reporter } = run2;
  const { results, resultsPath, calibration } = measured2;
  const headSha = results.meta.head.sha;
  const invalid = findInvalidReasons(results);
  const verdict = invalid.length > 0 ? "INVALID" : null;
  const record = toRunRecord(
    results,
    null,
    context.branch || context.defaultBranch,
    shiftRulesOf(bench, settings.changePoints)
  );
  record.verdict = verdict;
  const merged = await mergedThroughOf(run2, headSha, bench.name);
  if (merged) record.mergedThrough = merged;
  const stored = await storeRun(run2, record, path32.dirname(resultsPath));
  if (calibration?.benchmark === bench.name) await storeLatestCalibration(run2, calibration);
  if (invalid.length === 0) await watchRecordedHistory(run2, bench, record.branch);
  const headline2 = invalid.length > 0 ? `Recorded an invalid run \u2014 ${invalid.map((r) => r.message).join("; ")}` : `Recorded ${results.trials.filter((t) => t.phase === "measure").length} trials of ${bench.name}`;
  reporter.summary(`### loadgate \u2014 ${bench.name}

${headline2}

Stored as \`${stored.path}\`.
`);
  reporter.info(`${bench.name}: ${headline2}; stored ${stored.path}`);
  if (stored.earlierRunsOfCommit > 0) reporter.info(rerunNote(headSha, stored.earlierRunsOfCommit));
  const blocking = verdict !== null && failsOn(settings.failOn, verdict);
  const dashboardUrl = dashboardLink(run2, bench.name) ?? "";
  if (blocking && (!context.defaultBranch || record.branch === context.defaultBranch))
    await notify(run2, {
      event: "run-blocked",
      benchmark: bench.name,
      sha: headSha,
      detail: invalid.map((r) => r.message).join("; "),
      runUrl: results.meta.runUrl,
      dashboard: dashboardUrl
    });
  return {
    benchmark: bench.name,
    verdict,
    blocking,
    headline: headline2,
    resultsFile: resultsPath,
    commentUrl: "",
    dashboardUrl
  };
}
async function mergedThroughOf(run2, headSha, benchmark) {
  const { forge, reporter } = run2;
  if (!forge?.canPublish) return null;
  try {
    const merged = await forge.mergedThrough(headSha, benchmark);
    if (merged?.accepted)
      reporter.info(
        `${benchmark}: ${headSha.slice(0, 7)} came through #${merged.pullRequest}, whose result ${merged.accepted.by} accepted: ${merged.accepted.reason}`
      );
    return merged;
  } catch (error) {
    reporter.warning(
      `Could not ask GitHub which pull request ${headSha.slice(0, 7)} came through: ${errorMessage(error)}`
    );
    return null;
  }
}
async function storeRun(run2, record, fallbackDir) {
  const { settings, reporter, forge } = run2;
  if (settings.history.file) return storeRunInFile(settings.history.file, record, reporter);
  const stored = await reporter.group(
    `loadgate ${record.benchmark}: record to ${historyName(settings)}`,
    () => recordRun({
      ...historyPlace(settings, run2.context?.serverUrl),
      record,
      retention: settings.retention,
      fallbackDir,
      committer: forge?.committer ?? null,
      onWarning: (message) => reporter.warning(message),
      findShifts: shiftFinder(settings.benchmarks, settings.changePoints)
    })
  );
  if (!stored.pushed) throw new LoadgateError(notPushedMessage(settings, stored));
  return stored;
}
async function storeRunInFile(file, record, reporter) {
  const earlierRunsOfCommit = await reporter.group(
    `loadgate ${record.benchmark}: record to ${file}`,
    () => appendRunToFile(file, record)
  );
  return { path: file, pushed: true, attempts: 1, earlierRunsOfCommit };
}
function notPushedMessage(settings, stored) {
  const tries = stored.attempts > 1 ? ` after ${stored.attempts} attempts` : "";
  const flags = [
    settings.ghPagesBranch === builtInDefault("gh-pages-branch") ? "" : ` --gh-pages-branch ${settings.ghPagesBranch}`,
    settings.dataDir === builtInDefault("data-dir") ? "" : ` --data-dir ${settings.dataDir}`,
    repositoryFlag(settings.history.repository)
  ].join("");
  return `Could not push the run to ${historyName(settings)}${tries} (${stored.error}); it is saved in ${stored.fallbackFile}: record it without measuring again with 'loadgate record --push-only ${stored.fallbackFile}${flags}' in a checkout of the repository (on GitHub, record.yml uploads it as the artifact 'loadgate-record')`;
}
function repositoryFlag(repository) {
  if (!repository) return "";
  return ` --history-repository ${repository.kind === "github" ? repository.repository : repository.url}`;
}
function rerunNote(sha, earlier) {
  const times = earlier === 1 ? "once" : `${earlier} times`;
  return `commit ${sha.slice(0, 7)} was recorded ${times} before: this run is stored beside ${earlier === 1 ? "it" : "them"}, and the dashboard draws every run`;
}
async function pushSavedRun(options) {
  const record = await readSavedRun(options.file, options.branch);
  await checkHistoryWritable(options.settings);
  const stored = await storeRun(
    { settings: options.settings, reporter: options.reporter, forge: options.forge ?? null },
    record,
    path32.dirname(options.file)
  );
  options.reporter.info(
    `${record.benchmark}: recorded the run of ${record.meta.head.sha.slice(0, 7)}; stored ${stored.path}`
  );
  return stored;
}
async function readSavedRun(file, branch) {
  let text2;
  try {
    text2 = await readFile10(file, "utf8");
  } catch {
    throw new LoadgateError(`'${file}' cannot be read: expected the run file a failed record saved`);
  }
  const parsed = parseRunFile(text2);
  if ("record" in parsed) return parsed.record;
  const results = resultsFileSchema.safeParse(jsonOrNull(text2));
  if (results.success && results.data.mode === "record") {
    if (!branch)
      throw new LoadgateError(
        `'${file}' is a results file: check out the branch it was measured for and run again`
      );
    const { thresholds, erratic = [] } = results.data.settings;
    const record = toRunRecord(
      results.data,
      null,
      branch,
      shiftRulesOf({ thresholds, erratic }, defaultShiftRules().detector)
    );
    record.verdict = findInvalidReasons(results.data).length > 0 ? "INVALID" : null;
    return record;
  }
  throw new LoadgateError(
    `'${file}' is not a saved run: expected the run file a failed record saved, or the results.json of a record run (as a run file: ${parsed.reason})`
  );
}
function jsonOrNull(text2) {
  try {
    return JSON.parse(text2);
  } catch {
    return null;
  }
}

// src/modes/accept-seen.ts
var MIN_NAMED_DIGITS = 12;
function notWhatWasSeen(seen, head, blocked, history) {
  const again = `nothing was accepted. Look at loadgate's result for ${head} and accept again naming it: \`/loadgate accept ${head} <reason>\`.`;
  const named = seen.headSha;
  if (named !== void 0 && (seen.at === void 0 || named.length === 40)) {
    const where = seen.at === void 0 ? "the label was added on" : "your comment names";
    if (named !== head)
      return `${where} ${named || "an unnamed commit"}, but the head of this pull request is now ${head}: ${again}`;
    if (named.length === 40 && seen.at !== void 0) return null;
    return shownElsewhere(head, blocked) ?? labelledAfter(seen.labelledAt ?? "", head, blocked, again);
  }
  if (named !== void 0) {
    if (named.length < MIN_NAMED_DIGITS)
      return `your comment names ${named}, fewer than ${MIN_NAMED_DIGITS} hex digits, which do not name one commit safely: ${again}`;
    if (!head.startsWith(named))
      return `your comment names ${named}, but the head of this pull request is now ${head}: ${again}`;
    const other = history.commits?.find((c) => c !== head && c.startsWith(named));
    if (other) return `your comment names ${named}, which starts both ${other} and the head ${head}: ${again}`;
  }
  return shownElsewhere(head, blocked) ?? changedSinceComment(seen.at ?? "", head, blocked, history, again);
}
function shownElsewhere(head, blocked) {
  const other = blocked.find((r) => r.commentHead !== head);
  if (!other) return null;
  const shows = other.commentHead ? `the result for ${other.commentHead}` : "a result without naming its commit";
  return `loadgate's comment for \`${escapeMarkdown(other.benchmark)}\` shows ${shows}, not for the head ${head}, so what you looked at may be another commit's result: nothing was accepted. A result for ${head} in another comment is a fork's own, unverified: run loadgate on it again (for a fork, its trusted run) so that loadgate's comment shows its result, then accept naming it: \`/loadgate accept ${head} <reason>\`.`;
}
function labelledAfter(labelledAt, head, blocked, again) {
  const added = Date.parse(labelledAt);
  if (Number.isNaN(added))
    return `the pull request's timeline does not say when you added the label, so which result it accepts is unknown: ${again}`;
  const later = blocked.find((r) => !(Date.parse(r.setAt) <= added));
  if (!later) return null;
  return `loadgate set its result for \`${escapeMarkdown(later.benchmark)}\` on ${head} at ${utc(later.setAt)}, after you added the label (${utc(labelledAt)}): the label was about an earlier result, and ${again}`;
}
function changedSinceComment(at2, head, blocked, history, again) {
  const written = Date.parse(at2);
  if (Number.isNaN(written))
    return `GitHub's event does not say when the comment was written, so which result it accepts is unknown: ${again}`;
  const later = blocked.find((r) => !(Date.parse(r.setAt) <= written));
  if (later)
    return `loadgate set its result for ${head}, the head of this pull request, at ${utc(later.setAt)}, after your comment (${utc(at2)}): your comment was about an earlier commit, and ${again}`;
  const pushed = history.forcePushes.find((time) => !(Date.parse(time) < written));
  if (pushed)
    return `the head branch of this pull request was force-pushed at ${utc(pushed)}, after your comment (${utc(at2)}), and its head is now ${head}, which may be another commit than the one your comment was about: ${again}`;
  if (history.commits === null)
    return `this pull request has too many commits for loadgate to tell which result your comment was about: ${again}`;
  for (const result of blocked) {
    const newer = history.elsewhere.find(
      (o) => o.benchmark === result.benchmark && !(Date.parse(o.setAt) <= Date.parse(result.setAt))
    );
    if (newer)
      return `loadgate's newest result for \`${escapeMarkdown(result.benchmark)}\` on this pull request is for ${newer.sha} (${utc(newer.setAt)}), not for its head ${head} (${utc(result.setAt)}): your comment may have been about ${newer.sha}, and ${again}`;
  }
  return null;
}
var utc = (iso) => Number.isNaN(Date.parse(iso)) ? "an unknown time" : `${new Date(iso).toISOString().slice(0, 19).replace("T", " ")} UTC`;

// src/modes/accept.ts
var MAY_ACCEPT = ["admin", "maintain", "write"];
function decideAcceptance(request, role, pull, repository, history = NO_HISTORY) {
  const who = `@${escapeMarkdown(request.login)}`;
  if (!MAY_ACCEPT.includes(role.permission))
    return {
      refused: `${who} cannot accept loadgate's result: accepting needs write access to ${escapeMarkdown(repository)}, and GitHub gives ${who} ${accessWords(role)}.`
    };
  if (!pull.open) return { refused: `${who}: this pull request is closed; there is nothing to accept.` };
  if (request.via === "comment" && !request.reason)
    return {
      refused: `${who}: say why \u2014 \`/loadgate accept <reason>\`; the reason is kept with the acceptance.`
    };
  const blocked = pull.results.filter((r) => r.state === "failure");
  const unseen = blocked.length > 0 ? notWhatWasSeen(request.seen, pull.headSha, blocked, history) : null;
  if (unseen) return { refused: `${who}: ${unseen}` };
  if (blocked.length > 0) return { accept: blocked };
  const sha = pull.headSha.slice(0, 7);
  const why = pull.results.map((r) => `- \`${escapeMarkdown(r.benchmark)}\`: ${notBlocked(r)}`);
  return {
    refused: `${who}: loadgate has not blocked ${sha}, the head of this pull request, so there is nothing to accept.` + (why.length ? `

${why.join("\n")}` : " It has posted no result here.")
  };
}
var NO_HISTORY = { forcePushes: [], commits: [], elsewhere: [] };
function needsHistory(seen) {
  return seen.at !== void 0 && (seen.headSha ?? "").length !== 40;
}
function accessWords(role) {
  const access = role.permission === "none" ? "no access" : `${role.permission} access`;
  return role.name && role.name !== role.permission ? `the role '${escapeMarkdown(role.name)}' (${access})` : access;
}
function notBlocked(result) {
  switch (result.state) {
    case "success":
      return "passes already";
    case "error":
      return "the run was INVALID \u2014 fix the run and measure again; an invalid result cannot be accepted";
    case "pending":
      return "no trusted result yet (a fork's own run is unverified) \u2014 start the trusted run first";
    default:
      return "no result for this commit yet \u2014 the comment is about an earlier one";
  }
}
async function acceptMode(run2) {
  const { settings, context, reporter, forge } = run2;
  if (!forge?.canPublish)
    throw new LoadgateError("mode accept needs the repository and a github-token that can set statuses");
  const outcome = (headline2) => outcomeWithoutVerdict("", headline2);
  const request = forge.acceptanceRequest(settings.acceptLabel);
  if (!request) {
    reporter.info(
      `Nothing to accept: this ${context.eventName || "event"} is neither a '/loadgate accept <reason>' comment on a pull request nor the '${settings.acceptLabel}' label added to one`
    );
    return outcome("nothing to accept");
  }
  const role = await forge.permissionOf(request.login);
  const pull = await forge.pullRequestResults(request.pullNumber);
  const mayAccept = MAY_ACCEPT.includes(role.permission);
  const history = mayAccept && needsHistory(request.seen) ? await forge.acceptanceHistory(
    request.pullNumber,
    pull.headSha,
    pull.results.map((r) => r.benchmark)
  ) : void 0;
  const seen = mayAccept && request.via === "label" ? {
    ...request.seen,
    labelledAt: await forge.labelledAt(request.pullNumber, settings.acceptLabel, request.login)
  } : request.seen;
  const decision = decideAcceptance({ ...request, seen }, role, pull, context.repository, history);
  if ("refused" in decision) {
    if (!mayAccept) {
      reporter.info(
        `'/loadgate accept' by ${request.login} on #${request.pullNumber} ignored: ${role.permission} access, accepting needs write (no reply)`
      );
      return outcome("acceptance ignored");
    }
    return refuse2(run2, request, decision.refused);
  }
  return acceptResults(run2, request, role, pull, decision.accept);
}
async function refuse2(run2, request, why) {
  const url = await run2.forge.reply(request.pullNumber, why);
  run2.reporter.warning(`Acceptance by ${request.login} refused on #${request.pullNumber}: ${url}`);
  return { ...outcomeWithoutVerdict("", "acceptance refused"), commentUrl: url };
}
async function acceptResults(run2, request, role, pull, accept) {
  const at2 = (/* @__PURE__ */ new Date()).toISOString();
  for (const result of accept) {
    const acceptance = {
      by: request.login,
      at: at2,
      reason: request.reason,
      via: request.via,
      headSha: pull.headSha,
      accepted: result.description.slice(0, 300)
    };
    const changed = await run2.forge.markAccepted(request.pullNumber, result, acceptance);
    if (changed)
      return refuse2(
        run2,
        request,
        `@${escapeMarkdown(request.login)}: ${changed}: nothing ${accept.indexOf(result) > 0 ? "more " : ""}was accepted. Look at loadgate's comment again and accept naming the head: \`/loadgate accept ${pull.headSha} <reason>\`.`
      );
    run2.reporter.info(
      `${result.benchmark}: blocked result on ${pull.headSha.slice(0, 7)} accepted by ${request.login} (${role.name}): ${request.reason}`
    );
  }
  return {
    ...outcomeWithoutVerdict("", `accepted by ${request.login}: ${request.reason}`),
    benchmark: accept.map((r) => r.benchmark).join(", "),
    commentUrl: accept[0].commentUrl
  };
}

// src/modes/announce.ts
async function announceMode(run2, bench) {
  const target = run2.forge?.trustedRunTarget() ?? null;
  if (!target)
    throw new LoadgateError(
      "Input 'mode' is announce: expected a trusted run (workflow_dispatch with the inputs pull-request and head-sha)"
    );
  refuseUntrustedBase(run2, await trustedPullRequest(run2, target));
  return outcomeWithoutVerdict(
    bench.name,
    `pending set on ${target.headSha.slice(0, 12)} of #${target.pullNumber}`
  );
}

// src/modes/report.ts
async function reportMode(run2, expected) {
  const { settings, reporter, forge } = run2;
  const input = await readReportInput(settings, expected?.name);
  if (expected) checkReportedBenchmark(settings, input.benchmark, expected.name);
  const bench = configuredBenchmark(settings, input.benchmark);
  const target = forge?.trustedRunTarget() ?? null;
  const comparison = target ? trustedComparison(run2, input, bench, target) : forkComparison(run2, input, bench);
  if (target && input.kind === "results") await checkTrustedResults(run2, input.results, bench.name, target);
  const links = reportLinks(run2, bench.name, comparison);
  const unverified = target === null;
  if (unverified) {
    reporter.info(
      `${bench.name}: this result was computed by the fork's own run; it is posted as unverified with a pending status. A maintainer's trusted run sets the real status.`
    );
  }
  reporter.summary(
    `${unverified ? "> **Unverified**: reported by the fork's own run.\n\n" : ""}${renderSummary(comparison, links)}`
  );
  const pullNumber = target ? target.pullNumber : forge?.canPublish ? await forge.findPullRequest(comparison.meta.head.sha) : null;
  const posted = await publish(run2, comparison, links, pullNumber, unverified);
  return comparisonOutcome(comparison, reportFileOf(settings, expected?.name), posted, links);
}
function trustedComparison(run2, input, bench, target) {
  if (input.kind !== "results") {
    throw new LoadgateError(
      "Input 'report-file' is a comparison: a trusted run decides from raw trials, so expected the measuring job's results.json"
    );
  }
  if (input.results.meta.runId !== run2.context.runId) {
    throw new LoadgateError(
      `Input 'report-file' was measured by run ${input.results.meta.runId.slice(0, 40)}, not by this run (${run2.context.runId}): a trusted run reports only what its own measuring job measured`
    );
  }
  const comparison = decideUnderOwnSettings(input.results, run2.settings, bench);
  return {
    ...comparison,
    meta: {
      ...comparison.meta,
      head: { ...comparison.meta.head, sha: target.headSha },
      pullRequest: target.pullNumber
    }
  };
}
function forkComparison(run2, input, bench) {
  const comparison = input.kind === "results" ? decideUnderOwnSettings(input.results, run2.settings, bench) : judgeUnderOwnFailOn(input.comparison, run2.settings);
  const headSha = run2.context.headSha;
  if (headSha && comparison.meta.head.sha !== headSha) {
    throw new LoadgateError(
      `Input 'report-file' describes commit ${comparison.meta.head.sha.slice(0, 12)}, but this workflow_run is for ${headSha.slice(0, 12)}: refusing to report it`
    );
  }
  return comparison;
}
async function checkTrustedResults(run2, results, benchmark, target) {
  const pull = await trustedPullRequest(run2, target);
  const problem = untrustedBaseProblem(run2, pull) ?? await comparedCommitsProblem(run2, results, target, pull, run2.settings);
  if (!problem) return;
  const reason = `Refused: ${problem}`;
  const published = await run2.forge.publishFailure({
    benchmark,
    headSha: target.headSha,
    runUrl: run2.context.runUrl,
    reason,
    pullNumber: target.pullNumber,
    comment: run2.settings.comment,
    status: run2.settings.status
  });
  for (const warning of published.warnings) run2.reporter.warning(warning);
  throw new LoadgateError(reason);
}

// src/modes/segment.ts
async function segmentMode(run2, bench) {
  const { settings, reporter } = run2;
  const segment = settings.segment;
  const headSha = await headCommit(run2);
  const baseSha = await baseCommit(run2);
  const label = `segment ${segment.index}/${segment.count}`;
  const { results, resultsPath } = await reporter.group(
    `loadgate ${bench.name}: measure ${label}`,
    () => measure({ ...measureOptions(run2, bench), arms: ["base", "head"], baseSha, headSha })
  );
  const invalid = results.trials.filter((t) => !t.valid).length;
  const headline2 = `${label} measured ${results.trials.length} trials${invalid ? ` (${invalid} invalid)` : ""}; upload ${settings.workDir} for the merge job`;
  reporter.info(`${bench.name}: ${headline2}`);
  return outcomeWithoutVerdict(bench.name, headline2, resultsPath);
}

// src/modes/skip.ts
async function skipMode(run2, bench) {
  const { context, forge, settings, reporter } = run2;
  if (context.fromFork) {
    reporter.info(`${bench.name}: not run; a fork's pull request gets its status from a trusted run`);
    return outcomeWithoutVerdict(bench.name, "Not run (a pull request from a fork)");
  }
  if (!forge?.canPublish || !context.headSha || !settings.status)
    throw new LoadgateError(
      "Input 'mode' is skip: expected a pull request's run with status on and a token that may set statuses"
    );
  const description = `Not run: ${settings.skipReason}`;
  const { set, warning } = await forge.postNotRun(
    { benchmark: bench.name, headSha: context.headSha, runUrl: context.runUrl },
    description
  );
  if (warning) throw new LoadgateError(warning);
  const headline2 = set ? description : `Not run, and the final status already set on ${context.headSha.slice(0, 12)} stays`;
  reporter.info(`${bench.name}: ${headline2}`);
  return { ...outcomeWithoutVerdict(bench.name, headline2), statusSet: set };
}

// src/pipeline.ts
async function runBenchmark(settings, bench, context, reporter) {
  const run2 = { settings, context, reporter, forge: createForge(context, settings.githubToken) };
  if (settings.mode === "report") return reportMode(run2, bench);
  if (settings.mode === "accept") return acceptMode(run2);
  if (!bench)
    throw new LoadgateError("No benchmark configured: set k6-script (or benchmarks in loadgate.yml)");
  if (settings.mode === "announce") return announceMode(run2, bench);
  if (settings.mode === "skip") return skipMode(run2, bench);
  if (settings.mode === "record") return recordMode(run2, bench);
  if (settings.mode === "calibrate") return calibrateMode(run2, bench);
  if (settings.mode === "merge") return mergeMode(run2, bench);
  if (settings.segment) return segmentMode(run2, bench);
  return compareMode(run2, bench);
}

export {
  refuseUntrustedEvent,
  benchmarkName,
  historyAuthorization,
  readStoreSettings,
  readSettings,
  resultsFileSchema,
  comparisonSchema,
  RUN_RECORD_SCHEMA_VERSION,
  runRecordSchema,
  runFileName,
  printable,
  readRunFiles,
  remoteRef,
  fetchBranch,
  removeCheckout,
  commitToHistory,
  refuseUnsafePaths,
  benchmarkPaths,
  refuseUnsafeDerived,
  rebuildDerived,
  readArtifactText,
  readCalibration,
  checkPushAccess,
  requireRemote,
  VERSION,
  RELEASES,
  useK6Installer,
  k6At,
  k6Release,
  notInstalled,
  publishedSha256,
  compareResults,
  writeComparisonArtifact,
  readComparisonArtifact,
  writeHtmlReport,
  segmentBenchmarks,
  readSegments,
  writeMergedResults,
  defaultShiftRules,
  historyShifts,
  renderShiftTable,
  shiftFinder,
  pushSavedRun,
  runBenchmark
};
