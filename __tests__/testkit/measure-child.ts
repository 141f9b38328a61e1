// Runs one measurement in its own process, as the action's main step would, so a test can kill it.
import { saveTrackedResources } from '../../src/action/state'
import { installSignalHandlers } from '../../src/measure/cleanup'
import { measure } from '../../src/measure/measure'
import { exampleBenchmark, exampleSettings } from './example-repo'

const [repoDir, workDir, baseSha] = process.argv.slice(2)
saveTrackedResources()
installSignalHandlers()
// As in the action, errors end in a message; only the signal handler ends the process early.
measure({
  settings: exampleSettings(repoDir!, workDir!, { minRounds: 3, maxRounds: 3, warmupSeconds: 0 }),
  bench: exampleBenchmark({ k6Env: { DURATION: '6s', RATE: '50' } }),
  arms: ['base', 'head'],
  baseSha: baseSha!,
  meta: { runId: `kill${process.pid}`, runUrl: '', repository: '', event: 'pull_request', pullRequest: 1 },
  onProgress: (e) => process.stdout.write(`${e.message}\n`),
}).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`)
  process.exitCode = 1
})
