// `npm run build:exe` (after `npm run build`, which writes dist/bundle and oclif.manifest.json): the five
// executables in dist/exe and their SHA256SUMS, each a Bun runtime (scripts/exe/bun-runtimes.js) with
// scripts/exe/main.js compiled in: the one bundle (dist/bundle), the manifest, package.json and jq-web's jq.wasm.
// On a linux-x64 machine a first build records which functions common calls run first (scripts/exe/bytecode-order.js).
// `PAYCTL_EXE_TARGETS=linux-x64,windows-x64` builds only those.
import {execFileSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {commandIds, pluginCommands} from './command-list.js'
import {bunRuntime, TARGETS} from './exe/bun-runtimes.js'
import {canRecordOrder, recordBytecodeOrder} from './exe/bytecode-order.js'
import {checkMachO, signAdHoc} from './exe/macho.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist', 'exe')
const entryDir = join(out, 'entry')
const bun = join(root, 'node_modules', '.bin', 'bun')
const only = process.env.PAYCTL_EXE_TARGETS?.split(',')
const targets = only ? TARGETS.filter(t => only.includes(t.name)) : TARGETS

rmSync(out, {recursive: true, force: true})
mkdirSync(entryDir, {recursive: true})

// Each command of dist/bundle by id, a getter that require()s it: Bun evaluates a require()d module on first use.
const bundled = id => join(root, 'dist', 'bundle', 'commands', `${id.split(':').join('/')}.js`)
const getters = [...commandIds(), ...pluginCommands()].map(
  ({id}) => `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(bundled(id))}).default\n  },`,
)
writeFileSync(join(entryDir, 'commands.js'), `export const COMMANDS = {\n${getters.join('\n')}\n}\n`)

function buildAll(chosen, order, outDir = out) {
  const files = []
  for (const target of chosen) {
    const file = `payctl-${target.name}${target.name.startsWith('windows') ? '.exe' : ''}`
    const args = [
      'build',
      '--compile',
      '--production',
      '--bytecode',
      // The npm package reads no .env or bunfig.toml from the working folder; neither does the executable.
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      // JavaScriptCore compiles a function with its JIT after 20 times the usual number of runs: a start-up runs most
      // functions a few times, and their machine code cost about 4 MB of a call's peak memory (a hot loop of a long run
      // still reaches the JIT within its first milliseconds).
      '--compile-jit-policy=20',
      ...(order ? [`--bytecode-order=${order.join(',')}`] : []),
      `--target=${target.target}`,
      `--compile-executable-path=${bunRuntime(target)}`,
      // Where a bundled CommonJS module finds files beside it: jq-web reads jq.wasm from __dirname, which is embedded
      // at the root of the executable's file system under its own name.
      `--define=__dirname=${JSON.stringify(target.bunfs)}`,
      '--asset-naming=[name].[ext]',
      `--outfile=${join(outDir, file)}`,
      relative(root, join(root, 'scripts', 'exe', 'main.js')),
      'scripts/exe/hand-off/help.js',
      'scripts/exe/hand-off/command-not-found.js',
      'scripts/exe/hand-off/runtime-name.js',
    ]
    execFileSync(bun, args, {cwd: root, stdio: ['ignore', 'ignore', 'inherit']})
    if (target.macho) signIfBroken(join(outDir, file), target.macho)
    files.push(file)
  }
  return files
}

// macOS kills an arm64 process whose pages do not match its signature. Bun signs its darwin-arm64 output ad hoc; its
// darwin-x64 output keeps the runtime's own signature, which no longer matches the file. Such a file is signed here.
function signIfBroken(path, arch) {
  const file = readFileSync(path)
  try {
    checkMachO(file, arch)
  } catch {
    writeFileSync(path, signAdHoc(file, 'payctl'))
    checkMachO(readFileSync(path), arch)
  }
}

const host = TARGETS.find(t => t.name === 'linux-x64')
let recorded
if (canRecordOrder()) {
  buildAll([host], undefined, entryDir)
  recorded = await recordBytecodeOrder(join(entryDir, 'payctl-linux-x64'))
}
const files = buildAll(targets, recorded?.files)
recorded?.cleanUp()
rmSync(entryDir, {recursive: true})

const sums = files.map(
  f =>
    `${createHash('sha256')
      .update(readFileSync(join(out, f)))
      .digest('hex')}  ${f}\n`,
)
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''))
for (const f of files) console.log(`dist/exe/${f}: ${(statSync(join(out, f)).size / 1024 / 1024).toFixed(1)} MiB`)
