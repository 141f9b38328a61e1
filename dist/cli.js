#!/usr/bin/env node
import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  VERSION,
  compareResults,
  comparisonSchema,
  defaultShiftRules,
  historyShifts,
  pushSavedRun,
  readArtifactText,
  readCalibration,
  readComparisonArtifact,
  readRunFiles,
  readSegments,
  readSettings,
  readStoreSettings,
  renderShiftTable,
  requireRemote,
  resultsFileSchema,
  runBenchmark,
  segmentBenchmarks,
  writeComparisonArtifact,
  writeHtmlReport,
  writeMergedResults
} from "./chunks/chunk-AR6UFBCU.js";
import {
  BENCHMARK_NAME,
  Git,
  LoadgateError,
  SettingsError,
  __toESM,
  addedMedianMicros,
  builtInDefault,
  cleanupAll,
  closestName,
  defaultGatesShort,
  erraticSeries,
  erraticText,
  errorMessage,
  firstIssue,
  formatAlpha,
  formatChange,
  formatInterval,
  formatValue,
  functionCostText,
  inputsIn,
  installSignalHandlers,
  integer,
  intervalTitle,
  metricLabel,
  parseFailOn,
  parseFraction,
  probability,
  profileFindings,
  profileTotalText,
  readRunContext,
  renderCalibrationText,
  require_dist,
  runnerLoadTexts,
  seriesLabel,
  stopRun,
  thinSeries,
  thinTailsSentences,
  timingText,
  tooBusyText,
  track,
  verdictTone,
  verdictWord,
  watchedMetricsText,
  withoutControlCharacters
} from "./chunks/chunk-TYQXSSYC.js";

// src/cli/push-only.ts
import path2 from "node:path";

// src/cli/args.ts
import { parseArgs } from "node:util";
function parseCommandArgs(command, config) {
  try {
    return parseArgs(config);
  } catch (error) {
    throw usageError(error, command, Object.keys(config.options ?? {}));
  }
}
function usageError(error, command, knownFlags = []) {
  const code = error.code ?? "";
  if (!code.startsWith("ERR_PARSE_ARGS")) return error;
  const message = error.message;
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  const flag = quoted.split(" ")[0] ?? quoted;
  const help = `see 'loadgate ${command} --help'`;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const meant = closestName(flag.replace(/^-+/, "").split("=")[0], knownFlags);
    const suggestion = meant ? `did you mean '--${meant}'? ` : "";
    return new SettingsError(`Unknown flag '${flag}' for 'loadgate ${command}': ${suggestion}${help}`);
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL")
    return new SettingsError(`Unexpected argument '${flag}' for 'loadgate ${command}': ${help}`);
  if (message.includes("does not take an argument"))
    return new SettingsError(`Flag '${flag}' takes no value: ${help}`);
  if (message.includes("argument missing"))
    return new SettingsError(`Flag '${flag}' is missing its value: expected ${flag} VALUE`);
  return new SettingsError(`${message.split("\n")[0]}: ${help}`);
}
function withFlagErrors(read) {
  try {
    return read();
  } catch (error) {
    throw asFlagError(error);
  }
}
function asFlagError(error) {
  if (!(error instanceof SettingsError)) return error;
  const message = error.message.replace(/^Input '([a-z0-9-]+)'/, "Flag '--$1'");
  return message === error.message ? error : new SettingsError(message);
}

// src/cli/config-file.ts
import { existsSync } from "node:fs";
import path from "node:path";
var CONFIG_FILE = "loadgate.yml";
function chooseConfig(flag, root, cwd) {
  if (flag) return { file: flag, found: false };
  const atRoot = path.join(root, CONFIG_FILE);
  if (!existsSync(atRoot)) return { file: "", found: false };
  return { file: path.relative(cwd, atRoot) || CONFIG_FILE, found: true };
}
function foundConfigLine(choice, cwd) {
  return `settings: ${path.resolve(cwd, choice.file)} (the repository root's ${CONFIG_FILE}; --config FILE reads another)`;
}
function requireScriptOrConfig(choice, k6Script, root) {
  if (choice.file || k6Script) return;
  throw new SettingsError(
    `Flag '--k6-script' is missing and ${path.join(root, CONFIG_FILE)} does not exist: expected the k6 script to run, a ${CONFIG_FILE} at the repository root, or --config FILE`
  );
}

// src/cli/push-only.ts
function isPushOnly(args) {
  return args.some((arg) => arg === "--push-only" || arg.startsWith("--push-only="));
}
async function pushOnlyCommand(args, reporter) {
  const { values } = parseCommandArgs("record", {
    args,
    options: {
      "push-only": { type: "string" },
      "gh-pages-branch": { type: "string" },
      "data-dir": { type: "string" },
      retention: { type: "string" },
      config: { type: "string" }
    }
  });
  const cwd = process.cwd();
  const workspace = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!workspace) throw new SettingsError(`'${cwd}' is not inside a git repository: run it in a checkout`);
  const file = values["push-only"] ? path2.resolve(values["push-only"]) : "";
  if (!file) throw new SettingsError("Flag '--push-only' is missing its value: expected the saved run file");
  const branch = await new Git(workspace).tryRun(["symbolic-ref", "--quiet", "--short", "HEAD"]) ?? "";
  const config = chooseConfig(values.config, workspace, cwd);
  if (config.found) reporter.info(foundConfigLine(config, cwd));
  const flag = (name) => {
    if (name === "config") return config.file;
    const given = values[name];
    return typeof given === "string" ? given : "";
  };
  await pushSavedRun({
    file,
    branch,
    reporter,
    settings: withFlagErrors(() => readStoreSettings(flag, { workspace, cwd }))
  });
  return 0;
}

// src/cli/dashboard-command.ts
import { existsSync as existsSync2 } from "node:fs";
import path5 from "node:path";

// src/cli/dashboard-server.ts
import { createServer } from "node:http";
import { readFile, realpath, stat } from "node:fs/promises";
import path3 from "node:path";
var TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml"
};
function isLoopbackHost(request, port) {
  const host = (request.headers.host ?? "").toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}
async function fileUnder(root, pathname) {
  let file = await realpath(path3.join(root, path3.normalize(pathname)));
  if ((await stat(file)).isDirectory()) file = await realpath(path3.join(file, "index.html"));
  const inside = file === root || file.startsWith(root.endsWith(path3.sep) ? root : `${root}${path3.sep}`);
  return inside ? file : null;
}
async function serveDashboard(root, port = 0) {
  const realRoot = await realpath(root);
  let listening = port;
  const server = createServer(async (request, response) => {
    if (!isLoopbackHost(request, listening)) {
      response.writeHead(421, { "content-type": "text/plain" }).end("misdirected request");
      return;
    }
    try {
      const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      const file = await fileUnder(realRoot, pathname);
      if (!file) {
        response.writeHead(403).end();
        return;
      }
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[path3.extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  listening = typeof address === "object" && address ? address.port : port;
  return { url: `http://127.0.0.1:${listening}/`, server };
}

// src/report/terminal.ts
var TERMINAL_PROFILE_ROWS = 3;
var COLORS = {
  REGRESSION: "\x1B[31m",
  TARGET_MISSED: "\x1B[31m",
  INVALID: "\x1B[31m",
  NOTHING_GATED: "\x1B[31m",
  IMPROVEMENT: "\x1B[32m",
  NO_CHANGE: "\x1B[32m",
  INCONCLUSIVE: "\x1B[33m",
  LIKELY_OVER_DELTA: "\x1B[33m"
};
var RESET = "\x1B[0m";
var BOLD = "\x1B[1m";
function pad(text, width, right = false) {
  const visible = [...text].length;
  const fill = " ".repeat(Math.max(0, width - visible));
  return right ? fill + text : text + fill;
}
function renderTerminal(comparison, options) {
  const paint = (verdict, text) => options.color && COLORS[verdict] ? `${COLORS[verdict]}${text}${RESET}` : text;
  const bold = (text) => options.color ? `${BOLD}${text}${RESET}` : text;
  const lines = [
    bold(
      paint(comparison.verdict, withoutControlCharacters(`${comparison.verdict.replaceAll("_", " ")}: ${comparison.headline}`))
    ),
    ""
  ];
  if (comparison.verdict === "INVALID") {
    for (const reason of comparison.invalid) lines.push(`  - ${withoutControlCharacters(reason.message)}`);
    lines.push("");
  }
  const rows = [
    ["series", "metric", "base", "head", "change", intervalTitle(comparison), "verdict"]
  ];
  const verdicts = [""];
  for (const series of comparison.series) {
    series.metrics.forEach((m, i) => {
      const cells = [
        i === 0 ? seriesLabel(series) : "",
        `${metricLabel(m)}${m.gate ? "" : "*"}`,
        formatValue(m.unit, m.base),
        formatValue(m.unit, m.head),
        m.change === null ? "\u2013" : formatChange(m.change, m.absolute),
        formatInterval(m),
        verdictWord(m)
      ];
      rows.push(cells.map((cell) => withoutControlCharacters(cell)));
      verdicts.push(verdictTone(m));
    });
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...r[c] ?? ""].length)));
  rows.forEach((row, r) => {
    const cells = row.map((cell, c) => pad(cell, widths[c], c >= 2 && c <= 4));
    const last = cells.pop();
    lines.push(`  ${cells.join("  ")}  ${r === 0 ? bold(last) : paint(verdicts[r], last)}`);
  });
  lines.push(
    "",
    `  * informs only: "higher" and "lower" are corrected over the informational metrics, never for the gated family, and never block. ${comparison.rounds} rounds, \u03B1 ${formatAlpha(comparison.alpha)} per look, ${comparison.kind === "paired" ? "paired by round" : "cross-run (stored baseline)"}.`
  );
  if (comparison.meta.timing) lines.push(`  ${timingText(comparison.meta.timing)}.`);
  const flagged = comparison.verdict === "INVALID" ? [] : comparison.series.filter((s) => s.dispersion.flagged);
  for (const series of flagged) {
    lines.push(
      paint(
        "REGRESSION",
        `  ! latency spread (p99/p50) of ${withoutControlCharacters(seriesLabel(series))} changed ${series.dispersion.ratio?.toFixed(1)}\xD7`
      )
    );
  }
  for (const sentence of thinTailsSentences(thinSeries(comparison), (s) => withoutControlCharacters(seriesLabel(s))))
    lines.push(`  i ${sentence}`);
  for (const series of erraticSeries(comparison))
    lines.push(`  i ${erraticText(withoutControlCharacters(seriesLabel(series)), withoutControlCharacters(series.erratic))}`);
  const busy = tooBusyText(comparison);
  if (busy) lines.push(paint("INCONCLUSIVE", `  ! ${busy}`));
  for (const text of runnerLoadTexts(comparison)) lines.push(paint("INCONCLUSIVE", `  ! ${text}`));
  if (comparison.profile && comparison.verdict !== "INVALID")
    lines.push("", ...profileLines(comparison.profile, addedMedianMicros(comparison)));
  return lines.join("\n");
}
function profileLines(profile, addedMicros) {
  if (profile.unavailable) return [`  No CPU profile: ${withoutControlCharacters(profile.unavailable)}.`];
  const findings = profileFindings(profile, addedMicros, TERMINAL_PROFILE_ROWS);
  const heading = `  Where the CPU went, \xB5s of CPU per request base \u2192 head: ${profileTotalText(profile)} (one profiling trial per arm, ${profile.samples.base} and ${profile.samples.head} samples; flame graph in report.html)`;
  if ("waiting" in findings) return [heading, `    ${findings.waiting}`];
  if (findings.grown.length === 0)
    return [heading, "    No function's own CPU per request grew beyond what its samples allow."];
  const rows = findings.grown.map(functionCostText).map(({ name, figures }) => ({ name: withoutControlCharacters(name), figures }));
  const width = Math.max(...rows.map((r) => [...r.name].length));
  return [heading, ...rows.map((r) => `    ${pad(r.name, width)}  ${r.figures}`)];
}

// src/cli/flags.ts
var UNUSED = {
  compare: ["retention", "calibrate-budget"],
  // record measures the head alone and stores it; calibrate measures the head against itself.
  record: ["baseline", "base-url", "calibrate-budget"],
  calibrate: ["baseline", "base-url", "fail-on", "gh-pages-branch", "data-dir", "retention"]
};
function commandSettings(command) {
  return inputsIn("cli").filter((input) => !UNUSED[command].includes(input.name));
}
function settingFlags(command) {
  return Object.fromEntries(
    commandSettings(command).map((input) => [
      input.name,
      { type: "string", multiple: true }
    ])
  );
}
var LINE_LIST_FLAGS = ["k6-env", "thresholds", "erratic"];
function flagValues(values) {
  const settled = {};
  for (const [name, value] of Object.entries(values)) {
    if (!Array.isArray(value)) {
      settled[name] = value;
      continue;
    }
    const given = value.map(String);
    if (given.length > 1 && !LINE_LIST_FLAGS.includes(name))
      throw new SettingsError(
        `Flag '--${name}' is given ${given.length} times ('${given.join("', '")}'): expected it once (only ${LINE_LIST_FLAGS.map((flag) => `--${flag}`).join(", ")} add up)`
      );
    settled[name] = given.join("\n");
  }
  return settled;
}

// src/cli/flag-groups.ts
var GROUPS = ["What to run", "How to measure", "How to decide", "Output"];
var FLAGS = {
  config: {
    group: "What to run",
    value: "<file>",
    summary: "loadgate.yml to read (default: the repository root's loadgate.yml, if there is one)"
  },
  "k6-script": {
    group: "What to run",
    value: "<file>",
    summary: "k6 script; it gets the target as __ENV.BASE_URL"
  },
  "compose-file": {
    group: "What to run",
    value: "<file>",
    summary: "Compose file that starts the service"
  },
  service: { group: "What to run", value: "<name>", summary: "Compose service k6 targets" },
  port: {
    group: "What to run",
    value: "<port>",
    summary: 'its container port, published with no host port (ports: ["8080"])'
  },
  prepare: { group: "What to run", value: "<command>", summary: "run in each arm's tree before the build" },
  name: { group: "What to run", value: "<name>" },
  "k6-env": { group: "What to run", value: "<NAME=value lines>" },
  "k6-version": { group: "What to run", value: "<version>" },
  target: { group: "What to run", value: "<compose|url>" },
  "base-url": { group: "What to run", value: "<url>" },
  "head-url": { group: "What to run", value: "<url>" },
  deploy: { group: "What to run", value: "<command>" },
  teardown: { group: "What to run", value: "<command>" },
  "ready-path": { group: "What to run", value: "<path>" },
  "ready-timeout": { group: "What to run", value: "<duration>" },
  load: { group: "What to run", value: "<k6|k6-operator>" },
  "k8s-namespace": { group: "What to run", value: "<namespace>" },
  "k6-operator-parallelism": { group: "What to run", value: "<n>" },
  "k6-operator-claim": { group: "What to run", value: "<claim>" },
  "min-rounds": {
    group: "How to measure",
    value: "<n>",
    summary: "rounds before the first look"
  },
  "max-rounds": {
    group: "How to measure",
    value: "<n>",
    summary: "the most rounds a run takes"
  },
  warmup: {
    group: "How to measure",
    value: "<duration>",
    summary: "warm-up of every new instance, e.g. 30s; 0 disables"
  },
  "arms-under-load": {
    group: "How to measure",
    value: "<one-at-a-time|both>",
    summary: "measure one arm at a time, or both at once"
  },
  "trial-length": { group: "How to measure", value: "<script|auto>" },
  "fresh-instances": { group: "How to measure", value: "<round|run>" },
  "pause-idle-arm": { group: "How to measure", value: "<auto|true|false>" },
  profile: { group: "How to measure", value: "<on-regression|always|off>" },
  "discard-seconds": { group: "How to measure", value: "<seconds>" },
  seed: { group: "How to measure", value: "<n>" },
  "calibrate-budget": {
    group: "How to decide",
    value: "<duration>",
    summary: "the plan that fits a run this long, e.g. 10m; 0 for none"
  },
  thresholds: {
    group: "How to decide",
    value: "<rules>",
    summary: `one rule per line, e.g. "p95 +10%" (default gates: ${defaultGatesShort()})`
  },
  "fail-on": {
    group: "How to decide",
    value: "<verdicts>",
    summary: "verdicts that exit 1"
  },
  baseline: { group: "How to decide", value: "<rerun|stored>" },
  erratic: { group: "How to decide", value: "<series: reason lines>" },
  "max-error-rate": { group: "How to decide", value: "<rate>" },
  "max-dropped-rate": { group: "How to decide", value: "<rate>" },
  "work-dir": {
    group: "Output",
    value: "<dir>",
    summary: "results and report.html (default: a temporary folder; the previous run's is moved aside)"
  },
  "gh-pages-branch": { group: "Output", value: "<branch>" },
  "data-dir": { group: "Output", value: "<dir>" },
  retention: { group: "Output", value: "<n>" }
};
function flagHelp(name) {
  return FLAGS[name] ?? { group: "Other", value: "<value>" };
}
function flagUsage(input) {
  return `--${input.name} ${flagHelp(input.name).value}`;
}
function settingsIn(command, group) {
  const inGroup = commandSettings(command).filter((input) => flagHelp(input.name).group === group);
  const order = Object.keys(FLAGS);
  const summarised = inGroup.filter((input) => flagHelp(input.name).summary).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return [...summarised, ...inGroup.filter((input) => !flagHelp(input.name).summary)];
}

// src/cli/help.ts
var HELP_WIDTH = 100;
var FLAG_COLUMN = 30;
var SETTINGS_NOTE = `Settings are the action's inputs, read from loadgate.yml at the repository root (or --config
<file>); a flag overrides its key. ${LINE_LIST_FLAGS.map((f) => `--${f}`).join(", ")} add up when repeated;
other flags are given once. Every flag with its meaning and default: docs/cli.md#flags.`;
var HELP = {
  main: () => `loadgate \u2014 gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base <ref> [--head <ref>] [options]
      measure base and head here, interleaved; print the verdict
  loadgate record [options]
      measure HEAD and store it in the gh-pages branch of origin
  loadgate calibrate [--write] [options]
      A/A rounds of HEAD: noise floor per gated metric, the plan it needs and its cost
  loadgate report <file> [--json]
      print a comparison.json (or results.json) as a table
  loadgate merge <dir>... [--out <dir>] [--json]
      merge the outputs of segment jobs (segment: i/N) and decide
  loadgate dashboard <dir> [--port <n>]
      serve the dashboard of a gh-pages checkout (<dir>/<data-dir>)
  loadgate history <dir> [--json]
      list the change points of a gh-pages checkout's history

Without --config, compare, record and calibrate read loadgate.yml at the repository root.
Run 'loadgate help <command>' (or 'loadgate <command> --help') for a command's options,
'loadgate --version' for the version.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names or nothing is gated,
            2 bad usage or settings, 3 the run failed (the message says why; trials are kept).`,
  compare: () => `loadgate compare --base <ref> [--head <ref>] [options]

Starts the Compose stack of the base (a git worktree) and of the head (default: the working tree,
uncommitted changes included and named so), runs the k6 script against each in randomized
interleaved rounds, and prints the comparison. Results and report.html go to a work folder outside
the repository.

${measureOptions("compare", {
    "What to run": [
      ["--base <ref>", "the commit or ref to compare against (required)"],
      ["--head <ref>", "the commit to measure (default: the working tree)"]
    ],
    Output: [["--json", "print one JSON array (a comparison per benchmark), not the tables"]]
  })}`,
  record: () => `loadgate record [options]
       loadgate record --push-only <file> [--gh-pages-branch <branch>] [--data-dir <dir>]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Refuses a working tree with uncommitted
changes: the run is stored under the commit. --push-only pushes a run that was measured but could
not be pushed (the file the failed record saved), measuring nothing.

${measureOptions("record", {
    Output: [["--json", "print one JSON array (an outcome per benchmark), not the lines"]]
  })}`,
  calibrate: () => `loadgate calibrate [--write] [--json] [options]

Measures HEAD against itself (both arms the same commit, max-rounds rounds, never extended) and
prints, per gated series and metric, the noise floor, the smallest change the configured plan
detects, and the rounds (or the trial length) that detect every minimum effect, each with what a
run of it costs.
Refuses a working tree with uncommitted changes: only one arm would have them.

${measureOptions("calibrate", {
    Output: [
      ["--json", "print one JSON array (a calibration per benchmark), not the tables"],
      ["--write", "put the suggested min-rounds and max-rounds into the loadgate.yml read"]
    ]
  })}`,
  report: () => `loadgate report <file> [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR), or the
results.json of a compare run, as a table.`,
  merge: () => `loadgate merge <dir>... [--out <dir>] [--fail-on <verdicts>] [--json]

Reads the work-dirs of the jobs that ran one load in segments ('segment: i/N', e.g. the artifacts
of a matrix), merges the raw k6 requests of every (round, arm) into one trial, and prints the
comparison under the thresholds the segments ran with. A round whose segments did not all succeed
is invalid. Writes results.json, comparison.json and report.html per benchmark to --out (default
loadgate-merged).`,
  dashboard: () => `loadgate dashboard <dir> [--port <n>] [--data-dir <dir>]

Serves <dir> (a checkout of the gh-pages branch) on http://127.0.0.1:<port> and prints the address.
--data-dir is the folder of loadgate's data in it (default: ${builtInDefault("data-dir")}).`,
  history: () => `loadgate history <dir> [--json] [--branch <branch>] [--data-dir <dir>]

Lists the lasting shifts (change points) in the recorded runs of a gh-pages checkout, per
benchmark, series and gated metric
(the default thresholds: ${watchedMetricsText()}).
Each shift names the last run before it and the first after it, and says "environment changed" when
the runner (OS and kernel, CPU, cores, image) changed there rather than the code.

  --branch <branch>                  runs of this branch only (default: the one with the most runs)
  --json                             print the shifts as one JSON array
  --data-dir <dir>                   loadgate's folder in the checkout (default: ${builtInDefault("data-dir")})
  --change-point-max-p <p>           largest p-value of a change point (default: ${builtInDefault("change-point-max-p")})
  --change-point-min-change <change> smallest relative change (default: ${builtInDefault("change-point-min-change")})
  --change-point-min-runs <n>        runs needed on each side (default: ${builtInDefault("change-point-min-runs")})`
};
function helpText(command) {
  return (HELP[command] ?? HELP.main)();
}
function measureOptions(command, own) {
  const lines = [];
  for (const group of [...GROUPS, "Other"]) {
    const settings = settingsIn(command, group);
    const entries = [
      ...own[group] ?? [],
      ...settings.filter((input) => flagHelp(input.name).summary).map((input) => [flagUsage(input), withDefault(input.name)])
    ];
    const named = settings.filter((input) => !flagHelp(input.name).summary).map(flagUsage);
    if (entries.length === 0 && named.length === 0) continue;
    if (lines.length > 0) lines.push("");
    lines.push(`${group}:`);
    for (const [usage, summary] of entries) lines.push(...flagLines(usage, summary));
    if (named.length > 0) lines.push(...wrapList(`also: ${named.join(", ")}`, HELP_WIDTH - 2, "        "));
  }
  return `${lines.join("\n")}

${SETTINGS_NOTE}`;
}
function withDefault(name) {
  const summary = flagHelp(name).summary ?? "";
  const fallback = builtInDefault(name);
  return fallback ? `${summary} (default: ${fallback})` : summary;
}
function flagLines(usage, summary) {
  const width = HELP_WIDTH - 2 - FLAG_COLUMN;
  const wrapped = wrapWords(summary, width);
  const pad2 = " ".repeat(FLAG_COLUMN);
  if (usage.length >= FLAG_COLUMN) return [`  ${usage}`, ...wrapped.map((line) => `  ${pad2}${line}`)];
  return wrapped.map((line, i) => `  ${i === 0 ? usage.padEnd(FLAG_COLUMN) : pad2}${line}`);
}
function wrapList(text, width, indent) {
  const lines = [];
  let line = "";
  for (const item of text.split(", ")) {
    const next = line ? `${line}, ${item}` : item;
    if (line && next.length > width - indent.length) {
      lines.push(`${line},`);
      line = item;
    } else line = next;
  }
  return [...lines, line].map((l, i) => `  ${i === 0 ? "" : indent}${l}`);
}
function wrapWords(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

// src/cli/working-tree.ts
import path4 from "node:path";
var WORKING_TREE_LABEL = "working tree (uncommitted changes)";
async function uncommittedFiles(root, workDir) {
  const inside = path4.relative(root, workDir);
  const exclude = inside && !inside.startsWith("..") && !path4.isAbsolute(inside) ? [`:(exclude)${inside}`] : [];
  const git = new Git(root);
  const changed = await git.run(["diff", "--name-only", "HEAD", "--", ".", ...exclude]);
  const untracked = await git.run(["ls-files", "--others", "--exclude-standard", "--", ".", ...exclude]);
  return [.../* @__PURE__ */ new Set([...changed.split("\n"), ...untracked.split("\n")])].filter(Boolean);
}
function dirtyMessage(command, sha, files) {
  return command === "record" ? dirtyRecordMessage(sha, files) : dirtyCalibrateMessage(sha, files);
}
function shownFiles(files) {
  return files.slice(0, 3).join(", ") + (files.length > 3 ? `, \u2026 (${files.length} files)` : "");
}
function dirtyCalibrateMessage(sha, files) {
  return `calibrate measures commit ${sha.slice(0, 12)} against itself, but the working tree has uncommitted changes (${shownFiles(files)}) that only one arm would see: commit or stash them (git stash -u) first`;
}
function dirtyRecordMessage(sha, files) {
  const shown = shownFiles(files);
  return `record stores the run under commit ${sha.slice(0, 12)}, but the working tree has uncommitted changes (${shown}): commit or stash them (git stash -u) first, or measure them with 'loadgate compare'`;
}

// src/cli/output.ts
var EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 };
function writeOut(text) {
  process.stdout.write(text);
}
function printComparison(comparison, json) {
  if (json) return writeOut(`${JSON.stringify(comparison, null, 2)}
`);
  writeOut(`${renderTerminal(comparison, { color: colorWanted(process.stdout) })}
`);
  writeOut(`${commitsLine(comparison)}
`);
}
function colorWanted(stream, env = process.env) {
  const force = env.FORCE_COLOR;
  if (force !== void 0) return !["0", "false"].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}
function commitsLine(comparison) {
  const { base, head } = comparison.meta;
  const headText = head.ref === WORKING_TREE_LABEL ? `${WORKING_TREE_LABEL} on top of ${head.sha.slice(0, 12)}` : head.sha.slice(0, 12);
  return `base ${base ? base.sha.slice(0, 12) : "none"} \u2192 head ${headText}`;
}
function printHelp(command) {
  writeOut(`${helpText(command)}
`);
  return EXIT.ok;
}

// src/cli/dashboard-command.ts
async function startDashboard(dir, dataDir, port) {
  const root = path5.resolve(dir);
  const site = path5.join(root, dataDir);
  for (const needed of ["index.html", path5.join("data", "index.json")]) {
    if (!existsSync2(path5.join(site, needed))) {
      throw new SettingsError(
        `'${dir}' has no loadgate dashboard (${path5.join(dir, dataDir, needed)} is missing): expected a checkout of the gh-pages branch after a 'loadgate record' (e.g. git worktree add /tmp/pages gh-pages)`
      );
    }
  }
  try {
    const { url } = await serveDashboard(root, port);
    return `${url}${dataDir}/`;
  } catch (error) {
    if (error.code === "EADDRINUSE")
      throw new SettingsError(
        `Flag '--port' is '${port}': that port is already in use on 127.0.0.1; pass another, or 0 for any free port`
      );
    throw error;
  }
}
async function dashboardCommand(args) {
  const { values, positionals } = parseCommandArgs("dashboard", {
    args,
    allowPositionals: true,
    options: {
      port: { type: "string", default: "0" },
      "data-dir": { type: "string", default: builtInDefault("data-dir") },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("dashboard");
  const dir = positionals[0];
  if (!dir) throw new SettingsError("Argument DIR is missing: expected a checkout of the gh-pages branch");
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65535) {
    throw new SettingsError(`Flag '--port' is '${values.port}': expected a port number (0 for any free one)`);
  }
  const url = await startDashboard(dir, String(values["data-dir"]), port);
  writeOut(`dashboard: ${url}
(Ctrl-C stops it)
`);
  await new Promise(() => {
  });
  return EXIT.ok;
}

// src/cli/history-command.ts
import { existsSync as existsSync3 } from "node:fs";
import { readdir } from "node:fs/promises";
import path6 from "node:path";
var DETECTOR_FLAGS = ["change-point-max-p", "change-point-min-change", "change-point-min-runs"];
async function historyCommand(args) {
  const { values, positionals } = parseCommandArgs("history", {
    args,
    allowPositionals: true,
    options: {
      "data-dir": { type: "string", default: builtInDefault("data-dir") },
      branch: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      ...Object.fromEntries(DETECTOR_FLAGS.map((name) => [name, { type: "string" }]))
    }
  });
  if (values.help) return printHelp("history");
  const dir = positionals[0];
  if (!dir) throw new SettingsError("Argument DIR is missing: expected a checkout of the gh-pages branch");
  const flag = (name) => String(values[name] ?? builtInDefault(name));
  const detector = withFlagErrors(() => ({
    maxP: probability("change-point-max-p", flag("change-point-max-p")),
    minChange: parseFraction("change-point-min-change", flag("change-point-min-change")),
    minRuns: integer("change-point-min-runs", flag("change-point-min-runs"), 1, 1e3)
  }));
  const dataDir = path6.join(path6.resolve(dir), String(values["data-dir"]), "data");
  if (!existsSync3(dataDir))
    throw new SettingsError(
      `'${dir}' has no loadgate history (${path6.join(dir, String(values["data-dir"]), "data")} is missing): expected a checkout of the gh-pages branch (e.g. git worktree add /tmp/pages gh-pages)`
    );
  const warn = (message) => process.stderr.write(`warning: ${message}
`);
  const shifts = [];
  for (const entry of (await readdir(dataDir, { withFileTypes: true })).sort(
    (a, b) => a.name.localeCompare(b.name)
  )) {
    if (!entry.isDirectory() || !BENCHMARK_NAME.test(entry.name)) continue;
    const records = await readRunFiles(path6.join(dataDir, entry.name, "runs"), path6.dirname(dataDir), warn);
    const found = historyShifts(records, {
      ...values.branch ? { branch: String(values.branch) } : {},
      fallback: defaultShiftRules(),
      detector
    });
    shifts.push(...found.shifts);
  }
  writeOut(values.json ? `${JSON.stringify(shifts, null, 2)}
` : renderShiftTable(shifts, detector.minRuns));
  return EXIT.ok;
}

// src/cli/measure-command.ts
import { existsSync as existsSync4 } from "node:fs";
import { rm as rm2 } from "node:fs/promises";
import os2 from "node:os";
import path9 from "node:path";

// src/settings/write-suggestion.ts
var import_yaml = __toESM(require_dist(), 1);
import { readFile as readFile2, rename, writeFile } from "node:fs/promises";
var KEYS = { "min-rounds": "minRounds", "max-rounds": "maxRounds" };
function withSuggestion(text, file, suggestion) {
  const document = (0, import_yaml.parseDocument)(text, { keepSourceTokens: true });
  if (document.errors.length > 0)
    refuse(file, `it is not valid YAML (${document.errors[0].message.split("\n")[0]})`);
  if (text.trim() !== "" && !(0, import_yaml.isMap)(document.contents))
    refuse(file, "its top level is not a mapping of settings");
  for (const [key, field] of Object.entries(KEYS)) {
    const node = document.get(key, true);
    if (node !== void 0 && !(0, import_yaml.isScalar)(node)) refuse(file, `its '${key}' is not a single value`);
    if ((0, import_yaml.isScalar)(node)) node.value = suggestion[field];
    else addBeforeBenchmarks(document, key, suggestion[field]);
  }
  return document.toString();
}
function addBeforeBenchmarks(document, key, value) {
  if (!(0, import_yaml.isMap)(document.contents)) return void document.set(key, value);
  const items = document.contents.items;
  const at = items.findIndex((pair) => (0, import_yaml.isScalar)(pair.key) && pair.key.value === "benchmarks");
  items.splice(at === -1 ? items.length : at, 0, document.createPair(key, value));
}
async function readConfigText(file) {
  try {
    return await readFile2(file, "utf8");
  } catch (error) {
    return refuse(file, `it cannot be read (${errorMessage(error)})`);
  }
}
async function assertUpdatable(file) {
  withSuggestion(await readConfigText(file), file, { minRounds: 1, maxRounds: 1 });
}
async function writeSuggestion(file, suggestion) {
  const updated = withSuggestion(await readConfigText(file), file, suggestion);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, updated);
  await rename(temporary, file);
}
function refuse(file, why) {
  throw new SettingsError(
    `Flag '--write' cannot update '${file}': ${why}; set min-rounds and max-rounds by hand`
  );
}

// src/cli/calibrate-output.ts
import path7 from "node:path";
async function printCalibrations(outcomes, options) {
  const calibrations = [];
  for (const outcome of outcomes) {
    const file = path7.join(path7.dirname(outcome.resultsFile), "calibration.json");
    const calibration = await readCalibration(file, "calibration");
    calibrations.push(calibration);
    if (options.json) continue;
    writeOut(`${renderCalibrationText(calibration)}
`);
    writeOut(`results: ${outcome.resultsFile}
calibration: ${file}

`);
  }
  if (options.json) writeOut(`${JSON.stringify(calibrations, null, 2)}
`);
  if (!options.write || calibrations.length === 0) return;
  const suggestion = {
    minRounds: Math.max(...calibrations.map((c) => c.suggestion.minRounds)),
    maxRounds: Math.max(...calibrations.map((c) => c.suggestion.maxRounds))
  };
  await writeSuggestion(options.write, suggestion);
  const line = `wrote min-rounds ${suggestion.minRounds}, max-rounds ${suggestion.maxRounds} into ${options.write}
`;
  if (options.json) process.stderr.write(line);
  else writeOut(line);
}

// src/cli/terminal-reporter.ts
function terminalReporter(json) {
  const log = json ? (m) => process.stderr.write(`${m}
`) : (m) => process.stdout.write(`${m}
`);
  return {
    info: log,
    warning: (message) => process.stderr.write(`warning: ${message}
`),
    group: async (title, work) => {
      log(`\u25B8 ${title}`);
      return work();
    },
    summary: () => {
    },
    // The table (or the --json document) follows and carries the headline.
    printsResults: true
  };
}

// src/cli/work-dir.ts
import { createHash } from "node:crypto";
import { mkdir, readdir as readdir2, rename as rename2, rm, stat as stat2 } from "node:fs/promises";
import os from "node:os";
import path8 from "node:path";
var EARLIER_RUNS_KEPT = 5;
function defaultWorkDir(repositoryRoot) {
  const name = path8.basename(repositoryRoot).replace(/[^A-Za-z0-9._-]/g, "_");
  const hash = createHash("sha256").update(repositoryRoot).digest("hex").slice(0, 8);
  return path8.join(os.tmpdir(), `loadgate-${name}-${hash}`);
}
function earlierRunsDir(dir) {
  return `${dir}-earlier`;
}
async function startClean(dir) {
  const entries = await readdir2(dir).catch(() => []);
  let kept = null;
  if (entries.length > 0) {
    const ran = (await stat2(dir)).mtime.toISOString().replace(/[:.]/g, "-");
    kept = path8.join(earlierRunsDir(dir), ran);
    await mkdir(earlierRunsDir(dir), { recursive: true });
    await rm(kept, { recursive: true, force: true });
    await rename2(dir, kept);
    const runs = (await readdir2(earlierRunsDir(dir))).sort();
    for (const old of runs.slice(0, Math.max(0, runs.length - EARLIER_RUNS_KEPT)))
      await rm(path8.join(earlierRunsDir(dir), old), { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return kept;
}

// src/cli/measure-command.ts
async function localContext(workspace, head) {
  const git = new Git(workspace);
  const headSha = await git.revParse(head);
  const branch = await git.tryRun(["rev-parse", "--abbrev-ref", "HEAD"]) ?? "";
  const base = readRunContext({ ...process.env, GITHUB_EVENT_PATH: "", GITHUB_WORKSPACE: workspace });
  return {
    ...base,
    eventName: "local",
    headSha,
    branch: branch === "HEAD" ? "" : branch,
    pullRequest: null,
    fromFork: false
  };
}
async function measureCommand(command, args) {
  const refs = { base: { type: "string", multiple: true }, head: { type: "string", multiple: true } };
  const parsed = parseCommandArgs(command, {
    args,
    options: {
      ...command === "calibrate" ? { write: { type: "boolean", default: false } } : refs,
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      ...settingFlags(command)
    }
  });
  const values = flagValues(parsed.values);
  if (values.help) return printHelp(command);
  if (command === "compare" && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against");
  const cwd = process.cwd();
  const root = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`);
  const config = chooseConfig(values.config, root, cwd);
  if (values.write && !config.file)
    throw new SettingsError(
      "Flag '--write' needs '--config FILE' (or a loadgate.yml at the repository root): the file to write the suggestion into"
    );
  requireScriptOrConfig(config, values["k6-script"], root);
  const json = Boolean(values.json);
  const reporter = terminalReporter(json);
  if (config.found) reporter.info(foundConfigLine(config, cwd));
  const baseRef = values.base ? await resolveRef(root, String(values.base), "base") : "";
  installSignalHandlers();
  let workspace = root;
  let removeHeadWorktree = async () => {
  };
  if (values.head) {
    const worktree = await createWorktree(root, String(values.head));
    workspace = worktree.dir;
    removeHeadWorktree = worktree.remove;
  }
  try {
    const context = await localContext(workspace, "HEAD");
    const read = (name) => {
      if (name === "mode") return command;
      if (name === "base-ref") return baseRef;
      if (name === "config") return config.file;
      const value = values[name];
      return typeof value === "string" ? value : "";
    };
    const workDir = defaultWorkDir(root);
    const settings = withFlagErrors(
      () => readSettings(read, { workspace, eventName: "local", defaultWorkDir: workDir, cwd })
    );
    const dirty = values.head ? [] : await uncommittedFiles(root, settings.workDir);
    if (dirty.length > 0 && command !== "compare")
      throw new SettingsError(dirtyMessage(command, context.headSha, dirty));
    if (dirty.length > 0) {
      settings.headLabel = WORKING_TREE_LABEL;
      reporter.info(
        `head: the ${WORKING_TREE_LABEL} on top of ${context.headSha.slice(0, 12)} (${dirty.length} files)`
      );
    }
    if (command === "record")
      await requireRemote({ workspace: settings.workspace, branch: settings.ghPagesBranch });
    if (values.write) await assertUpdatable(path9.resolve(cwd, config.file));
    if (settings.workDir === workDir) {
      const earlier = await startClean(workDir);
      if (earlier) reporter.info(`the previous run's files (report.html, results) are now in ${earlier}`);
    }
    const outcomes = [];
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter).catch(throwAsFlagError));
    }
    if (command === "calibrate") {
      const write = values.write ? path9.resolve(cwd, config.file) : "";
      await printCalibrations(outcomes, { json, write });
      return EXIT.ok;
    }
    await printOutcomes(command, outcomes, json);
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok;
  } finally {
    await removeHeadWorktree();
  }
}
async function printOutcomes(command, outcomes, json) {
  const comparisons = [];
  for (const outcome of outcomes) {
    if (!outcome.resultsFile) continue;
    const dir = path9.dirname(outcome.resultsFile);
    const comparison = command === "compare" ? await readComparisonArtifact(path9.join(dir, "comparison.json")) : null;
    const report = comparison && existsSync4(path9.join(dir, "report.html")) ? path9.join(dir, "report.html") : "";
    if (comparison) comparisons.push(comparison);
    if (json) continue;
    if (comparison) printComparison(comparison, false);
    writeOut(`results: ${outcome.resultsFile}
`);
    if (report) writeOut(`report:  ${report}
`);
  }
  if (json) writeOut(`${JSON.stringify(command === "compare" ? comparisons : outcomes, null, 2)}
`);
}
async function resolveRef(root, ref, flag) {
  return new Git(root).revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--${flag}' is '${ref}': expected a commit or ref of this repository`);
  });
}
async function createWorktree(root, ref) {
  const git = new Git(root);
  const sha = await resolveRef(root, ref, "head");
  const dir = path9.join(os2.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`);
  const remove = track({ kind: "worktree", id: dir, path: root }, async () => {
    await git.tryRun(["worktree", "remove", "--force", dir], { cleanup: true });
    await rm2(dir, { recursive: true, force: true });
    await git.tryRun(["worktree", "prune"], { cleanup: true });
  });
  try {
    await git.run(["worktree", "add", "--detach", "--quiet", dir, sha]);
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}
function throwAsFlagError(error) {
  throw asFlagError(error);
}

// src/cli/merge-command.ts
import path10 from "node:path";
var SOURCE = "Argument DIR";
async function mergeCommand(args) {
  const { values, positionals } = parseCommandArgs("merge", {
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", default: "loadgate-merged" },
      "fail-on": { type: "string", default: builtInDefault("fail-on") },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("merge");
  if (positionals.length === 0)
    throw new SettingsError(
      "Argument DIR is missing: expected 'loadgate merge DIR...' with the segment jobs' work-dirs"
    );
  const failOn = parseFailOn("fail-on", String(values["fail-on"]));
  const dirs = positionals.map((dir) => path10.resolve(dir));
  const benchmarks = await segmentBenchmarks(dirs, SOURCE);
  if (benchmarks.length === 0)
    throw new LoadgateError(
      `${positionals.join(", ")} holds no segment results: expected the work-dirs of 'segment: i/N' jobs`
    );
  const comparisons = [];
  for (const benchmark of benchmarks) {
    const dir = path10.resolve(String(values.out), benchmark);
    const { results, resultsPath: resultsFile } = await writeMergedResults(
      await readSegments(dirs, benchmark, SOURCE),
      dir
    );
    const comparison = { ...compareResults(results, { failOn }), resultsFile };
    await writeComparisonArtifact(comparison, path10.join(dir, "comparison.json"));
    const report = await writeHtmlReport(comparison, dir);
    comparisons.push(comparison);
    if (values.json) continue;
    printComparison(comparison, false);
    writeOut(`results: ${resultsFile}
report:  ${report}
`);
  }
  if (values.json) writeOut(`${JSON.stringify(comparisons, null, 2)}
`);
  return comparisons.some((c) => c.blocking) ? EXIT.blocked : EXIT.ok;
}

// src/cli/report-command.ts
var EXPECTED = "expected a comparison.json or the results.json of a 'loadgate compare' run";
async function readReportInput(file) {
  const document = await readJson(file);
  if (Array.isArray(document?.trials)) {
    const results = resultsFileSchema.safeParse(document);
    if (!results.success)
      throw new SettingsError(
        `'${file}' is not a valid results file (${firstIssue(results.error)}): ${EXPECTED}`
      );
    if (results.data.meta.base === null)
      throw new SettingsError(
        `'${file}' holds only the head's trials (a record run or a stored-baseline compare), so there is nothing to compare: ${EXPECTED}`
      );
    return compareResults(results.data, { failOn: parseFailOn("fail-on", builtInDefault("fail-on")) });
  }
  const comparison = comparisonSchema.safeParse(document);
  if (!comparison.success)
    throw new SettingsError(
      `'${file}' is not a valid comparison (${firstIssue(comparison.error)}): ${EXPECTED}`
    );
  return comparison.data;
}
async function readJson(file) {
  let text;
  try {
    text = await readArtifactText(file);
  } catch (error) {
    const reason = errorMessage(error).split("\n")[0].replace(`${file} cannot be read: `, "").replace(`${file} `, "");
    throw new SettingsError(`'${file}' cannot be read (${reason}): ${EXPECTED}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`'${file}' is not JSON (${errorMessage(error).split("\n")[0]}): ${EXPECTED}`);
  }
}
async function reportCommand(args) {
  const { values, positionals } = parseCommandArgs("report", {
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("report");
  const file = positionals[0];
  if (!file)
    throw new SettingsError(
      "Argument FILE is missing: expected 'loadgate report FILE' with a comparison.json"
    );
  const comparison = await readReportInput(file);
  printComparison(comparison, Boolean(values.json));
  return comparison.blocking ? EXIT.blocked : EXIT.ok;
}

// src/cli/index.ts
var watchingOutput = false;
function stopOnOutputError() {
  if (watchingOutput) return;
  watchingOutput = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on(
      "error",
      (error) => stopRun("SIGPIPE", EXIT.failed, `cannot write the output (${error.code ?? error.message})`)
    );
  }
}
var COMMANDS = ["compare", "record", "calibrate", "merge", "report", "dashboard", "history"];
function knownCommand(name) {
  if (COMMANDS.includes(name)) return name;
  const meant = closestName(name, COMMANDS);
  const suggestion = meant ? `did you mean '${meant}'? ` : "";
  const expected = `${COMMANDS.slice(0, -1).join(", ")} or ${COMMANDS.at(-1)}`;
  throw new SettingsError(`Unknown command '${name}': ${suggestion}expected ${expected}`);
}
async function main(argv) {
  const [command, ...rest] = argv;
  stopOnOutputError();
  try {
    switch (command) {
      case "compare":
      case "record":
      case "calibrate":
        if (command === "record" && isPushOnly(rest))
          return await pushOnlyCommand(rest, terminalReporter(false));
        return await measureCommand(command, rest);
      case "report":
        return await reportCommand(rest);
      case "dashboard":
        return await dashboardCommand(rest);
      case "history":
        return await historyCommand(rest);
      case "merge":
        return await mergeCommand(rest);
      case void 0:
      case "--help":
      case "-h":
        return printHelp("main");
      case "help":
        return printHelp(rest[0] === void 0 ? "main" : knownCommand(rest[0]));
      case "version":
      case "--version":
      case "-V":
        writeOut(`loadgate ${VERSION}
`);
        return EXIT.ok;
      default:
        knownCommand(command);
        return EXIT.usage;
    }
  } catch (thrown) {
    const error = usageError(thrown, command ?? "");
    process.stderr.write(`loadgate: ${errorMessage(error)}
`);
    return error instanceof SettingsError ? EXIT.usage : EXIT.failed;
  } finally {
    await cleanupAll((message) => process.stderr.write(`loadgate: ${message}
`));
  }
}
process.exitCode = await main(process.argv.slice(2));
export {
  EXIT,
  main
};
