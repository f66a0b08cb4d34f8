// `npm run build:exe` (after `npm run build`, which writes oclif.manifest.json): dist/exe/payctl, a Node 24
// single executable application for the machine's platform (linux-x64 in CI), made of the node@24 package's
// binary (scripts/node24.js) with, injected by postject:
// - the CLI's two scripts (scripts/cli/build-scripts.js), everything inside them, each with V8's code cache made
//   after running a few commands (scripts/exe/warm-up.cjs);
// - `jq.wasm` for --jq (scripts/exe/jq-wasm.js);
// - the main script, scripts/exe/sea-loader.cjs bundled with scripts/cli/script-runtime.cjs, which runs them.
import {execFileSync} from 'node:child_process'
import {chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {startEmulatorProcess} from '../bench/emulator-process.js'
import {buildCliScripts, bundleLoader, SCRIPTS} from './cli/build-scripts.js'
import {JQ_WASM, jqWasmAsset} from './exe/jq-wasm.js'
import {node24} from './node24.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist', 'exe')
const work = join(out, 'build')
const file = name => join(work, name)
const exe = join(out, 'payctl')

rmSync(out, {recursive: true, force: true})
mkdirSync(work, {recursive: true})

await buildCliScripts({dir: work, target: 'node24', plugins: [jqWasmAsset]})
await bundleLoader(join(root, 'scripts', 'exe', 'sea-loader.cjs'), file('main.cjs'))

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
      ...Object.fromEntries(SCRIPTS.flatMap(n => [`${n}.js`, `${n}.cache`].map(a => [a, file(a)]))),
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
