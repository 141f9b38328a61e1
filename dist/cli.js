#!/usr/bin/env node
import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  Git,
  formatChange,
  formatInterval,
  formatValue,
  loadSettings,
  metricLabel,
  readComparisonArtifact,
  readRunContext,
  runBenchmark,
  seriesLabel
} from "./chunks/chunk-Y5244QWZ.js";
import {
  SettingsError,
  errorMessage,
  installSignalHandlers
} from "./chunks/chunk-ESLFZF7I.js";

// src/cli.ts
import { parseArgs } from "node:util";
import { readFile as readFile2 } from "node:fs/promises";
import path2 from "node:path";
import os from "node:os";

// src/report/terminal.ts
var COLORS = {
  REGRESSION: "\x1B[31m",
  INVALID: "\x1B[31m",
  IMPROVEMENT: "\x1B[32m",
  NO_CHANGE: "\x1B[32m",
  INCONCLUSIVE: "\x1B[33m"
};
var RESET = "\x1B[0m";
var BOLD = "\x1B[1m";
var LABEL = {
  REGRESSION: "REGRESSED",
  IMPROVEMENT: "improved",
  NO_CHANGE: "no change",
  INCONCLUSIVE: "inconclusive"
};
function plain(text) {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}
function pad(text, width, right = false) {
  const visible = [...text].length;
  const fill = " ".repeat(Math.max(0, width - visible));
  return right ? fill + text : text + fill;
}
function renderTerminal(comparison, options) {
  const paint = (verdict, text) => options.color ? `${COLORS[verdict] ?? ""}${text}${RESET}` : text;
  const bold = (text) => options.color ? `${BOLD}${text}${RESET}` : text;
  const lines = [
    bold(paint(comparison.verdict, `${comparison.verdict.replace("_", " ")}: ${plain(comparison.headline)}`)),
    ""
  ];
  if (comparison.verdict === "INVALID") {
    for (const reason of comparison.invalid) lines.push(`  - ${plain(reason.message)}`);
    lines.push("");
  }
  const rows = [["series", "metric", "base", "head", "change", "95% CI", "verdict"]];
  const verdicts = [""];
  for (const series of comparison.series) {
    series.metrics.forEach((m, i) => {
      rows.push([
        i === 0 ? plain(seriesLabel(series)) : "",
        `${metricLabel(m)}${m.gate ? "" : "*"}`,
        formatValue(m.unit, m.base),
        formatValue(m.unit, m.head),
        m.change === null ? "\u2013" : formatChange(m.change, m.absolute),
        formatInterval(m),
        LABEL[m.verdict] ?? m.verdict
      ]);
      verdicts.push(m.verdict);
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
    `  * informs only. ${comparison.rounds} rounds, \u03B1 ${comparison.alpha} per look, ${comparison.kind === "paired" ? "paired by round" : "cross-run (stored baseline)"}.`
  );
  for (const series of comparison.series.filter((s) => s.dispersion.flagged)) {
    lines.push(
      paint(
        "REGRESSION",
        `  ! latency spread (p99/p50) of ${plain(seriesLabel(series))} changed ${series.dispersion.ratio?.toFixed(1)}\xD7`
      )
    );
  }
  return lines.join("\n");
}

// src/dashboard-server.ts
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
var TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml"
};
async function serveDashboard(root, port = 0) {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return { url: `http://127.0.0.1:${actualPort}/`, server };
}

// src/cli.ts
var EXIT = { ok: 0, blocked: 1, usage: 2, failed: 3 };
var SETTING_FLAGS = [
  "name",
  "baseline",
  "prepare",
  "compose-file",
  "service",
  "port",
  "k6-script",
  "k6-env",
  "k6-version",
  "config",
  "min-rounds",
  "max-rounds",
  "warmup",
  "discard-seconds",
  "thresholds",
  "max-error-rate",
  "max-dropped-rate",
  "seed",
  "work-dir",
  "gh-pages-branch",
  "data-dir",
  "retention",
  "fail-on"
];
var HELP = {
  main: `loadgate \u2014 gate changes on service performance (Docker Compose + k6 + paired statistics)

Usage:
  loadgate compare --base REF [--head REF] [settings]   measure base and head here, interleaved; print the verdict
  loadgate record [settings]                           measure HEAD and store it in the gh-pages branch of origin
  loadgate report FILE [--json]                        print a comparison.json (or results.json) as a table
  loadgate dashboard DIR [--port N]                    serve the dashboard of a gh-pages checkout (DIR/<data-dir>)

Run 'loadgate COMMAND --help' for a command's options.

Exit codes: 0 the verdict passes, 1 the verdict is one --fail-on names (default REGRESSION, INVALID),
            2 bad usage or settings, 3 the run failed (the message says why; measured trials are kept).`,
  compare: `loadgate compare --base REF [--head REF] [settings]

Starts the Compose stack of REF (a git worktree) and of the head (default: the working tree), runs the
k6 script against each in randomized interleaved rounds, and prints the comparison.

Settings (same names and defaults as the action's inputs; or put them in loadgate.yml and pass --config):
  --k6-script FILE  --service NAME  --port N  --compose-file FILE  --prepare CMD  --k6-env "K=V"
  --min-rounds N  --max-rounds N  --warmup 10s  --discard-seconds N  --thresholds "p95 +10%; p95 < 300ms"
  --max-error-rate 1%  --max-dropped-rate 1%  --seed N  --work-dir DIR  --fail-on "REGRESSION, INVALID"
  --baseline rerun|stored  --name NAME  --config loadgate.yml
Output:
  --json            print the Comparison as JSON instead of a table`,
  record: `loadgate record [settings]

Measures HEAD and appends the run to the gh-pages branch of 'origin' (with the dashboard), as the
action's record mode does on pushes to the default branch. Settings as for 'loadgate compare'.`,
  report: `loadgate report FILE [--json]

Prints a comparison.json (written next to every results file, or uploaded by a fork PR) as a table.`,
  dashboard: `loadgate dashboard DIR [--port N] [--data-dir loadgate]

Serves DIR (a checkout of the gh-pages branch) on http://127.0.0.1:PORT and prints the address.`
};
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
    }
  };
}
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
  const { values } = parseArgs({
    args,
    options: {
      base: { type: "string" },
      head: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
      ...Object.fromEntries(SETTING_FLAGS.map((flag) => [flag, { type: "string" }]))
    }
  });
  if (values.help) return printHelp(command);
  if (command === "compare" && !values.base)
    throw new SettingsError("Flag '--base' is missing: expected the ref to compare against");
  const cwd = process.cwd();
  const root = await new Git(cwd).tryRun(["rev-parse", "--show-toplevel"]) ?? "";
  if (!root) throw new SettingsError(`'${cwd}' is not inside a git repository: loadgate compares commits`);
  const json = Boolean(values.json);
  const reporter = terminalReporter(json);
  let workspace = root;
  let headWorktree = "";
  if (values.head) {
    headWorktree = await createWorktree(root, String(values.head));
    workspace = headWorktree;
  }
  try {
    const context = await localContext(workspace, "HEAD");
    const read = (name) => {
      if (name === "mode") return command;
      if (name === "base-ref") return String(values.base ?? "");
      const value = values[name];
      return typeof value === "string" ? value : "";
    };
    const settings = loadSettings(read, {
      workspace,
      eventName: "local",
      defaultWorkDir: path2.join(root, ".loadgate")
    });
    installSignalHandlers();
    const outcomes = [];
    for (const bench of settings.benchmarks) {
      outcomes.push(await runBenchmark(settings, bench, context, reporter));
    }
    for (const outcome of outcomes) {
      if (!outcome.resultsFile) continue;
      const comparisonFile = path2.join(path2.dirname(outcome.resultsFile), "comparison.json");
      if (command === "compare") await printComparison(comparisonFile, json);
      else process.stdout.write(`${outcome.headline}
`);
      if (!json) process.stdout.write(`results: ${outcome.resultsFile}
`);
    }
    return outcomes.some((o) => o.blocking) ? EXIT.blocked : EXIT.ok;
  } finally {
    if (headWorktree) await new Git(root).tryRun(["worktree", "remove", "--force", headWorktree]);
  }
}
async function createWorktree(root, ref) {
  const git = new Git(root);
  const sha = await git.revParse(ref).catch(() => {
    throw new SettingsError(`Flag '--head' is '${ref}': expected a commit or ref of this repository`);
  });
  const dir = path2.join(os.tmpdir(), `loadgate-head-${sha.slice(0, 12)}-${process.pid}`);
  await git.run(["worktree", "add", "--detach", dir, sha]);
  return dir;
}
async function printComparison(file, json) {
  const comparison = await readComparisonArtifact(file);
  if (json) process.stdout.write(`${JSON.stringify(comparison, null, 2)}
`);
  else process.stdout.write(`${renderTerminal(comparison, { color: Boolean(process.stdout.isTTY) })}
`);
}
async function reportCommand(args) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("report");
  const file = positionals[0];
  if (!file) throw new SettingsError("loadgate report: expected the path of a comparison.json");
  let target = file;
  if (path2.basename(file) === "results.json") target = path2.join(path2.dirname(file), "comparison.json");
  await readFile2(target).catch(() => {
    throw new SettingsError(`loadgate report: '${target}' cannot be read: expected a comparison.json`);
  });
  const comparison = await readComparisonArtifact(target);
  await printComparison(target, Boolean(values.json));
  return comparison.blocking ? EXIT.blocked : EXIT.ok;
}
async function dashboardCommand(args) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: "string", default: "0" },
      "data-dir": { type: "string", default: "loadgate" },
      help: { type: "boolean", short: "h", default: false }
    }
  });
  if (values.help) return printHelp("dashboard");
  const dir = positionals[0];
  if (!dir)
    throw new SettingsError("loadgate dashboard: expected a directory (a checkout of the gh-pages branch)");
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SettingsError(`Flag '--port' is '${values.port}': expected a port number`);
  }
  const server = await serveDashboard(path2.resolve(dir), port);
  process.stdout.write(`dashboard: ${server.url}${values["data-dir"]}/
(Ctrl-C stops it)
`);
  await new Promise(() => {
  });
  return EXIT.ok;
}
function printHelp(command) {
  process.stdout.write(`${HELP[command] ?? HELP.main}
`);
  return EXIT.ok;
}
async function main(argv) {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "compare":
      case "record":
        return await measureCommand(command, rest);
      case "report":
        return await reportCommand(rest);
      case "dashboard":
        return await dashboardCommand(rest);
      case void 0:
      case "help":
      case "--help":
      case "-h":
        return printHelp("main");
      default:
        throw new SettingsError(`Unknown command '${command}': expected compare, record, report or dashboard`);
    }
  } catch (error) {
    process.stderr.write(`loadgate: ${errorMessage(error)}
`);
    const usage = error instanceof SettingsError || error.code?.startsWith("ERR_PARSE_ARGS");
    return usage ? EXIT.usage : EXIT.failed;
  }
}
process.exitCode = await main(process.argv.slice(2));
export {
  EXIT,
  main
};
