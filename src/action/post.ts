import * as core from '@actions/core'
import { createForge } from '../forge'
import { readRunContext } from '../forge/github/context'
import { STOPPED_DESCRIPTION } from '../modes/failure'
import { removeLeftover } from '../measure/sut'
import { errorMessage } from '../util/errors'
import { logLine } from './log'
import { savedPendingGates, savedResources } from './state'

/**
 * The action's post step, which runs even when the main step was cancelled or killed: a pending
 * status the main step set and never settled turns `error`, and what it left behind is removed.
 * Warns, never fails.
 */
async function post(): Promise<void> {
  try {
    await settlePendingGates()
  } catch (error) {
    core.warning(logLine(`loadgate: could not settle the pending statuses: ${errorMessage(error)}`))
  }
  await removeResources()
}

async function settlePendingGates(): Promise<void> {
  const gates = savedPendingGates()
  if (gates === null) {
    core.warning('loadgate: the saved statuses are unreadable; no pending status settled')
    return
  }
  const unsettled = gates.filter((g) => !g.settled)
  if (unsettled.length === 0) return
  const forge = createForge(readRunContext(), core.getInput('github-token').trim())
  if (!forge?.canPublish) return
  for (const gate of unsettled) {
    try {
      const description = gate.reason ?? STOPPED_DESCRIPTION
      const withdrawn = await forge.withdrawPending(gate, gate.statusId, description)
      core.info(
        logLine(
          withdrawn
            ? `loadgate: loadgate/${gate.benchmark} set to error (${description})`
            : `loadgate: loadgate/${gate.benchmark} left as it is (a newer status replaced this run's pending)`,
        ),
      )
    } catch (error) {
      core.warning(
        logLine(`loadgate: could not settle the pending loadgate/${gate.benchmark}: ${errorMessage(error)}`),
      )
    }
  }
}

async function removeResources(): Promise<void> {
  const resources = savedResources()
  if (resources === null) {
    core.warning('loadgate cleanup: the saved state is unreadable; nothing removed')
    return
  }
  // Newest first: a stack goes before the worktree that holds its compose file.
  for (const resource of resources.reverse()) {
    try {
      await removeLeftover(resource)
      core.info(logLine(`loadgate cleanup: removed ${resource.kind} ${resource.id}`))
    } catch (error) {
      core.warning(
        logLine(`loadgate cleanup: could not remove ${resource.kind} ${resource.id}: ${errorMessage(error)}`),
      )
    }
  }
}

void post()
