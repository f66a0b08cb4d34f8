// `npm run build:exe` (after `npm run build`, which writes oclif.manifest.json): dist/exe/payctl, a Node 24
// single executable application for the machine's platform (linux-x64 in CI), made of the node@24 package's
// binary (scripts/node24.js) with, injected by postject:
// - `cli.js`, one script of the whole CLI (scripts/exe/sea-main.js and everything it imports), and `cli.cache`,
//   V8's code cache for it made after running a few commands (scripts/exe/warm-up.cjs);
// - `jq.wasm` for --jq (scripts/exe/jq-wasm.js);
// - scripts/exe/sea-loader.cjs, the main script, which runs the first with the second.
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

await build({
  absWorkingDir: root,
  entryPoints: ['scripts/exe/sea-main.js'],
  outfile: file('cli.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node24',
  // Optional packages nothing in the executable loads: better-sqlite3 (Node 24 has node:sqlite) and oclif's
  // TypeScript support for development.
  external: ['better-sqlite3', 'typescript', 'ts-node', 'tsx'],
  define: {'import.meta.url': '__seaFileUrl'},
  // The script is one function expression, called with Node's `require` (a single executable's loads Node's own
  // modules only) and the executable's path; it returns sea-main.js's `main`. Its `require` first looks up the
  // modules sea-main.js registers (oclif's module loader asks for the help class and hooks by path).
  banner: {
    js: [
      '(function (nodeRequire, __filename) {',
      'const __dirname = nodeRequire("node:path").dirname(__filename);',
      'const __seaFileUrl = nodeRequire("node:url").pathToFileURL(__filename).href;',
      'const __seaModules = new Map();',
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
  plugins: [commandModules, jqWasmAsset, ...dependencyEdits],
  charset: 'ascii',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  keepNames: true,
  logLevel: 'warning',
})

// ASCII only, so that the loader reads it as Latin-1 (no UTF-8 decoding at start-up): esbuild escapes all but a
// few characters in regular expressions, which a \u escape means the same in.
const bundle = readFileSync(file('cli.js'), 'utf8')
writeFileSync(
  file('cli.js'),
  bundle.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
)

const node = node24()
// What the code cache is made after: start-up, help, and a real call (the API client) against the emulator of
// the npm build, in a throw-away home.
const warmUp = [['--version'], ['--help'], ['payouts', 'list', '--help'], ['payouts', 'list', '--json']]
const emulator = await startEmulatorProcess()
const home = mkdtempSync(join(tmpdir(), 'payctl-warm-up-'))
try {
  const args = [join(root, 'scripts', 'exe', 'warm-up.cjs'), file('cli.js'), file('cli.cache')]
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
    main: join(root, 'scripts', 'exe', 'sea-loader.cjs'),
    output: file('sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    assets: {'cli.js': file('cli.js'), 'cli.cache': file('cli.cache'), 'jq.wasm': JQ_WASM},
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
