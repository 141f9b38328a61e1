// Runs one measurement in its own process, as the action's main step would, so a test can kill it.
import { saveTrackedResources } from '../src/action/state'
import { installSignalHandlers } from '../src/measure/cleanup'
import { measure } from '../src/measure/measure'
import { exampleBenchmark, settingsFor } from './settings'

const [repoDir, workDir, baseSha] = process.argv.slice(2)
saveTrackedResources()
installSignalHandlers()
// As in the action, errors end in a message; only the signal handler ends the process early.
measure({
  settings: settingsFor(repoDir!, {
    'work-dir': workDir!,
    'min-rounds': '3',
    'max-rounds': '3',
    warmup: '0s',
    // One arm at a time, the other paused: the trials the interrupting tests wait for, one by one.
    'arms-under-load': 'one-at-a-time',
  }),
  bench: exampleBenchmark({ k6Env: { DURATION: '6s', RATE: '50' } }),
  arms: ['base', 'head'],
  baseSha: baseSha!,
  meta: { runId: `kill${process.pid}`, runUrl: '', repository: '', event: 'pull_request', pullRequest: 1 },
  onProgress: (e) => process.stdout.write(`${e.message}\n`),
}).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`)
  process.exitCode = 1
})
