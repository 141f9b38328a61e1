import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  announceRun,
  error,
  failureText,
  gatePosting,
  getInput,
  group,
  info,
  logLine,
  postsGate,
  refuseStaleTrustedHead,
  reportFailure,
  savePendingGates,
  saveTrackedResources,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunks/chunk-Y5H55UPM.js";
import {
  benchmarkName,
  readSettings,
  refuseUntrustedEvent,
  runBenchmark
} from "./chunks/chunk-AR6UFBCU.js";
import {
  BENCHMARK_NAME,
  NO_CONFIG_FILE,
  createForge,
  errorMessage,
  installSignalHandlers,
  interruptSignal,
  readConfig,
  readRunContext,
  readTrustedConfig,
  readTrustedRunTarget,
  worstVerdict
} from "./chunks/chunk-TYQXSSYC.js";

// src/action/main.ts
import path from "node:path";

// src/settings/secrets.ts
var SECRET_NAME = /TOKEN|SECRET|PASSW|AUTH|API_?KEY|COOKIE|CREDENTIAL|SESSION|PRIVATE|BEARER|HEADER/i;
function secretValues(settings) {
  const values = /* @__PURE__ */ new Set();
  if (settings.githubToken) values.add(settings.githubToken);
  if (settings.notify.webhook) values.add(settings.notify.webhook);
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

// src/action/gates.ts
var GateKeeper = class {
  constructor(settings, run2) {
    this.settings = settings;
    this.run = run2;
    this.posting = gatePosting(settings, run2);
  }
  settings;
  run;
  gates = [];
  posting;
  /** Pending for each benchmark; first, a trusted run whose head moved on is refused, posting nothing. */
  async announce(benchmarks) {
    if (this.posting !== null) await refuseStaleTrustedHead(this.run);
    if (this.posting !== "own" || !this.settings.status) return;
    for (const benchmark of benchmarks) {
      const statusId = await announceRun(this.run, this.settings, benchmark);
      if (statusId === null) continue;
      const { headSha, runUrl } = this.run.context;
      this.gates.push({ benchmark, headSha, runUrl, statusId, settled: false });
      savePendingGates(this.gates);
    }
  }
  /**
   * The benchmark reached its end: a verdict or a reported failure, whose final status is set (the
   * post step leaves it alone) or was not (it stays for the post step, and the step fails). The
   * announce job's pending is its final word until the deciding job speaks.
   */
  settled(benchmark, outcome) {
    const gate = this.gates.find((g) => g.benchmark === benchmark);
    if (!gate) return;
    const ownStatus = outcome.statusSet && outcome.benchmark === benchmark;
    if (ownStatus || this.settings.mode === "announce") gate.settled = true;
    else gate.reason = UNSETTLED_DESCRIPTION;
    savePendingGates(this.gates);
  }
  /** The benchmarks whose pending this run could not replace with a final status. */
  unsettled() {
    return this.gates.filter((g) => !g.settled).map((g) => g.benchmark);
  }
  /** A failed benchmark: told on the pull request when this run speaks for its gate. */
  failed(benchmark, error2) {
    return reportFailure(this.run, this.settings, benchmark, error2, this.posting);
  }
  /** Whether a failure of `mode: report` is told on the pull request rather than only refused. */
  get reportsFailures() {
    return this.posting !== null;
  }
};
var UNSETTLED_DESCRIPTION = "loadgate could not set the final status; see the run";
function unsettledText(benchmarks) {
  const contexts = benchmarks.map((b) => `loadgate/${b}`).join(", ");
  return `loadgate could not set the final status of ${contexts} (the warnings above say why); the post step turns its pending into error`;
}

// src/settings/benchmark-names.ts
function benchmarkNamesOf(read, context) {
  const input = (name) => read(name).trim();
  let config = NO_CONFIG_FILE;
  try {
    if (input("config")) config = readConfig(input("config"), context.workspace, context.cwd);
  } catch {
    return [];
  }
  const entries = config.benchmarks.length > 0 ? config.benchmarks : [{}];
  const pick = (entry, key) => {
    const value = entry[key];
    return input(key) || (typeof value === "string" ? value : "") || config.shared[key] || "";
  };
  return entries.map((entry) => {
    const script = pick(entry, "k6-script");
    return script || pick(entry, "name") ? benchmarkName(pick(entry, "name"), script) : "";
  }).filter((name) => BENCHMARK_NAME.test(name));
}

// src/action/settings-error.ts
async function reportSettingsError(read, settingsContext, context, error2) {
  const mode = gateMode(read, context);
  if (mode === null) return;
  const run2 = {
    context,
    reporter: actionReporter(),
    forge: createForge(context, read("github-token").trim())
  };
  try {
    if (!postsGate({ mode, segment: null }, run2)) return;
    await refuseStaleTrustedHead(run2);
  } catch (refusal) {
    run2.reporter.warning(
      `loadgate did not report the settings error on the pull request: ${errorMessage(refusal)}`
    );
    return;
  }
  const names = benchmarkNamesOf(read, settingsContext);
  if (names.length === 0)
    run2.reporter.warning("loadgate could not tell the benchmark names from the settings: no status was set");
  const settings = {
    comment: read("comment").trim() === "off" ? "off" : "on",
    status: read("status").trim() !== "false"
  };
  for (const name of names) await reportFailure(run2, settings, name, error2, true);
}
function gateMode(read, context) {
  const mode = read("mode").trim() || "auto";
  if (read("segment").trim() !== "") return null;
  if (context.eventName === "workflow_dispatch") return mode === "report" || mode === "announce" ? mode : null;
  if (context.eventName !== "pull_request" || !["auto", "compare", "merge"].includes(mode)) return null;
  return mode === "merge" ? "merge" : "compare";
}

// src/action/outputs.ts
function benchmarkVerdicts(outcomes) {
  return outcomes.map((o) => ({
    benchmark: o.benchmark,
    verdict: o.verdict,
    blocking: o.blocking,
    headline: o.headline,
    gated: (o.comparison?.series ?? []).flatMap(
      (series) => series.metrics.filter((m) => m.gate).map((m) => ({
        series: series.key,
        metric: m.metric,
        verdict: m.verdict,
        change: m.change,
        ci: m.ci ? { low: m.ci.low, high: m.ci.high } : null
      }))
    )
  }));
}
var lines = (values) => values.filter(Boolean).join("\n");
function setOutputs(outcomes, workDir) {
  setOutput("verdict", worstVerdict(outcomes.map((o) => o.verdict)) ?? "");
  setOutput("results-file", outcomes.length === 1 ? outcomes[0]?.resultsFile ?? "" : workDir);
  setOutput("comment-url", lines(outcomes.map((o) => o.commentUrl)));
  setOutput("dashboard-url", outcomes.find((o) => o.dashboardUrl)?.dashboardUrl ?? "");
  setOutput("comparison-file", lines(outcomes.map((o) => o.comparisonFile)));
  setOutput("report-html-file", lines(outcomes.map((o) => o.reportHtmlFile)));
  setOutput(
    "comment-markdown",
    outcomes.map((o) => o.commentMarkdown ?? "").filter(Boolean).join("\n\n")
  );
  setOutput("verdicts-json", JSON.stringify(benchmarkVerdicts(outcomes)));
}
function annotateBlocked(outcomes) {
  for (const outcome of outcomes.filter((o) => o.blocking))
    error(logLine(outcome.headline), { title: logLine(`loadgate \xB7 ${outcome.benchmark}`) });
}

// src/action/main.ts
async function run() {
  try {
    const context = readRunContext();
    const settings = await actionSettings(context);
    for (const secret of secretValues(settings)) setSecret(secret);
    if (!["report", "accept", "announce", "skip"].includes(settings.mode))
      refuseUntrustedEvent(context.eventName);
    info(logLine(describeSettings(settings)));
    saveTrackedResources();
    installSignalHandlers();
    const { outcomes, unsettled } = await runAll(settings, context);
    setOutputs(outcomes, settings.workDir);
    annotateBlocked(outcomes);
    await writeSummary();
    const blocking = outcomes.filter((o) => o.blocking);
    const failures = blocking.map((o) => `${o.benchmark}: ${o.headline}`);
    if (unsettled.length > 0) failures.push(unsettledText(unsettled));
    if (failures.length > 0) setFailed(failureText(failures.join("; ")));
  } catch (error2) {
    setFailed(failureText(errorMessage(error2)));
    try {
      setOutput("verdict", "ERROR");
      await writeSummary();
    } catch {
    }
  }
}
async function actionSettings(context) {
  const read = (name) => getInput(name);
  const settingsContext = {
    workspace: context.workspace,
    eventName: context.eventName,
    defaultWorkDir: path.join(context.tempDir, "loadgate")
  };
  try {
    const trusted = readTrustedRunTarget();
    const config = read("config").trim();
    const trustedConfig = trusted && config ? await readTrustedConfig(context.workspace, config, trusted.settingsCommit) : void 0;
    return readSettings(read, { ...settingsContext, trustedConfig });
  } catch (error2) {
    await reportSettingsError(read, settingsContext, context, error2);
    throw error2;
  }
}
async function runAll(settings, context) {
  const perBenchmark = settings.benchmarks.length > 0 && settings.mode !== "accept";
  const run2 = { context, reporter: actionReporter(), forge: createForge(context, settings.githubToken) };
  const gates = new GateKeeper(settings, run2);
  await gates.announce(settings.benchmarks.map((b) => b.name));
  const outcomes = [];
  for (const bench of perBenchmark ? settings.benchmarks : [null]) {
    let outcome;
    try {
      outcome = await runBenchmark(settings, bench, context, run2.reporter);
    } catch (error2) {
      if (!bench || interruptSignal()) throw error2;
      if (settings.mode === "report" && !gates.reportsFailures) throw error2;
      outcome = await gates.failed(bench.name, error2);
    }
    outcomes.push(outcome);
    if (bench) gates.settled(bench.name, outcome);
  }
  return { outcomes, unsettled: gates.unsettled() };
}
async function writeSummary() {
  if (process.env.GITHUB_STEP_SUMMARY) await summary.write();
}
function describeSettings(settings) {
  if (settings.mode === "accept")
    return `loadgate accept: a '/loadgate accept <reason>' comment or the '${settings.acceptLabel}' label`;
  const names = settings.benchmarks.map((b) => b.name).join(", ") || "from the report file";
  return `loadgate ${settings.mode} (baseline ${settings.baseline}): ${names}; ${settings.minRounds}\u2013${settings.maxRounds} rounds, seed ${settings.seed}, fail on ${settings.failOn.join(", ") || "nothing"}`;
}

// src/action/index.ts
void run();
