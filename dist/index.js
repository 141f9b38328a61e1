import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  getInput,
  group,
  info,
  saveTrackedResources,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunks/chunk-UIFGW5I7.js";
import {
  loadSettings,
  readRunContext,
  runBenchmark,
  worstVerdict
} from "./chunks/chunk-BHEQSFRU.js";
import {
  errorMessage,
  installSignalHandlers
} from "./chunks/chunk-GJM2NFVX.js";

// src/action/main.ts
import path from "node:path";

// src/action/reporter.ts
function actionReporter() {
  return {
    info: (message) => info(message),
    warning: (message) => warning(message),
    group: (title, work) => group(title, work),
    summary: (markdown) => {
      summary.addRaw(markdown, true);
    }
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
    if (settings.githubToken) setSecret(settings.githubToken);
    info(describeSettings(settings));
    saveTrackedResources();
    installSignalHandlers();
    const outcomes = [];
    for (const bench of settings.benchmarks.length ? settings.benchmarks : [null]) {
      outcomes.push(await runBenchmark(settings, bench, context, actionReporter()));
    }
    setOutputs(outcomes, settings.workDir);
    await summary.write();
    const blocking = outcomes.filter((o) => o.blocking);
    if (blocking.length > 0) {
      setFailed(blocking.map((o) => `${o.benchmark}: ${o.headline}`).join("; "));
    }
  } catch (error) {
    setFailed(errorMessage(error));
  }
}
function describeSettings(settings) {
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
