import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  STOPPED_DESCRIPTION,
  getInput,
  info,
  logLine,
  savedPendingGates,
  savedResources,
  warning
} from "./chunks/chunk-UYSL762L.js";
import {
  createForge,
  errorMessage,
  readRunContext,
  removeLeftover
} from "./chunks/chunk-5S2W27WS.js";
import "./chunks/chunk-N2HZ57FN.js";

// src/action/post.ts
async function post() {
  try {
    await settlePendingGates();
  } catch (error) {
    warning(logLine(`loadgate: could not settle the pending statuses: ${errorMessage(error)}`));
  }
  await removeResources();
}
async function settlePendingGates() {
  const gates = savedPendingGates();
  if (gates === null) {
    warning("loadgate: the saved statuses are unreadable; no pending status settled");
    return;
  }
  const unsettled = gates.filter((g) => !g.settled);
  if (unsettled.length === 0) return;
  const forge = createForge(readRunContext(), getInput("github-token").trim());
  if (!forge?.canPublish) return;
  for (const gate of unsettled) {
    try {
      const description = gate.reason ?? STOPPED_DESCRIPTION;
      const withdrawn = await forge.withdrawPending(gate, gate.statusId, description);
      info(
        logLine(
          withdrawn ? `loadgate: loadgate/${gate.benchmark} set to error (${description})` : `loadgate: loadgate/${gate.benchmark} left as it is (a newer status replaced this run's pending)`
        )
      );
    } catch (error) {
      warning(
        logLine(`loadgate: could not settle the pending loadgate/${gate.benchmark}: ${errorMessage(error)}`)
      );
    }
  }
}
async function removeResources() {
  const resources = savedResources();
  if (resources === null) {
    warning("loadgate cleanup: the saved state is unreadable; nothing removed");
    return;
  }
  for (const resource of resources.reverse()) {
    try {
      await removeLeftover(resource);
      info(logLine(`loadgate cleanup: removed ${resource.kind} ${resource.id}`));
    } catch (error) {
      warning(
        logLine(`loadgate cleanup: could not remove ${resource.kind} ${resource.id}: ${errorMessage(error)}`)
      );
    }
  }
}
void post();
