// `npm run build:exe` (after `npm run build`, which writes oclif.manifest.json): dist/exe/payctl, a Node 24
// single executable application for the machine's platform (linux-x64 in CI), made of the node@24 package's
// binary (scripts/node24.js) with, injected by postject:
// - two scripts of the CLI, each with V8's code cache made after running a few commands (scripts/exe/warm-up.cjs):
//   `core.js` (scripts/exe/sea-main.js: oclif, the manifest, help) and `commands.js` (scripts/exe/commands-main.js:
//   every command with what it imports, loaded when a command's class is needed; it takes oclif from core);
// - `jq.wasm` for --jq (scripts/exe/jq-wasm.js);
// - the main script, scripts/exe/sea-loader.cjs bundled with scripts/exe/script-runtime.cjs, which runs them.
import {execFileSync} from 'node:child_process'
import {chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'
import {startEmulatorProcess} from '../bench/emulator-process.js'
import {dependencyEdits} from './dependency-edits.js'
import {commandModules} from './exe/command-modules.js'
import {JQ_WASM, jqWasmAsset} from './exe/jq-wasm.js'
import {node24} from './node24.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist', 'exe')
const work = join(out, 'build')
const file = name => join(work, name)
const exe = join(out, 'payctl')

rmSync(out, {recursive: true, force: true})
mkdirSync(work, {recursive: true})

// Optional packages nothing in the executable loads: better-sqlite3 (Node 24 has node:sqlite) and oclif's
// TypeScript support for development.
const OPTIONAL = ['better-sqlite3', 'typescript', 'ts-node', 'tsx']
// What core serves the commands script: one oclif for both (its config, settings and classes).
const SHARED = /^@oclif\/core(\/|$)/

/**
 * Bundles `entry` into the script `name`.js: one function expression, called with Node's `require` (a single
 * executable's loads Node's own modules only), the executable's path and the runtime (script-runtime.cjs),
 * returning what the entry assigns to `__seaMain`. Its `require` first looks up the modules the runtime holds by
 * name (oclif's module loader asks for the help class and hooks by path; the commands script for oclif). The
 * script is made ASCII, so that the loader reads it as Latin-1 (no UTF-8 decoding at start-up): esbuild escapes
 * all but a few characters in regular expressions, which a \u escape means the same in. Returns the metafile.
 */
async function bundleScript(name, entry, {plugins, external = []}) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: file(`${name}.js`),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    external: [...OPTIONAL, ...external],
    define: {'import.meta.url': '__seaFileUrl'},
    banner: {
      js: [
        '(function (nodeRequire, __filename, __seaRuntime) {',
        'const __dirname = nodeRequire("node:path").dirname(__filename);',
        'const __seaFileUrl = nodeRequire("node:url").pathToFileURL(__filename).href;',
        'const __seaModules = __seaRuntime.modules;',
        'let __seaMain;',
        'const require = Object.assign(id => (__seaModules.has(id) ? __seaModules.get(id)() : nodeRequire(id)), {',
        '  resolve(id) {',
        '    if (__seaModules.has(id)) return id;',
        '    throw Object.assign(new Error("Cannot find module " + id), {code: "MODULE_NOT_FOUND"});',
        '  },',
        '});',
      ].join('\n'),
    },
    footer: {js: 'return __seaMain;\n})'},
    plugins: [...plugins, jqWasmAsset, ...dependencyEdits],
    metafile: true,
    charset: 'ascii',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    logLevel: 'warning',
  })
  const script = readFileSync(file(`${name}.js`), 'utf8')
  writeFileSync(
    file(`${name}.js`),
    script.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  )
  return result.metafile
}

const commandsMeta = await bundleScript('commands', 'scripts/exe/commands-main.js', {
  plugins: [commandModules({script: 'commands'})],
  external: ['@oclif/core', '@oclif/core/*'],
})
const shared = [
  ...new Set(
    Object.values(commandsMeta.inputs).flatMap(input =>
      input.imports.filter(i => i.external && SHARED.test(i.path)).map(i => i.path),
    ),
  ),
].sort()
await bundleScript('core', 'scripts/exe/sea-main.js', {plugins: [commandModules({script: 'core', shared})]})
await build({
  absWorkingDir: root,
  entryPoints: ['scripts/exe/sea-loader.cjs'],
  outfile: file('main.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  logLevel: 'warning',
})

const node = node24()
// What the code cache is made after: start-up, help, and a real call (the API client) against the emulator of
// the npm build, in a throw-away home.
const warmUp = [['--version'], ['--help'], ['payouts', 'list', '--help'], ['payouts', 'list', '--json']]
const emulator = await startEmulatorProcess()
const home = mkdtempSync(join(tmpdir(), 'payctl-warm-up-'))
try {
  const args = [join(root, 'scripts', 'exe', 'warm-up.cjs'), work]
  execFileSync(node, [...args, ...warmUp.map(a => JSON.stringify(a))], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NO_COLOR: '1',
      PAYCTL_ORIGIN: emulator.url,
      PAYCTL_CONFIG_DIR: join(home, 'config'),
      PAYCTL_DATA_DIR: join(home, 'data'),
      PAYCTL_CACHE_DIR: join(home, 'cache'),
    },
  })
} finally {
  await emulator.stop()
  rmSync(home, {recursive: true, force: true})
}

writeFileSync(
  file('sea-config.json'),
  JSON.stringify({
    main: file('main.cjs'),
    output: file('sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    assets: {
      ...Object.fromEntries(['core', 'commands'].flatMap(n => [`${n}.js`, `${n}.cache`].map(a => [a, file(a)]))),
      'jq.wasm': JQ_WASM,
    },
  }),
)
execFileSync(node, ['--experimental-sea-config', file('sea-config.json')], {stdio: 'inherit'})
copyFileSync(node, exe)
chmodSync(exe, 0o755)
const postject = join(root, 'node_modules', 'postject', 'dist', 'cli.js')
const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
execFileSync(process.execPath, [postject, exe, 'NODE_SEA_BLOB', file('sea-prep.blob'), '--sentinel-fuse', fuse], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
if (!process.env.PAYCTL_EXE_KEEP) rmSync(work, {recursive: true})
console.log(`${exe}: ${(statSync(exe).size / 1024 / 1024).toFixed(1)} MiB`)
