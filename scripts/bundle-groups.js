// Second step of scripts/bundle.js: esbuild splits the bundle by which entry points reach each module, which leaves
// about sixty small files on the way of one API call, and Node pays for each file it loads. Rollup's manualChunks
// regroups esbuild's chunks (nothing else changes: no tree-shaking, same entry files and exports) into:
//   core      what every start loads: oclif's start (run.js) and what it imports, and what help (help.js) shares
//             with the commands;
//   commands  what at least half of the commands import besides (the base command, flags, output): a command loads
//             it, help and --version do not;
//   api       what an API call adds: the profile, the API client and its auth, and the parts of the contract
//             every operation shares;
//   run       what a command's run takes whatever the command: the operation layer, the walk of a list, the output;
// and a lazily imported module with its code, where esbuild cut the two apart. Every other chunk stays as esbuild
// cut it, loaded only by what needs it. A group takes only chunks whose static imports are grouped already (rollup
// would otherwise take those into the group too), so that grouping never makes a file load more than it did.
import {isBuiltin} from 'node:module'
import {basename, isAbsolute, join, resolve} from 'node:path'
import {rollup} from 'rollup'

/** What an API call loads besides the core (their source files; esbuild's metafile names them). */
const API_ENTRIES = ['src/client/index.ts', 'src/config/resolve.ts', 'src/services/auth/auth-provider.ts']

/** What oclif imports lazily on every start (the platform's name): scripts/bundle.js's stand-in for wsl-utils. */
const OCLIF_EVERY_START = [
  'oclif-wsl-utils:wsl-utils',
  'node_modules/is-wsl/index.js',
  'node_modules/is-docker/index.js',
  'node_modules/is-inside-container/index.js',
]

/** The command factory (src/cli), which the commands are moving to: theirs, whichever of them use it yet. */
const COMMAND_FACTORY = ['src/cli/command-of.ts']

/**
 * What a command's run takes whatever the command: the operation, the walk of a list, the output path. Small modules
 * that esbuild cut into a file each (they are imported lazily, and by many commands): one file for all of them.
 */
const RUN_MODULES = [
  'src/operations/operation.ts',
  'src/operations/item-source.ts',
  'src/operations/lists/cursor-items.ts',
  'src/operations/lists/watched-read.ts',
  'src/shared/map-limit.ts',
  'src/shared/csv-line.ts',
  'src/shared/csv-formula.ts',
  'src/cli/flags/common-flags.ts',
  'src/cli/output/colors.ts',
  'src/cli/output/format.ts',
  'src/cli/output/item-stream.ts',
  'src/cli/output/json-document.ts',
  'src/cli/output/list-writer.ts',
  'src/cli/output/output.ts',
  'src/cli/output/print-json.ts',
  'src/cli/output/render-stream.ts',
  'src/cli/output/rendered.ts',
  'src/cli/output/run-output.ts',
  'src/cli/output/table-fit.ts',
  'src/cli/output/table-writer.ts',
  'src/cli/output/wait-progress.ts',
]

/**
 * What an API call takes of the contract whatever its operation: scopes, ids, the problems of a request and their
 * wording, the answer fields every resource shares, the query fields. Each operation's rows and its resource's
 * answers stay apart (a call builds its own resource's schemas only).
 */
const API_SHARED = [
  'src/contract/scopes.ts',
  'src/contract/ids.ts',
  'src/contract/document-notes.ts',
  'src/contract/problem-wording.ts',
  'src/contract/request-problems.ts',
  'src/contract/responses/answer-fields.ts',
  'src/contract/requests/query-fields.ts',
  'src/contract/requests/list-queries.ts',
]

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
  joinWhole(outputs, groups, 'core', OCLIF_EVERY_START, ['core'])
  joinWhole(outputs, groups, 'commands', COMMAND_FACTORY, ['core', 'commands'])
  joinWhole(outputs, groups, 'run', RUN_MODULES, ['core', 'commands'])
  joinWhole(outputs, groups, 'api', API_SHARED, ['core', 'commands', 'run', 'api'])
  for (const [file, group] of withFacades(outputs, groups)) groups.set(file, group)
  return groups
}

/** Whether every file of `outputs` that `file` imports statically is one `allowed` answers true for. */
const importsOnly = (outputs, file, allowed) =>
  outputs[file].imports.every(({path, kind}) => kind !== 'import-statement' || !outputs[path] || allowed(path))

/**
 * A module imported lazily that something else imports statically is two files in esbuild's output: the lazy
 * import's own file, which only re-exports, and the chunk with the module's code. The two go together (loading the
 * first always loads the second), named after the module, when neither imports a file outside the groups.
 */
function withFacades(outputs, groups) {
  const pairs = new Map()
  const taken = new Set(groups.values())
  for (const [file, output] of Object.entries(outputs)) {
    if (groups.has(file) || !file.includes('/chunks/') || !output.entryPoint) continue
    if (Object.keys(output.inputs).length > 0) continue
    const code = output.imports.filter(
      ({path, kind}) => kind === 'import-statement' && outputs[path]?.inputs[output.entryPoint] !== undefined,
    )
    if (code.length !== 1 || groups.has(code[0].path) || pairs.has(code[0].path)) continue
    // Rollup takes a group's ungrouped imports into the group: a pair that imports one stays apart.
    const both = [file, code[0].path]
    if (!both.every(part => importsOnly(outputs, part, path => groups.has(path) || both.includes(path)))) continue
    // A group's name is its file's: two pairs of the same name would be one file.
    const stem = basename(output.entryPoint).replace(/\.[cm]?[jt]s$/, '')
    let name = stem
    for (let n = 2; taken.has(name); n++) name = `${stem}${n}`
    taken.add(name)
    pairs.set(file, name).set(code[0].path, name)
  }
  return pairs
}

/**
 * Adds to `group` each chunk (not an entry file) outside the groups made of `modules` only, as long as it imports
 * statically nothing but the groups `loaded` and `group` itself (a chunk that would pull in more stays on its own).
 */
function joinWhole(outputs, groups, group, modules, loaded) {
  const joining = new Set(
    Object.entries(outputs)
      .filter(([file]) => !groups.has(file) && file.includes('/chunks/'))
      .filter(([, output]) => {
        // A lazily imported module's own file may hold nothing but what it re-exports from another chunk.
        const inputs = Object.keys(output.inputs)
        return (inputs.length > 0 ? inputs : [output.entryPoint]).every(input => modules.includes(input))
      })
      .map(([file]) => file),
  )
  const inReach = path => joining.has(path) || (groups.has(path) && loaded.includes(groups.get(path)))
  for (let changed = true; changed; ) {
    changed = false
    for (const file of joining)
      if (!importsOnly(outputs, file, inReach)) {
        joining.delete(file)
        changed = true
      }
  }
  for (const file of joining) groups.set(file, group)
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

/** What esbuild writes first in each file (scripts/bundle.js): a `require` for CommonJS modules' own require() calls. */
export const REQUIRE_BANNER =
  "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);"

/**
 * The banner's `require` left out of the files that never use it: nearly all of them, and each createRequire() a
 * loaded file runs costs about a quarter of a millisecond (some 45 files for one API call).
 */
const requireWhereUsed = {
  name: 'require-where-used',
  transform(code) {
    if (!code.startsWith(REQUIRE_BANNER)) return null
    const rest = code.slice(REQUIRE_BANNER.length)
    return readsRequire(this.parse(rest)) ? null : {code: rest, map: null}
  },
}

/** Whether a program's syntax tree reads a variable named `require` (a property or key of that name is not one). */
function readsRequire(node, parent) {
  if (node === null || typeof node !== 'object') return false
  if (Array.isArray(node)) return node.some(child => readsRequire(child, parent))
  if (node.type === 'Identifier' && node.name === 'require') {
    const property = parent?.type === 'MemberExpression' && parent.property === node && !parent.computed
    const key = parent?.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand
    return !property && !key
  }
  return Object.entries(node).some(([field, child]) => field !== 'parent' && readsRequire(child, node))
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
    plugins: [requireWhereUsed, builtinsByRequire],
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
