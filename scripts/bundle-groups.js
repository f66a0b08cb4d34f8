// Second step of scripts/bundle.js: esbuild splits the bundle by which entry points reach each module, which leaves
// about sixty small files on the way of one API call, and Node pays for each file it loads. Rollup's manualChunks
// regroups esbuild's chunks (nothing else changes: no tree-shaking, same entry files and exports) into:
//   core      what every start loads: oclif's start (run.js) and what it imports, and what help (help.js) shares
//             with the commands;
//   commands  what at least half of the commands import besides (the base command, flags, output): a command loads
//             it, help and --version do not;
//   api       what an API call adds: the profile, the API client and its auth.
// Every other chunk stays as esbuild cut it, loaded only by what needs it.
import {isBuiltin} from 'node:module'
import {isAbsolute, join, resolve} from 'node:path'
import {rollup} from 'rollup'

/** What an API call loads besides the core (their source files; esbuild's metafile names them). */
const API_ENTRIES = ['src/client/index.ts', 'src/config/resolve.ts', 'src/services/auth/auth-provider.ts']

/** The esbuild outputs that `from` loads statically (itself included). */
function staticClosure(outputs, from, into = new Set()) {
  if (into.has(from)) return into
  into.add(from)
  for (const {path, kind} of outputs[from].imports)
    if (kind === 'import-statement' && outputs[path]) staticClosure(outputs, path, into)
  return into
}

/** Each esbuild output file (relative to the working folder) that belongs to a group, with its group's name. */
export function groupsOf(metafile, {runEntry, helpEntry, commandEntries}) {
  const {outputs} = metafile
  const core = staticClosure(outputs, runEntry)
  const reach = new Map()
  for (const entry of commandEntries)
    for (const file of staticClosure(outputs, entry)) reach.set(file, (reach.get(file) ?? 0) + 1)
  for (const file of staticClosure(outputs, helpEntry)) if (reach.has(file) && file !== helpEntry) core.add(file)
  const api = new Set()
  for (const [file, output] of Object.entries(outputs))
    if (API_ENTRIES.includes(output.entryPoint)) staticClosure(outputs, file, api)
  const groups = new Map([...api].map(file => [file, 'api']))
  for (const [file, count] of reach) if (count * 2 >= commandEntries.length) groups.set(file, 'commands')
  for (const file of core) groups.set(file, 'core')
  return groups
}

const BUILTIN = '\0builtin:'

/**
 * Node's modules, imported statically, are taken with `process.getBuiltinModule()` (what `require()` answers), each
 * in a one-line module of the chunk that imports it; `import {x} from 'node:fs'` then reads `fs.x` where it is
 * used. Node builds an ES module namespace for a built-in imported as a module, which reads every export: for
 * node:fs and node:util that loads readline, the REPL's history, worker threads, the streams and more, about 10 ms
 * of every start. A dynamic `import()` of one stays as it is (it may fail, as node:sqlite does on Node 20).
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  resolveId(source, importer) {
    if (!isBuiltin(source) || importer === undefined) return null
    return {id: `${BUILTIN}${source}\0${importer}`, syntheticNamedExports: true}
  },
  resolveDynamicImport(source) {
    return typeof source === 'string' && isBuiltin(source) ? {id: source, external: true} : null
  },
  load(id) {
    if (!id.startsWith(BUILTIN)) return null
    const name = id.slice(BUILTIN.length).split('\0')[0]
    return `export default process.getBuiltinModule(${JSON.stringify(name.startsWith('node:') ? name : `node:${name}`)})`
  },
}

/** The importer of a built-in's one-line module (builtinsByRequire). */
const importerOf = id => (id.startsWith(BUILTIN) ? id.slice(BUILTIN.length).split('\0')[1] : id)

/**
 * Rewrites esbuild's output folder `from` into `to`: the same entry files (`entries`, relative paths without .js),
 * the chunks regrouped by `groups` (file -> group name, paths relative to `root`). Answers each written file (its
 * path in `to`) with the esbuild output files it holds (absolute paths).
 */
export async function regroup({root, from, to, entries, groups}) {
  const grouped = new Map([...groups].map(([file, group]) => [resolve(root, file), group]))
  const entryFiles = new Set(entries.map(name => resolve(from, `${name}.js`)))
  const bundle = await rollup({
    input: Object.fromEntries(entries.map(name => [name, join(from, `${name}.js`)])),
    treeshake: false,
    preserveEntrySignatures: 'strict',
    // The packages left in node_modules; esbuild's files import each other by relative path.
    external: id => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith(BUILTIN) && !isBuiltin(id),
    plugins: [builtinsByRequire],
    onwarn(warning, warn) {
      // esbuild's chunks import each other in cycles, and its CommonJS wrappers use `this` and eval as written.
      if (!['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'EVAL'].includes(warning.code)) warn(warning)
    },
  })
  const {output} = await bundle.write({
    dir: to,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: id => (entryFiles.has(importerOf(id)) ? undefined : grouped.get(importerOf(id))),
  })
  await bundle.close()
  return new Map(output.filter(file => file.type === 'chunk').map(file => [file.fileName, Object.keys(file.modules)]))
}
