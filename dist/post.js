import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  info,
  logLine,
  savedResources,
  warning
} from "./chunks/chunk-WRP3D7IR.js";
import {
  errorMessage,
  removeLeftover
} from "./chunks/chunk-LM6PTIN6.js";

// src/action/post.ts
async function post() {
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
