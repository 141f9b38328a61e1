#!/usr/bin/env node
import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  RUN_RECORD_SCHEMA_VERSION,
  VERSION,
  benchmarkPaths,
  checkPushAccess,
  commitToHistory,
  compareResults,
  comparisonSchema,
  defaultShiftRules,
  fetchBranch,
  historyShifts,
  printable,
  pushSavedRun,
  readArtifactText,
  readCalibration,
  readComparisonArtifact,
  readRunFiles,
  readSegments,
  readSettings,
  readStoreSettings,
  rebuildDerived,
  refuseUnsafeDerived,
  refuseUnsafePaths,
  remoteRef,
  removeCheckout,
  renderShiftTable,
  requireRemote,
  resultsFileSchema,
  runBenchmark,
  runFileName,
  runRecordSchema,
  segmentBenchmarks,
  shiftFinder,
  writeComparisonArtifact,
  writeHtmlReport,
  writeMergedResults
} from "./chunks/chunk-EYQEQWSN.js";
import {
  ALL_REQUESTS,
  BENCHMARK_NAME,
  CUSTOM_SERIES,
  Git,
  LoadgateError,
  SettingsError,
  addedMedianMicros,
  builtInDefault,
  cleanupAll,
  closestName,
  defaultGatesShort,
  erraticSeries,
  erraticText,
  errorMessage,
  external_exports,
  firstIssue,
  formatAlpha,
  formatChange,
  formatDecisionInterval,
  formatValue,
  functionCostText,
  inputsIn,
  installSignalHandlers,
  integer,
  intervalTitle,
  jsonWithoutWorkflowCommands,
  linesWithoutWorkflowCommands,
  metricLabel,
  parseFailOn,
  parseFraction,
  probability,
  profileFindings,
  profileTotalText,
  readRunContext,
  renderCalibrationText,
  repeatLines,
  repeatsCountText,
  require_dist,
  runnerLoadTexts,
  seriesLabel,
  stopRun,
  thinSeries,
  thinTailsSentences,
  timingText,
  tooBusyText,
  track,
  unsymbolizedText,
  verdictTone,
  verdictWord,
  watchedMetricsText,
  withoutWorkflowCommands
} from "./chunks/chunk-5S2W27WS.js";
import {
  __toESM
} from "./chunks/chunk-N2HZ57FN.js";

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
      paint(comparison.verdict, withoutWorkflowCommands(`${comparison.verdict.replaceAll("_", " ")}: ${comparison.headline}`))
    ),
    ""
  ];
  if (comparison.verdict === "INVALID") {
    for (const reason of comparison.invalid) lines.push(`  - ${withoutWorkflowCommands(reason.message)}`);
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
        formatDecisionInterval(m),
        verdictWord(m)
      ];
      rows.push(cells.map((cell) => withoutWorkflowCommands(cell)));
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
  const repeats = repeatLines(comparison);
  if (repeats.length)
    lines.push(`  i ${repeatsCountText(comparison) || "No round measured again"}: ${repeats.join("; ")}.`);
  const flagged = comparison.verdict === "INVALID" ? [] : comparison.series.filter((s) => s.dispersion.flagged);
  for (const series of flagged) {
    lines.push(
      paint(
        "REGRESSION",
        `  ! latency spread (p99/p50) of ${withoutWorkflowCommands(seriesLabel(series))} changed ${series.dispersion.ratio?.toFixed(1)}\xD7`
      )
    );
  }
  for (const sentence of thinTailsSentences(thinSeries(comparison), (s) => withoutWorkflowCommands(seriesLabel(s))))
    lines.push(`  i ${sentence}`);
  for (const series of erraticSeries(comparison))
    lines.push(`  i ${erraticText(withoutWorkflowCommands(seriesLabel(series)), withoutWorkflowCommands(series.erratic))}`);
  const busy = tooBusyText(comparison);
  if (busy) lines.push(paint("INCONCLUSIVE", `  ! ${busy}`));
  for (const text of runnerLoadTexts(comparison)) lines.push(paint("INCONCLUSIVE", `  ! ${text}`));
  if (comparison.profile && comparison.verdict !== "INVALID")
    lines.push("", ...profileLines(comparison.profile, addedMedianMicros(comparison)));
  return lines.join("\n");
}
function profileLines(profile, addedMicros) {
  if (profile.unavailable) return [`  No CPU profile: ${withoutWorkflowCommands(profile.unavailable)}.`];
  const findings = profileFindings(profile, addedMicros, TERMINAL_PROFILE_ROWS);
  const heading = `  Where the CPU went, \xB5s of CPU per request base \u2192 head: ${profileTotalText(profile)} (one profiling trial per arm, ${profile.samples.base} and ${profile.samples.head} samples; flame graph in report.html)`;
  if ("waiting" in findings) return [heading, `    ${findings.waiting}`];
  if ("unsymbolized" in findings)
    return [heading, `    ${unsymbolizedText(findings.unsymbolized, (text) => withoutWorkflowCommands(text))}`];
  if (findings.grown.length === 0)
    return [heading, "    No function's own CPU per request grew beyond what its samples allow."];
  const rows = findings.grown.map(functionCostText).map(({ name, figures }) => ({ name: withoutWorkflowCommands(name), figures }));
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
    value: "<one-at-a-time|alternating|both>",
    summary: "measure one arm at a time, alternate them in slices of each round, or both at once"
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
  "history-repository": { group: "Output", value: "<owner/name|url|path>" },
  "history-path": { group: "Output", value: "<file>" },
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
  loadgate import <file> --benchmark <name> [--commit <ref>]
      add a k6 summary or github-action-benchmark's data.js to the history, as imported runs

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
  --change-point-min-runs <n>        runs needed on each side (default: ${builtInDefault("change-point-min-runs")})`,
  import: () => `loadgate import <file> --benchmark <name> [options]

Adds another tool's history to the gh-pages branch of 'origin' as imported runs: a k6 summary
(--summary-export, or handleSummary's data as JSON) or github-action-benchmark's data.js. Imported
runs are drawn on the dashboard, marked "imported"; never a baseline, nor counted in the run-to-run
spread or a change point. Importing a file again adds nothing.
See docs/import.md.

  --benchmark <name>                 the benchmark the runs are of (required)
  --commit <ref>                     k6 summary: the commit it measured (required)
  --date <time>                      k6 summary: when it ran (default: the commit's time)
  --suite <name>                     data.js: the suite to import, when it holds several
  --branch <branch>                  the branch the runs are drawn under (default: origin's default)
  --gh-pages-branch <branch>         the history branch (default: ${builtInDefault("gh-pages-branch")})
  --data-dir <dir>                   loadgate's folder in it (default: ${builtInDefault("data-dir")})
  --retention <n>                    newest runs the charts keep (default: loadgate.yml's; 0: all)
  --config <file>                    settings file (default: loadgate.yml at the repository root)`
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
function writeJson(value) {
  writeOut(`${jsonWithoutWorkflowCommands(value)}
`);
}
function writeErr(text) {
  process.stderr.write(`${linesWithoutWorkflowCommands(text)}
`);
}
function printComparison(comparison, json) {
  if (json) return writeJson(comparison);
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
  const warn = (message) => writeErr(`warning: ${message}`);
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
  if (values.json) writeJson(shifts);
  else writeOut(renderShiftTable(shifts, detector.minRuns));
  return EXIT.ok;
}

// src/cli/import-command.ts
import path9 from "node:path";

// src/store/import/imported-run.ts
import { createHash } from "node:crypto";
var MAX_KEY = 1e3;
var CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
function badFile(file, what) {
  return new SettingsError(`'${printable(file, 300)}': ${what}; nothing was imported`);
}
function checkedKey(file, key, where) {
  const trimmed = key.trim();
  if (!trimmed) throw badFile(file, `${where} has an empty name: expected a benchmark or endpoint name`);
  if (CONTROL.test(trimmed))
    throw badFile(
      file,
      `${where} '${printable(trimmed, 100)}' holds a control character: expected a printable name`
    );
  if (trimmed.length > MAX_KEY)
    throw badFile(file, `${where} '${printable(trimmed, 100)}' is over ${MAX_KEY} characters`);
  return trimmed;
}
function contentKey(from, benchmark, run) {
  const series = [...run.series].sort((a, b) => a.key.localeCompare(b.key)).map((s) => [s.key, Object.entries(s.metrics).sort(([a], [b]) => a.localeCompare(b))]);
  const content = JSON.stringify([from, benchmark, run.commit.sha, run.startedAt, series]);
  return createHash("sha256").update(content).digest("hex");
}
function importedRecord(run, source, benchmark, branch) {
  const key = contentKey(source.from, benchmark, run);
  return {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    benchmark,
    branch,
    verdict: null,
    meta: {
      runId: `import-${key.slice(0, 12)}`,
      runUrl: "",
      repository: "",
      event: "import",
      pullRequest: null,
      base: null,
      head: { ...run.commit, ref: branch },
      startedAt: run.startedAt,
      finishedAt: run.startedAt,
      runner: { os: "", cpuModel: "", cores: 0, memoryBytes: 0 },
      versions: { loadgate: "", k6: "", docker: "", compose: "" },
      hashes: { k6Script: "", composeFile: "" },
      seed: 0
    },
    series: run.series.map((s) => ({
      key: s.key,
      metrics: Object.fromEntries(
        Object.entries(s.metrics).map(([metric, value]) => [
          metric,
          { median: value, low: null, high: null }
        ])
      )
    })),
    trials: {},
    imported: { ...source, key }
  };
}
function addMetric(run, key, metric, value) {
  let series = run.series.find((s) => s.key === key);
  if (!series) run.series.push(series = { key, metrics: {} });
  series.metrics[metric] = Number(value.toPrecision(6));
}

// src/store/import/benchmark-data.ts
var benchSchema = external_exports.object({
  name: external_exports.string().max(2e3),
  value: external_exports.number().finite(),
  unit: external_exports.string().max(100),
  range: external_exports.string().max(2e3).optional(),
  extra: external_exports.string().max(2e4).optional()
});
var entrySchema = external_exports.object({
  commit: external_exports.object({
    id: external_exports.string().max(100),
    message: external_exports.string().optional(),
    timestamp: external_exports.string().max(64).optional(),
    url: external_exports.string().max(2e3).optional(),
    author: external_exports.object({ name: external_exports.string().optional(), username: external_exports.string().optional() }).optional()
  }),
  /** Milliseconds since the epoch: when the benchmark ran. */
  date: external_exports.number().finite(),
  tool: external_exports.string().max(100),
  benches: external_exports.array(benchSchema).max(1e4)
});
var benchmarkDataSchema = external_exports.object({
  entries: external_exports.record(external_exports.string().max(1e3), external_exports.array(entrySchema).max(1e5))
});
var STAT_WORDS = {
  p50: "p50",
  "p(50)": "p50",
  med: "p50",
  median: "p50",
  p90: "p90",
  "p(90)": "p90",
  p95: "p95",
  "p(95)": "p95",
  p99: "p99",
  "p(99)": "p99",
  avg: "mean",
  mean: "mean",
  average: "mean",
  max: "max",
  throughput: "throughput",
  rps: "throughput",
  error_rate: "error_rate"
};
var LATENCY = /* @__PURE__ */ new Set(["p50", "p90", "p95", "p99", "mean", "max"]);
function msPer(unit) {
  const base = unit.toLowerCase().replace(/\/(op|iter|call|run)$/, "");
  const table = { ns: 1e-6, nsec: 1e-6, us: 1e-3, \u00B5s: 1e-3, \u03BCs: 1e-3, usec: 1e-3 };
  Object.assign(table, { ms: 1, msec: 1, s: 1e3, sec: 1e3 });
  return table[base];
}
var RATE_UNITS = /^(ops?|iter|iters|iterations|req|reqs|requests)?\/s(ec)?$|^rps$/i;
function benchMetric(name, unit, value) {
  const words = name.trim().split(/\s+/);
  const stat3 = words.length > 1 ? STAT_WORDS[words.at(-1).toLowerCase()] : void 0;
  const key = stat3 ? words.slice(0, -1).join(" ").replace(/[\s:·-]+$/, "") : name.trim();
  const ms = msPer(unit);
  const metric = stat3 ?? (ms !== void 0 ? "mean" : RATE_UNITS.test(unit) ? "throughput" : "");
  if (!key || !metric) return null;
  if (LATENCY.has(metric)) return ms === void 0 ? null : { key, metric, value: value * ms };
  if (metric === "throughput") return RATE_UNITS.test(unit) ? { key, metric, value } : null;
  const scale = unit === "%" ? 0.01 : ["", "ratio", "fraction"].includes(unit) ? 1 : 0;
  return scale ? { key, metric, value: value * scale } : null;
}
function dataJsJson(text) {
  const start = /^\s*window\.BENCHMARK_DATA\s*=/.exec(text.slice(0, 200));
  if (!start) return null;
  return text.slice(start[0].length).trim().replace(/;$/, "");
}
function suiteOf(file, entries, wanted) {
  const suites = Object.keys(entries);
  const listed = suites.slice(0, 10).map((s) => `'${printable(s, 80)}'`).join(", ");
  if (wanted !== void 0 && Object.hasOwn(entries, wanted)) return wanted;
  if (wanted !== void 0)
    throw badFile(file, `has no suite '${printable(wanted, 80)}': it holds ${listed || "none"}`);
  if (suites.length === 1) return suites[0];
  throw badFile(
    file,
    suites.length === 0 ? "holds no suite: expected entries of at least one" : `holds ${suites.length} suites (${listed}): pick one with --suite`
  );
}
function entryRun(file, entry, where, skipped) {
  const sha = entry.commit.id.toLowerCase();
  if (!/^[0-9a-f]{7,64}$/.test(sha))
    throw badFile(file, `${where}.commit.id is not a commit id: expected 7 to 64 hex digits`);
  const time = new Date(entry.date);
  const year = time.getUTCFullYear();
  if (Number.isNaN(time.getTime()) || year < 1970 || year > 9999)
    throw badFile(file, `${where}.date is not a time: expected milliseconds since 1970`);
  const author = entry.commit.author?.username || entry.commit.author?.name || "";
  const run = {
    commit: {
      sha,
      message: (entry.commit.message ?? "").slice(0, 2e4),
      author: author.slice(0, 300),
      timestamp: entry.commit.timestamp ?? ""
    },
    startedAt: time.toISOString(),
    series: []
  };
  entry.benches.forEach((bench, b) => {
    const mapped = benchMetric(bench.name, bench.unit, bench.value);
    if (!mapped) return void skipped.add(`${printable(bench.name, 100)} (${printable(bench.unit, 20)})`);
    const key = checkedKey(file, mapped.key, `${where}.benches[${b}].name`);
    addMetric(run, key, mapped.metric, mapped.value);
  });
  return run;
}
function parseBenchmarkData(file, json, suite) {
  const parsed = benchmarkDataSchema.safeParse(json);
  if (!parsed.success)
    throw badFile(
      file,
      `${printable(firstIssue(parsed.error), 200)}: expected github-action-benchmark's data.js`
    );
  const chosen = suiteOf(file, parsed.data.entries, suite);
  const skipped = /* @__PURE__ */ new Set();
  const runs = parsed.data.entries[chosen].map(
    (entry, i) => entryRun(file, entry, `entries['${printable(chosen, 60)}'][${i}]`, skipped)
  ).filter((run) => run.series.length > 0);
  if (runs.length === 0)
    throw badFile(
      file,
      `suite '${printable(chosen, 80)}' holds no time, rate or error-rate value loadgate can draw`
    );
  return { from: "github-action-benchmark", runs, skipped: [...skipped].sort() };
}

// src/store/import/k6-summary.ts
var TREND_STATS = {
  med: "p50",
  "p(50)": "p50",
  "p(90)": "p90",
  "p(95)": "p95",
  "p(99)": "p99",
  avg: "mean",
  max: "max"
};
var BUILTIN = /^(http_|iteration|data_(sent|received)$|vus|checks$|group_duration$|ws_|grpc_|dropped_iterations$|browser_)/;
var isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
function splitName(name) {
  const match = /^([A-Za-z0-9_]{1,128})(?:\{(.*)\})?$/s.exec(name);
  if (!match) return null;
  const tags = {};
  for (const part of match[2] ? match[2].split(",") : []) {
    const colon = part.indexOf(":");
    if (colon < 1) return null;
    tags[part.slice(0, colon)] = part.slice(colon + 1);
  }
  return { metric: match[1], tags };
}
function seriesOf(file, metricName, tags) {
  const names = Object.keys(tags);
  if (names.length === 0) return ALL_REQUESTS;
  if (!tags.name || names.some((tag) => !["name", "method", "scenario"].includes(tag))) return null;
  const method = tags.method ?? "";
  const request = method && !tags.name.startsWith(`${method} `) ? `${method} ${tags.name}` : tags.name;
  return checkedKey(file, `${tags.scenario ?? "default"} ${request}`, `metric '${printable(metricName, 60)}'`);
}
function finiteOf(values, stat3) {
  const value = values[stat3];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function customValue(entry, values) {
  const type = typeof entry.type === "string" ? entry.type : "";
  if (type === "trend" || !type && "p(95)" in values) return finiteOf(values, "p(95)");
  if (type === "rate" || !type && "passes" in values)
    return finiteOf(values, "rate") ?? finiteOf(values, "value");
  if (type === "counter" || !type && "count" in values) return finiteOf(values, "rate");
  return finiteOf(values, "value");
}
function addSummaryMetric(file, run, name, entry) {
  const split = splitName(name);
  const values = isObject(entry.values) ? entry.values : entry;
  if (!split) return false;
  const { metric, tags } = split;
  if (!BUILTIN.test(metric)) {
    const value = Object.keys(tags).length === 0 ? customValue(entry, values) : null;
    if (value === null) return false;
    addMetric(run, CUSTOM_SERIES, `custom:${metric}`, value);
    return true;
  }
  const key = ["http_req_duration", "http_reqs", "http_req_failed"].includes(metric) ? seriesOf(file, name, tags) : null;
  if (key === null) return false;
  let added = false;
  const add = (loadgate, value) => {
    if (value === null) return;
    addMetric(run, key, loadgate, value);
    added = true;
  };
  if (metric === "http_req_duration")
    for (const [stat3, loadgate] of Object.entries(TREND_STATS)) add(loadgate, finiteOf(values, stat3));
  if (metric === "http_reqs") add("throughput", finiteOf(values, "rate"));
  if (metric === "http_req_failed") add("error_rate", finiteOf(values, "rate") ?? finiteOf(values, "value"));
  return added;
}
var EXPECTED = "expected k6's --summary-export JSON or handleSummary's data (an object with 'metrics')";
function parseK6Summary(file, json, commit, startedAt) {
  if (!isObject(json) || !isObject(json.metrics)) throw badFile(file, EXPECTED);
  const run = { commit, startedAt, series: [] };
  const skipped = [];
  for (const [name, entry] of Object.entries(json.metrics)) {
    if (!isObject(entry)) throw badFile(file, `metric '${printable(name, 60)}' is not an object: ${EXPECTED}`);
    if (!addSummaryMetric(file, run, name, entry)) skipped.push(name);
  }
  if (!run.series.some((s) => s.key !== CUSTOM_SERIES))
    throw badFile(
      file,
      "holds no http_req_duration, http_reqs or http_req_failed: expected the summary of an HTTP test"
    );
  run.series.sort((a, b) => a.key.localeCompare(b.key));
  return { from: "k6-summary", runs: [run], skipped: skipped.sort() };
}

// src/store/import/read-file.ts
import { open } from "node:fs/promises";
import path7 from "node:path";
var MAX_IMPORT_BYTES = 64 * 1024 * 1024;
var EXPECTED2 = "expected k6's --summary-export or handleSummary JSON, or github-action-benchmark's data.js";
async function readCapped(file) {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    const code = error.code ?? "unreadable";
    throw badFile(file, `cannot be read (${code}): ${EXPECTED2}`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw badFile(file, `is not a regular file: ${EXPECTED2}`);
    if (stats.size > MAX_IMPORT_BYTES)
      throw badFile(file, `${stats.size} bytes is over the ${MAX_IMPORT_BYTES}-byte limit of an import`);
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}
async function readImportFile(file) {
  const text = await readCapped(file);
  const assigned = dataJsJson(text);
  let json;
  try {
    json = JSON.parse(assigned ?? text);
  } catch {
    throw badFile(
      file,
      `is not valid JSON${assigned === null ? "" : " after window.BENCHMARK_DATA ="}: ${EXPECTED2}`
    );
  }
  const name = path7.basename(file);
  const object = typeof json === "object" && json !== null && !Array.isArray(json) ? json : {};
  if (assigned !== null || "entries" in object && benchmarkDataSchema.safeParse(json).success)
    return { file, name, format: "github-action-benchmark", json };
  if ("metrics" in object) return { file, name, format: "k6-summary", json };
  throw badFile(file, EXPECTED2);
}

// src/store/import/write-imported.ts
import { lstat, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path8 from "node:path";
function runFiles(options) {
  const files = /* @__PURE__ */ new Map();
  for (const record of options.records) {
    const parsed = runRecordSchema.safeParse(record);
    const ofOne = record.benchmark === options.records[0].benchmark && BENCHMARK_NAME.test(record.benchmark);
    if (!parsed.success || !record.imported || !ofOne)
      throw new LoadgateError(
        `An imported run of ${printable(record.meta.head.sha.slice(0, 12))} is not a valid run (${parsed.success ? "not an imported run of a benchmark" : printable(firstIssue(parsed.error))}): nothing was imported`
      );
    const relative = path8.posix.join("data", record.benchmark, "runs", runFileName(record));
    const branchPath = path8.posix.join(options.dataDir, relative);
    files.set(relative, { relative, branchPath, content: `${JSON.stringify(record)}
` });
  }
  return [...files.values()];
}
async function storedAlready(options, files) {
  const git = new Git(options.workspace);
  const remote = options.remote ?? "origin";
  if (files.length === 0 || !await fetchBranch(git, remote, options.branch)) return /* @__PURE__ */ new Set();
  const prefix = path8.posix.join(options.dataDir, "data", options.records[0].benchmark, "runs");
  const listing = await git.run(["ls-tree", "-r", "-z", remoteRef(remote, options.branch), "--", prefix]);
  const listed = new Set(
    listing.split("\0").flatMap((entry) => /^100644 blob [0-9a-f]+\t(.*)$/s.exec(entry)?.slice(1) ?? [])
  );
  return new Set(files.filter((f) => listed.has(f.branchPath)).map((f) => f.branchPath));
}
async function exists(file) {
  return lstat(file).then(
    () => true,
    () => false
  );
}
async function applyImport(tree, options, files) {
  const root = path8.join(tree, options.dataDir);
  const where = { branch: options.branch, prefix: options.dataDir };
  await refuseUnsafePaths(tree, [".nojekyll", ...files.map((f) => f.branchPath)], { branch: options.branch });
  await refuseUnsafeDerived(root, where, benchmarkPaths(options.records[0].benchmark));
  const written = [];
  for (const file of files) {
    const full = path8.join(root, ...file.relative.split("/"));
    if (await exists(full)) continue;
    await mkdir(path8.dirname(full), { recursive: true });
    await writeFile(full, file.content, { flag: "wx" });
    written.push({ path: file.branchPath, content: file.content });
  }
  await rebuildDerived(root, options.findShifts, options.retention, options.onWarning, where);
  await writeFile(path8.join(tree, ".nojekyll"), "");
  return written;
}
async function importRuns(options) {
  const files = runFiles(options);
  const stored = await storedAlready(options, files);
  const missing = files.filter((f) => !stored.has(f.branchPath));
  if (missing.length === 0) return { written: [], alreadyStored: files.length, pushed: true, attempts: 0 };
  const scratch = await mkdtemp(path8.join(os.tmpdir(), "loadgate-pages-"));
  const tree = path8.join(scratch, "tree");
  const expected = [];
  const { benchmark, imported } = options.records[0];
  const message = `loadgate: import ${missing.length} runs of ${benchmark} from ${imported.from}`;
  try {
    const outcome = await commitToHistory(
      { ...options, remote: options.remote ?? "origin", tree },
      message,
      async (checkout) => {
        expected.splice(0, expected.length, ...await applyImport(checkout, options, files));
      },
      expected
    );
    const written = expected.map((f) => f.path);
    return { ...outcome, written, alreadyStored: files.length - written.length };
  } finally {
    await removeCheckout(new Git(options.workspace), tree);
    await rm(scratch, { recursive: true, force: true });
  }
}

// src/cli/import-command.ts
function stringFlag(values, name) {
  const value = values[name];
  return typeof value === "string" ? value : void 0;
}
async function summaryCommit(workspace, values) {
  const ref = stringFlag(values, "commit");
  if (!ref)
    throw new SettingsError(
      "Flag '--commit' is missing: a k6 summary does not say which commit it measured; expected --commit <ref>"
    );
  const git = new Git(workspace);
  const sha = await git.revParse(ref).catch(() => "");
  if (!sha)
    throw new SettingsError(
      `Flag '--commit' is '${printable(ref, 100)}': expected a commit of this repository`
    );
  const info = await git.commitInfo(sha);
  const date = stringFlag(values, "date") ?? info.timestamp;
  const time = Date.parse(date);
  const year = new Date(time).getUTCFullYear();
  if (Number.isNaN(time) || year < 1970 || year > 9999)
    throw new SettingsError(
      `Flag '--date' is '${printable(date, 64)}': expected a time such as 2025-01-31T12:00:00Z`
    );
  return {
    commit: { ...info, author: info.author.slice(0, 300), message: info.message.slice(0, 2e4) },
    startedAt: new Date(time).toISOString()
  };
}
async function parseFile(workspace, read, values) {
  if (read.format === "k6-summary") {
    const { commit, startedAt } = await summaryCommit(workspace, values);
    return parseK6Summary(read.file, read.json, commit, startedAt);
  }
  for (const flag of ["commit", "date"])
    if (stringFlag(values, flag))
      throw new SettingsError(
        `Flag '--${flag}' is for a k6 summary: data.js names each run's commit and time`
      );
  return parseBenchmarkData(read.file, read.json, stringFlag(values, "suite"));
}
async function runsBranch(workspace, values) {
  const given = stringFlag(values, "branch");
  if (given !== void 0) {
    if (!/^[\w./-]{1,200}$/.test(given))
      throw new SettingsError(`Flag '--branch' is '${printable(given, 100)}': expected a branch name`);
    return given;
  }
  const head = await new Git(workspace).tryRun([
    "symbolic-ref",
    "--quiet",
    "--short",
    "refs/remotes/origin/HEAD"
  ]);
  return head?.replace(/^origin\//, "") || "main";
}
var OPTIONS = {
  benchmark: { type: "string" },
  suite: { type: "string" },
  commit: { type: "string" },
  date: { type: "string" },
  branch: { type: "string" },
  "gh-pages-branch": { type: "string" },
  "data-dir": { type: "string" },
  retention: { type: "string" },
  config: { type: "string" },
  help: { type: "boolean", short: "h", default: false }
};
async function importCommand(args) {
  const { values, positionals } = parseCommandArgs("import", {
    args,
    allowPositionals: true,
    options: OPTIONS
  });
  if (values.help) return printHelp("import");
  if (positionals.length !== 1)
    throw new SettingsError(
      `Expected one file to import, got ${positionals.length}: a k6 summary (JSON) or github-action-benchmark's data.js`
    );
  const benchmark = values.benchmark ?? "";
  if (!BENCHMARK_NAME.test(benchmark))
    throw new SettingsError(
      `Flag '--benchmark' is '${printable(benchmark, 100)}': expected the benchmark's name (letters, digits, '.', '_' or '-', at most 64)`
    );
  const cwd = process.cwd();
  const workspace = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!workspace) throw new SettingsError(`'${cwd}' is not inside a git repository: run it in a checkout`);
  const config = chooseConfig(values.config, workspace, cwd);
  const flag = (name) => name === "config" ? config.file : stringFlag(values, name) ?? "";
  const settings = withFlagErrors(() => readStoreSettings(flag, { workspace, cwd }));
  const read = await readImportFile(path9.resolve(cwd, positionals[0]));
  const parsed = await parseFile(workspace, { ...read, file: positionals[0] }, values);
  const branch = await runsBranch(workspace, values);
  const importedAt = (/* @__PURE__ */ new Date()).toISOString();
  const records = parsed.runs.map(
    (run) => importedRecord(run, { from: parsed.from, file: read.name, importedAt }, benchmark, branch)
  );
  if (parsed.skipped.length > 0)
    writeErr(
      `loadgate: skipped (no loadgate counterpart): ${parsed.skipped.map((s) => printable(s, 120)).join(", ")}`
    );
  await checkPushAccess({ workspace, branch: settings.ghPagesBranch });
  const outcome = await importRuns({
    workspace,
    branch: settings.ghPagesBranch,
    dataDir: settings.dataDir,
    retention: settings.retention,
    records,
    findShifts: shiftFinder(),
    onWarning: (message) => writeErr(`warning: ${message}`)
  });
  if (!outcome.pushed)
    throw new LoadgateError(
      `Could not import into '${settings.ghPagesBranch}' after ${outcome.attempts} attempt(s) (${outcome.error}); nothing was imported: the file is unchanged, run the import again`
    );
  const already = outcome.alreadyStored > 0 ? ` (${outcome.alreadyStored} imported before, left as they are)` : "";
  writeOut(
    `imported ${outcome.written.length} run(s) of ${benchmark} from ${parsed.from} into ${settings.ghPagesBranch}${already}; they are drawn on the dashboard and never used as a baseline
`
  );
  return EXIT.ok;
}

// src/cli/measure-command.ts
import { existsSync as existsSync4 } from "node:fs";
import { rm as rm3 } from "node:fs/promises";
import os3 from "node:os";
import path12 from "node:path";

// src/settings/write-suggestion.ts
var import_yaml = __toESM(require_dist(), 1);
import { readFile as readFile2, rename, writeFile as writeFile2 } from "node:fs/promises";
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
  await writeFile2(temporary, updated);
  await rename(temporary, file);
}
function refuse(file, why) {
  throw new SettingsError(
    `Flag '--write' cannot update '${file}': ${why}; set min-rounds and max-rounds by hand`
  );
}

// src/cli/calibrate-output.ts
import path10 from "node:path";
async function printCalibrations(outcomes, options) {
  const calibrations = [];
  for (const outcome of outcomes) {
    const file = path10.join(path10.dirname(outcome.resultsFile), "calibration.json");
    const calibration = await readCalibration(file, "calibration");
    calibrations.push(calibration);
    if (options.json) continue;
    writeOut(`${renderCalibrationText(calibration)}
`);
    writeOut(`results: ${outcome.resultsFile}
calibration: ${file}

`);
  }
  if (options.json) writeJson(calibrations);
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
  const log = json ? (m) => process.stderr.write(`${withoutWorkflowCommands(m)}
`) : (m) => process.stdout.write(`${withoutWorkflowCommands(m)}
`);
  return {
    info: log,
    warning: (message) => process.stderr.write(`warning: ${withoutWorkflowCommands(message)}
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
import { createHash as createHash2 } from "node:crypto";
import { mkdir as mkdir2, readdir as readdir2, rename as rename2, rm as rm2, stat as stat2 } from "node:fs/promises";
import os2 from "node:os";
import path11 from "node:path";
var EARLIER_RUNS_KEPT = 5;
function defaultWorkDir(repositoryRoot) {
  const name = path11.basename(repositoryRoot).replace(/[^A-Za-z0-9._-]/g, "_");
  const hash = createHash2("sha256").update(repositoryRoot).digest("hex").slice(0, 8);
  return path11.join(os2.tmpdir(), `loadgate-${name}-${hash}`);
}
function earlierRunsDir(dir) {
  return `${dir}-earlier`;
}
async function startClean(dir) {
  const entries = await readdir2(dir).catch(() => []);
  let kept = null;
  if (entries.length > 0) {
    const ran = (await stat2(dir)).mtime.toISOString().replace(/[:.]/g, "-");
    kept = path11.join(earlierRunsDir(dir), ran);
    await mkdir2(earlierRunsDir(dir), { recursive: true });
    await rm2(kept, { recursive: true, force: true });
    await rename2(dir, kept);
    const runs = (await readdir2(earlierRunsDir(dir))).sort();
    for (const old of runs.slice(0, Math.max(0, runs.length - EARLIER_RUNS_KEPT)))
      await rm2(path11.join(earlierRunsDir(dir), old), { recursive: true, force: true });
  }
  await rm2(dir, { recursive: true, force: true });
  await mkdir2(dir, { recursive: true });
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
    if (command === "record" && !settings.history.repository && !settings.history.file)
      await requireRemote({ workspace: settings.workspace, branch: settings.ghPagesBranch });
    if (values.write) await assertUpdatable(path12.resolve(cwd, config.file));
    if (settings.workDir === workDir) {
      const earlier = await startClean(workDir);
      if (earlier) reporter.info(`the previous run's files (report.html, results) are now in ${earlier}`);
    }
    const outcomes = [];
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter).catch(throwAsFlagError));
    }
    if (command === "calibrate") {
      const write = values.write ? path12.resolve(cwd, config.file) : "";
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
    const dir = path12.dirname(outcome.resultsFile);
    const comparison = command === "compare" ? await readComparisonArtifact(path12.join(dir, "comparison.json")) : null;
    const report = comparison && existsSync4(path12.join(dir, "report.html")) ? path12.join(dir, "report.html") : "";
    if (comparison) comparisons.push(comparison);
    if (json) continue;
    if (comparison) printComparison(comparison, false);
    writeOut(`results: ${outcome.resultsFile}
`);
    if (report) writeOut(`report:  ${report}
`);
  }
  if (json) writeJson(command === "compare" ? comparisons : outcomes);
}
async function resolveRef(root, ref, flag) {
  return new Git(root).revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--${flag}' is '${ref}': expected a commit or ref of this repository`);
  });
}
async function createWorktree(root, ref) {
  const git = new Git(root);
  const sha = await resolveRef(root, ref, "head");
  const dir = path12.join(os3.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`);
  const remove = track({ kind: "worktree", id: dir, path: root }, async () => {
    await git.tryRun(["worktree", "remove", "--force", dir], { cleanup: true });
    await rm3(dir, { recursive: true, force: true });
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
import path13 from "node:path";
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
  const dirs = positionals.map((dir) => path13.resolve(dir));
  const benchmarks = await segmentBenchmarks(dirs, SOURCE);
  if (benchmarks.length === 0)
    throw new LoadgateError(
      `${positionals.join(", ")} holds no segment results: expected the work-dirs of 'segment: i/N' jobs`
    );
  const comparisons = [];
  for (const benchmark of benchmarks) {
    const dir = path13.resolve(String(values.out), benchmark);
    const { results, resultsPath: resultsFile } = await writeMergedResults(
      await readSegments(dirs, benchmark, SOURCE),
      dir
    );
    const comparison = { ...compareResults(results, { failOn }), resultsFile };
    await writeComparisonArtifact(comparison, path13.join(dir, "comparison.json"));
    const report = await writeHtmlReport(comparison, dir);
    comparisons.push(comparison);
    if (values.json) continue;
    printComparison(comparison, false);
    writeOut(`results: ${resultsFile}
report:  ${report}
`);
  }
  if (values.json) writeJson(comparisons);
  return comparisons.some((c) => c.blocking) ? EXIT.blocked : EXIT.ok;
}

// src/cli/report-command.ts
var EXPECTED3 = "expected a comparison.json or the results.json of a 'loadgate compare' run";
async function readReportInput(file) {
  const document = await readJson(file);
  if (Array.isArray(document?.trials)) {
    const results = resultsFileSchema.safeParse(document);
    if (!results.success)
      throw new SettingsError(
        `'${file}' is not a valid results file (${firstIssue(results.error)}): ${EXPECTED3}`
      );
    if (results.data.meta.base === null)
      throw new SettingsError(
        `'${file}' holds only the head's trials (a record run or a stored-baseline compare), so there is nothing to compare: ${EXPECTED3}`
      );
    return compareResults(results.data, { failOn: parseFailOn("fail-on", builtInDefault("fail-on")) });
  }
  const comparison = comparisonSchema.safeParse(document);
  if (!comparison.success)
    throw new SettingsError(
      `'${file}' is not a valid comparison (${firstIssue(comparison.error)}): ${EXPECTED3}`
    );
  return comparison.data;
}
async function readJson(file) {
  let text;
  try {
    text = await readArtifactText(file);
  } catch (error) {
    const reason = errorMessage(error).split("\n")[0].replace(`${file} cannot be read: `, "").replace(`${file} `, "");
    throw new SettingsError(`'${file}' cannot be read (${reason}): ${EXPECTED3}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`'${file}' is not JSON (${errorMessage(error).split("\n")[0]}): ${EXPECTED3}`);
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
var COMMANDS = [
  "compare",
  "record",
  "calibrate",
  "merge",
  "report",
  "dashboard",
  "history",
  "import"
];
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
      case "import":
        return await importCommand(rest);
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
    writeErr(`loadgate: ${errorMessage(error)}`);
    return error instanceof SettingsError ? EXIT.usage : EXIT.failed;
  } finally {
    await cleanupAll((message) => writeErr(`loadgate: ${message}`));
  }
}
process.exitCode = await main(process.argv.slice(2));
export {
  EXIT,
  main
};
