// `npm run build` step: bundles oclif, every command and their dependencies into dist/bundle with esbuild, then
// regroups esbuild's chunks with rollup (scripts/bundle-groups.js), so that start-up reads a few files instead of
// hundreds. The command list is scripts/command-list.js. Code that a command imports lazily (`await import(...)`)
// stays in its own chunk, loaded only when used.
import {rmSync, writeFileSync} from 'node:fs'
import {createRequire, isBuiltin} from 'node:module'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'
import {groupsOf, REQUIRE_BANNER, regroup} from './bundle-groups.js'
import {commandIds, pluginCommands} from './command-list.js'

const root = fileURLToPath(new URL('..', import.meta.url))
// Optional packages, loaded only when installed.
const OPTIONAL = ['better-sqlite3', 'typescript', 'ts-node', 'tsx']
// What the npm package leaves in node_modules: open runs the xdg-open script shipped beside it, jq-web reads its
// jq.wasm beside its own file. The executables embed both (scripts/build-exe.js).
const LEFT_IN_NODE_MODULES = ['open', 'jq-web']

const commands = [...commandIds(), ...pluginCommands()]
/** `payouts:list` -> `commands/payouts/list` (the command's own entry point, so it loads alone). */
const commandOut = id => `commands/${id.split(':').join('/') || 'index'}`

/**
 * oclif's explicit strategy reads `COMMANDS[id]` synchronously once it needs a command. Each entry is a getter
 * that loads only that command's module (`require()` of an ES module, synchronous on every Node payctl supports),
 * so a call evaluates one command and what it imports, not all of them. Written after the build, as plain
 * JavaScript: esbuild would otherwise bundle every command back into this file.
 */
function commandsIndex() {
  const getters = commands.map(
    ({id}) =>
      `  get ${JSON.stringify(id)}() {\n    return require(${JSON.stringify(`./${commandOut(id)}.js`)}).default\n  },`,
  )
  return [
    "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url)",
    `export const COMMANDS = {\n${getters.join('\n')}\n}`,
    '',
  ].join('\n')
}

/**
 * dist/bundle-modules.json (not shipped): each file of dist/bundle with the source modules it holds and their bytes
 * in it (esbuild's metafile through rollup's regrouping), and each module's imports of other bundled modules.
 * test/startup/load-budget.test.ts reads it to name the modules a command evaluates and who imports them.
 */
function bundleModules(files, metafile) {
  const map = {}
  for (const [file, parts] of files) {
    const modules = {}
    for (const part of parts)
      for (const [input, {bytesInOutput}] of Object.entries(metafile.outputs[relative(root, part)]?.inputs ?? {}))
        modules[input] = (modules[input] ?? 0) + bytesInOutput
    map[file] = modules
  }
  const imports = Object.fromEntries(
    Object.entries(metafile.inputs).map(([input, {imports}]) => [
      input,
      imports.filter(i => !i.external).map(({path, kind}) => ({path, kind})),
    ]),
  )
  return {files: map, imports}
}

const entries = {
  // What bin/run.js, the executables and the in-process tests start: oclif's execute() over a root plugin in memory.
  run: "export {start, startPackage} from './cli/entry/start.ts'; export {manifestFromIndex} from './cli/entry/command-index.ts'",
  // "Did you mean ...?" for an unknown command (package.json: oclif.hooks.command_not_found).
  'command-not-found': "export {default} from './cli/hooks/command-not-found.ts'",
  // The executables' init hook: --version names Bun (scripts/exe/main.js registers it).
  'runtime-name': "export {default} from './cli/hooks/runtime-name.ts'",
}

const virtualEntries = {
  name: 'payctl-entries',
  setup(builder) {
    builder.onResolve({filter: /^payctl-entry:/}, args => ({
      path: args.path.slice('payctl-entry:'.length),
      namespace: 'payctl-entry',
    }))
    builder.onLoad({filter: /.*/, namespace: 'payctl-entry'}, args => ({
      contents: entries[args.path],
      loader: 'ts',
      resolveDir: join(root, 'src'),
    }))
  },
}

/**
 * What oclif's CommonJS files require() at their top but use only in some runs: Node's readline (the parser reads
 * stdin for a flag given as `-`), child_process (a shell's name where none is set) and perf_hooks (DEBUG=oclif:perf),
 * the packages oclif reads plugins and templates with (tinyglobby and minimatch find plugins' commands, which
 * payctl's plugin in memory never asks for; ejs and lilconfig read templates and package.json files), and the ones it
 * draws with where payctl does not (a spinner on a terminal: cli-spinners, ansi-escapes; an error's stack:
 * clean-stack; oclif's own fold of help, which payctl's help class replaces: wrap-ansi, string-width, widest-line,
 * indent-string). Each is a stand-in that takes the real module on the first read of one of its exports, or on the
 * first call of a module that is a function (`__esModule`, which TypeScript's interop reads at once, is answered as
 * the real module's, read here at build time), so a run that never uses one does not evaluate it: several
 * milliseconds of every start.
 */
const LAZY_IN_OCLIF =
  /^(?:(?:node:)?(?:readline|child_process|perf_hooks)|tinyglobby|minimatch|ejs|lilconfig|cli-spinners|ansi-escapes|clean-stack|indent-string|string-width|widest-line|wrap-ansi)$/
const lazyInOclif = {
  name: 'lazy-in-oclif',
  setup(builder) {
    builder.onResolve({filter: LAZY_IN_OCLIF}, args =>
      args.kind === 'require-call' && args.importer.includes('/node_modules/@oclif/core/')
        ? {path: args.path, namespace: 'lazy-in-oclif', pluginData: {from: args.importer}}
        : undefined,
    )
    builder.onLoad({filter: /.*/, namespace: 'lazy-in-oclif'}, ({path, pluginData: {from}}) => {
      const builtin = isBuiltin(path)
      const id = builtin && !path.startsWith('node:') ? `node:${path}` : path
      const atBuild = createRequire(from)(id)
      const esModule = Boolean(atBuild.__esModule)
      const take = builtin ? `process.getBuiltinModule(${JSON.stringify(id)})` : `require(${JSON.stringify(id)})`
      // A module that is a function (wrap-ansi, clean-stack...) is called through its stand-in.
      const [target, call] =
        typeof atBuild === 'function'
          ? ['function () {}', ', apply: (_, self, args) => Reflect.apply(real(), self, args)']
          : ['{}', '']
      return {
        contents: `let taken; const real = () => (taken ??= ${take}); module.exports = new Proxy(${target}, {get: (_, key) => key === '__esModule' ? ${esModule} : real()[key]${call}})`,
        loader: 'js',
        resolveDir: dirname(from),
      }
    })
  },
}

/**
 * wsl-utils as oclif's config imports it on every start (util/os.js: `isWsl` for the platform's name, and
 * `powerShellPath()` only on Windows without a SHELL): is-wsl's answer itself, and the rest of wsl-utils (PowerShell's
 * paths, child_process, its file helpers) taken only when oclif asks for PowerShell.
 */
const oclifWslUtils = {
  name: 'oclif-wsl-utils',
  setup(builder) {
    builder.onResolve({filter: /^wsl-utils$/}, args =>
      args.importer.includes('/node_modules/@oclif/core/')
        ? {path: 'wsl-utils', namespace: 'oclif-wsl-utils'}
        : undefined,
    )
    builder.onLoad({filter: /.*/, namespace: 'oclif-wsl-utils'}, () => ({
      contents:
        "export {default as isWsl} from 'is-wsl'; export const powerShellPath = async () => (await import('wsl-utils')).powerShellPath()",
      loader: 'js',
      resolveDir: join(root, 'node_modules', 'wsl-utils'),
    }))
  },
}

// esbuild writes here first; scripts/bundle-groups.js regroups its chunks into dist/bundle.
const staging = join(root, 'dist', 'esbuild')
const entryPoints = [
  {in: 'payctl-entry:run', out: 'run'},
  ...commands.map(({id, file}) => ({in: file.startsWith('./') ? `src/${file.slice(2)}` : file, out: commandOut(id)})),
  {in: 'payctl-entry:command-not-found', out: 'hooks/command-not-found'},
  {in: 'payctl-entry:runtime-name', out: 'hooks/runtime-name'},
  // oclif's help with the RE-RUN section (package.json: oclif.helpClass).
  {in: 'src/cli/help/help.ts', out: 'help'},
]

const {metafile} = await build({
  absWorkingDir: root,
  entryPoints,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  external: [...OPTIONAL, ...LEFT_IN_NODE_MODULES],
  // oclif and other CommonJS dependencies call require() for Node's modules (kept only where used: bundle-groups.js).
  banner: {js: REQUIRE_BANNER},
  plugins: [virtualEntries, lazyInOclif, oclifWslUtils],
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
})
const outputOf = name => `dist/esbuild/${name}.js`
const groups = groupsOf(metafile, {
  runEntry: outputOf('run'),
  helpEntry: outputOf('help'),
  commandEntries: commands.map(({id}) => outputOf(commandOut(id))),
})
const files = await regroup({
  root,
  from: staging,
  to: join(root, 'dist', 'bundle'),
  entries: entryPoints.map(({out}) => out),
  groups,
})
writeFileSync(join(root, 'dist', 'bundle-modules.json'), JSON.stringify(bundleModules(files, metafile)))
rmSync(staging, {recursive: true})
writeFileSync(join(root, 'dist', 'bundle', 'commands.js'), commandsIndex())
