// Bundles the action (dist/index.js, dist/post.js), the CLI (dist/cli.js) and the dashboard
// (dist/site/). Output is deterministic so a test can compare dist/ with a fresh build.
import { build } from 'esbuild'
import { cp, mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist')

await rm(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/action/index.ts', post: 'src/action/post.ts', cli: 'src/cli/index.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  // Module paths as the project sees them, so a node_modules that is a symlink builds the same dist/.
  preserveSymlinks: true,
  logLevel: 'warning',
  // Some bundled dependencies are CommonJS and call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __loadgateRequire } from 'node:module';const require = __loadgateRequire(import.meta.url);",
  },
})
await mkdir(path.join(outdir, 'site', 'vendor'), { recursive: true })
await cp(path.join(root, 'site'), path.join(outdir, 'site'), { recursive: true })
for (const file of ['uPlot.iife.min.js', 'uPlot.min.css']) {
  await cp(path.join(root, 'node_modules', 'uplot', 'dist', file), path.join(outdir, 'site', 'vendor', file))
}
