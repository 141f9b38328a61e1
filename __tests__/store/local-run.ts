import type { RunContext } from '../../src/forge'
import type { ModeRun } from '../../src/modes/mode-context'
import type { Reporter } from '../../src/report/reporter'
import type { Settings } from '../../src/settings/types'

// A mode run as the CLI makes it outside GitHub (no forge), with a reporter that keeps every line.

export interface CollectingReporter extends Reporter {
  infos: string[]
  warnings: string[]
}

export function collectingReporter(): CollectingReporter {
  const infos: string[] = []
  const warnings: string[] = []
  return {
    infos,
    warnings,
    info: (message) => infos.push(message),
    warning: (message) => warnings.push(message),
    group: (_title, work) => work(),
    summary: () => {},
  }
}

export function localRun(settings: Settings, branch = 'main'): ModeRun & { reporter: CollectingReporter } {
  const context: RunContext = {
    eventName: 'local',
    repository: '',
    headRepository: '',
    owner: '',
    repo: '',
    serverUrl: '',
    apiUrl: '',
    runId: 'local',
    runUrl: '',
    workspace: settings.workspace,
    headSha: '',
    branch,
    defaultBranch: 'main',
    pullRequest: null,
    fromFork: false,
    tempDir: '',
  }
  return { settings, context, reporter: collectingReporter(), forge: null }
}
