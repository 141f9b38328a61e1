import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  failureText,
  getInput,
  group,
  info,
  logLine,
  saveTrackedResources,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunks/chunk-WRP3D7IR.js";
import {
  loadSettings,
  readRunContext,
  refuseUntrustedEvent,
  runBenchmark,
  worstVerdict
} from "./chunks/chunk-OOY5KOGK.js";
import {
  errorMessage,
  installSignalHandlers
} from "./chunks/chunk-LM6PTIN6.js";

// src/action/main.ts
import path from "node:path";

// src/settings/secrets.ts
var SECRET_NAME = /TOKEN|SECRET|PASSW|AUTH|API_?KEY|COOKIE|CREDENTIAL|SESSION|PRIVATE|BEARER|HEADER/i;
function secretValues(settings) {
  const values = /* @__PURE__ */ new Set();
  if (settings.githubToken) values.add(settings.githubToken);
  for (const bench of settings.benchmarks) {
    for (const [name, value] of Object.entries(bench.k6Env)) {
      if (SECRET_NAME.test(name) && value.trim()) values.add(value);
    }
  }
  return [...values];
}

// src/action/summary.ts
var SUMMARY_LIMIT_BYTES = 1024 * 1024;
var RESERVE_BYTES = 2048;
var CUT_NOTE = "\n\n> [!WARNING]\n> **The job summary was cut here**: GitHub shows at most 1 MiB. The full report is the comparison in the step's `results-file` output (upload it as an artifact); `loadgate report FILE` prints it whole.\n";
var bytes = (text) => Buffer.byteLength(text, "utf8");
function fitSummary(markdown, roomBytes) {
  if (bytes(markdown) + 1 <= roomBytes) return markdown;
  const budget = roomBytes - RESERVE_BYTES;
  if (budget <= 0) return "";
  const prefix = Buffer.from(markdown, "utf8").subarray(0, budget).toString("utf8");
  const kept = prefix.slice(0, Math.max(0, prefix.lastIndexOf("\n")));
  const open = count(kept, "<details") - count(kept, "</details>");
  return `${kept}${"\n</details>".repeat(Math.max(0, open))}${CUT_NOTE}`;
}
function count(text, what) {
  return text.split(what).length - 1;
}
function appendSummary(markdown) {
  const used = bytes(summary.stringify());
  const fitted = fitSummary(markdown, SUMMARY_LIMIT_BYTES - used);
  if (fitted) summary.addRaw(fitted, true);
}

// src/action/reporter.ts
function actionReporter() {
  return {
    info: (message) => info(logLine(message)),
    warning: (message) => warning(logLine(message)),
    group: (title, work) => group(logLine(title), work),
    summary: (markdown) => appendSummary(markdown)
  };
}

// src/action/main.ts
async function run() {
  try {
    const context = readRunContext();
    const settings = loadSettings((name) => getInput(name), {
      workspace: context.workspace,
      eventName: context.eventName,
      defaultWorkDir: path.join(context.tempDir, "loadgate")
    });
    for (const secret of secretValues(settings)) setSecret(secret);
    if (settings.mode !== "report" && settings.mode !== "accept") refuseUntrustedEvent(context.eventName);
    info(logLine(describeSettings(settings)));
    saveTrackedResources();
    installSignalHandlers();
    const outcomes = [];
    const perBenchmark = settings.benchmarks.length > 0 && settings.mode !== "accept";
    for (const bench of perBenchmark ? settings.benchmarks : [null]) {
      outcomes.push(await runBenchmark(settings, bench, context, actionReporter()));
    }
    setOutputs(outcomes, settings.workDir);
    await summary.write();
    const blocking = outcomes.filter((o) => o.blocking);
    if (blocking.length > 0) {
      setFailed(failureText(blocking.map((o) => `${o.benchmark}: ${o.headline}`).join("; ")));
    }
  } catch (error) {
    setFailed(failureText(errorMessage(error)));
  }
}
function describeSettings(settings) {
  if (settings.mode === "accept")
    return `loadgate accept: a '/loadgate accept <reason>' comment or the '${settings.acceptLabel}' label`;
  const names = settings.benchmarks.map((b) => b.name).join(", ") || "from the report file";
  return `loadgate ${settings.mode} (baseline ${settings.baseline}): ${names}; ${settings.minRounds}\u2013${settings.maxRounds} rounds, seed ${settings.seed}, fail on ${settings.failOn.join(", ") || "nothing"}`;
}
function setOutputs(outcomes, workDir) {
  const verdict = worstVerdict(outcomes.map((o) => o.verdict));
  setOutput("verdict", verdict ?? "");
  setOutput("results-file", outcomes.length === 1 ? outcomes[0]?.resultsFile ?? "" : workDir);
  setOutput(
    "comment-url",
    outcomes.map((o) => o.commentUrl).filter(Boolean).join("\n")
  );
  setOutput("dashboard-url", outcomes.find((o) => o.dashboardUrl)?.dashboardUrl ?? "");
}

// src/action/index.ts
void run();
