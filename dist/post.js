import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);
import {
  cleanupFromState,
  errorMessage,
  warning
} from "./chunks/chunk-AMJTOAV3.js";

// src/action/post.ts
async function post() {
  try {
    await cleanupFromState();
  } catch (error) {
    warning(`loadgate cleanup: ${errorMessage(error)}`);
  }
}
void post();
