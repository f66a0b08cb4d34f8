// `npm run build` step: bundles oclif, every command and their dependencies into dist/bundle with esbuild, then
// regroups esbuild's chunks with rollup (scripts/bundle-groups.js), so that start-up reads a few files instead of
// hundreds. The command list is scripts/command-list.js. Code that a command imports lazily (`await import(...)`)
// stays in its own chunk, loaded only when used.
import {rmSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'
import {groupsOf, regroup} from './bundle-groups.js'
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
  // oclif and other CommonJS dependencies call require() for Node's modules.
  banner: {
    js: "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [virtualEntries],
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
