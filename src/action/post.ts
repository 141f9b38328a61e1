import * as core from '@actions/core'
import { cleanupFromState } from '../measure/cleanup'
import { errorMessage } from '../util/errors'

/** The action's post step: removes what a killed main step left behind. Warns, never fails. */
async function post(): Promise<void> {
  try {
    await cleanupFromState()
  } catch (error) {
    core.warning(`loadgate cleanup: ${errorMessage(error)}`)
  }
}

void post()
