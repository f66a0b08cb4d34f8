#!/usr/bin/env node
// Node's modules as require() answers them: an ES module import of a built-in makes Node read all its exports, and
// for node:fs that loads readline, the REPL's history and the streams (scripts/bundle-groups.js does the same for
// the bundle).
const {readFileSync} = process.getBuiltinModule('node:fs')
const {createRequire} = process.getBuiltinModule('node:module')
const {arch, platform, release} = process.getBuiltinModule('node:os')
const {fileURLToPath} = process.getBuiltinModule('node:url')

/**
 * `payctl --version` answers before oclif loads, in the words oclif uses (`name/version platform-arch node-vX`).
 * Where oclif would say "wsl" instead of "linux" (a Windows Subsystem for Linux kernel), oclif answers itself.
 */
const mayBeWsl = () =>
  platform() === 'linux' && (release().toLowerCase().includes('microsoft') || 'WSL_DISTRO_NAME' in process.env)
if (process.argv.length === 3 && process.argv[2] === '--version' && !mayBeWsl()) {
  const {name, version} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  process.stdout.write(`${name}/${version} ${platform()}-${arch()} node-${process.version}\n`)
} else {
  const require = createRequire(import.meta.url)
  // Node's own compile cache (Node >= 22.1; a documented API that keeps V8's code for the bundle's files in Node's
  // cache folder, which Node manages). Node 20 has no such API and runs without it.
  require('node:module').enableCompileCache?.()

  // DEBUG=oclif:perf prints oclif's start-up breakdown (config, plugins, command load and run times).
  if (process.env.DEBUG?.includes('oclif:perf')) globalThis.oclif = {...globalThis.oclif, performanceEnabled: true}

  const {startPackage} = await import('../dist/bundle/run.js')
  await startPackage(fileURLToPath(new URL('..', import.meta.url)))
}
