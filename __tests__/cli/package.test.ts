import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

// The package as npm publishes it: a fresh build of dist/ (not the committed one), `npm pack`, then
// `npx ./loadgate-<version>.tgz` in an empty folder with an empty npm cache and --offline, so npx
// can fetch nothing: the tarball alone must run the CLI.

const run = promisify(execFile)
const BUILTINS = new Set(builtinModules)

/** Every module specifier a bundled file imports that is neither relative nor a Node built-in. */
/** What npm accepts as a package name, with an optional subpath. */
const PACKAGE_NAME = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(\/[^\s]*)?$/

async function outsideImports(dir: string): Promise<string[]> {
  const outside: string[] = []
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!entry.endsWith('.js') || entry.startsWith('site')) continue
    const code = await readFile(path.join(dir, entry), 'utf8')
    for (const m of code.matchAll(/(?:\bfrom ?|\bimport ?\(|\brequire\()["']([^"'\s]+)["']/g)) {
      const name = m[1]!
      if (name.startsWith('.') || name.startsWith('node:') || BUILTINS.has(name)) continue
      // Prose in a bundled string ('… download from "${url}"') is no module name.
      if (!PACKAGE_NAME.test(name)) continue
      outside.push(`${entry}: ${name}`)
    }
  }
  return outside
}

test(
  'npm pack, then npx ./loadgate-<version>.tgz compare --help in an empty folder, offline',
  { timeout: 180_000 },
  async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'loadgate-pack-'))
    try {
      const pkg = path.join(root, 'package')
      await mkdir(pkg)
      const manifest = JSON.parse(await readFile('package.json', 'utf8'))
      assert.deepEqual(manifest.dependencies ?? {}, {}, 'no runtime dependency: dist/ is the whole program')
      assert.equal(manifest.bin?.loadgate, 'dist/cli.js')
      assert.match(manifest.engines?.node ?? '', /^>=20/)
      for (const file of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'action.yml'])
        await copyFile(file, path.join(pkg, file))
      await cp('scripts', path.join(root, 'scripts'), { recursive: true })
      await run('node', ['scripts/build.mjs', path.join(pkg, 'dist')])
      assert.deepEqual(await outsideImports(path.join(pkg, 'dist')), [], 'dist/ imports only itself and Node')
      assert.match(await readFile(path.join(pkg, 'dist', 'cli.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/)

      const env = {
        ...process.env,
        npm_config_cache: path.join(root, 'npm-cache'),
        npm_config_offline: 'true',
      }
      const packed = await run('npm', ['pack', '--silent'], { cwd: pkg, env })
      const tarball = packed.stdout.trim().split('\n').at(-1)!
      assert.match(tarball, /^loadgate-\d+\.\d+\.\d+\.tgz$/)
      const empty = path.join(root, 'empty')
      await mkdir(empty)
      await copyFile(path.join(pkg, tarball), path.join(empty, tarball))
      const listing = await run('tar', ['-tzf', tarball], { cwd: empty })
      assert.ok(listing.stdout.includes('package/dist/cli.js'), listing.stdout)
      assert.ok(!listing.stdout.includes('package/src/'), 'sources stay out of the package')

      const help = await run('npx', ['--offline', '--yes', `./${tarball}`, 'compare', '--help'], {
        cwd: empty,
        env,
      })
      assert.match(help.stdout, /^loadgate compare --base <ref>/)
      assert.match(help.stdout, /interleaved rounds/)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  },
)
