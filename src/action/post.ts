import * as core from '@actions/core'
import { removeLeftover } from '../measure/sut'
import { errorMessage } from '../util/errors'
import { logLine } from './log'
import { savedResources } from './state'

/** The action's post step: removes what a killed main step left behind. Warns, never fails. */
async function post(): Promise<void> {
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
