// The CLI as two scripts, for both packagings: `npm run build` (dist/payctl, run by bin/run.js through
// scripts/cli/package-loader.cjs) and `npm run build:exe` (the single executable's assets). `core.js`
// (scripts/cli/core-main.js: oclif, the manifest, the help class and the command-not-found hook) runs at every
// start; `commands.js` (scripts/cli/commands-main.js: every command with what it imports) only when oclif asks for
// a command's class. script-runtime.cjs runs them, each with its V8 code cache.
import {createHash} from 'node:crypto'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'
import {dependencyEdits} from '../dependency-edits.js'
import {cliModules} from './cli-modules.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Optional packages nothing in the scripts loads: better-sqlite3 where Node has node:sqlite (the npm package adds
// it back) and oclif's TypeScript support for development.
export const OPTIONAL = ['better-sqlite3', 'typescript', 'ts-node', 'tsx']
// What the npm package leaves in node_modules: open runs the xdg-open script shipped beside it, jq-web reads its
// jq.wasm (the executable serves it from an asset, scripts/exe/jq-wasm.js).
export const LEFT_IN_NODE_MODULES = ['open', 'jq-web']
// What core serves the commands script: one oclif for both (its config, settings and classes).
const SHARED = /^@oclif\/core(\/|$)/
export const SCRIPTS = ['core', 'commands']

/**
 * The scripts are run by vm.Script, which has no import() of its own: import() of Node's modules and of the
 * packages left `external` becomes an ES module of the bundle that require()s them. Its default export is what
 * Node's import() would give: an ES module's default export (require() of one returns its namespace), or a
 * CommonJS module's exports (jq-web's is a promise, which must stay one value).
 */
const importsByRequire = external => ({
  name: 'imports-by-require',
  setup(builder) {
    const names = new RegExp(`^(${[...external, 'node:.*'].join('|')})$`)
    builder.onResolve({filter: names}, args =>
      args.kind === 'dynamic-import' ? {path: args.path, namespace: 'import-by-require'} : undefined,
    )
    builder.onLoad({filter: /^node:/, namespace: 'import-by-require'}, args => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})\n`,
      loader: 'js',
    }))
    builder.onLoad({filter: /.*/, namespace: 'import-by-require'}, args => ({
      contents: `const m = require(${JSON.stringify(args.path)})\nexport default m?.[Symbol.toStringTag] === 'Module' ? m.default : m\n`,
      loader: 'js',
    }))
  },
})

/**
 * Bundles `entry` into `dir/name.js`: one function expression, called with Node's `require`, the file the
 * scripts stand for (the executable, or dist/payctl/core.js) and the runtime (script-runtime.cjs), returning what
 * the entry assigns to `__payctlMain`. Its `require` first looks up the modules the runtime holds by name (oclif's
 * module loader asks for the help class and hooks by path; the commands script for oclif). The script is made
 * ASCII, so that the loader reads it as Latin-1 (no UTF-8 decoding at start-up): esbuild escapes all but a few
 * characters in regular expressions, which a \u escape means the same in. Returns the metafile.
 */
async function bundleScript(dir, name, entry, {target, plugins, external}) {
  const file = join(dir, `${name}.js`)
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target,
    external: [...OPTIONAL, ...external],
    define: {'import.meta.url': '__payctlFileUrl'},
    banner: {
      js: [
        '(function (nodeRequire, __filename, __payctlRuntime) {',
        'const __dirname = nodeRequire("node:path").dirname(__filename);',
        'const __payctlFileUrl = nodeRequire("node:url").pathToFileURL(__filename).href;',
        'const __payctlModules = __payctlRuntime.modules;',
        'let __payctlMain;',
        'const require = Object.assign(id => (__payctlModules.has(id) ? __payctlModules.get(id)() : nodeRequire(id)), {',
        '  resolve(id) {',
        '    if (__payctlModules.has(id)) return id;',
        '    throw Object.assign(new Error("Cannot find module " + id), {code: "MODULE_NOT_FOUND"});',
        '  },',
        '});',
      ].join('\n'),
    },
    footer: {js: 'return __payctlMain;\n})'},
    plugins: [...plugins, importsByRequire(external.filter(name => !name.includes('*'))), ...dependencyEdits],
    metafile: true,
    charset: 'ascii',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    logLevel: 'warning',
  })
  const script = readFileSync(file, 'utf8')
  writeFileSync(
    file,
    script.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  )
  return result.metafile
}

/**
 * Writes `dir/core.js`, `dir/commands.js` and `dir/scripts.json` (each script's SHA-256, which names its code
 * cache: V8 checks a cache against the source's length only).
 * @param {{dir: string, target: string, external?: string[], plugins?: object[]}} options
 */
export async function buildCliScripts({dir, target, external = [], plugins = []}) {
  const options = {target, external, plugins}
  const commandsMeta = await bundleScript(dir, 'commands', 'scripts/cli/commands-main.js', {
    ...options,
    plugins: [cliModules({script: 'commands'}), ...plugins],
    external: [...external, '@oclif/core', '@oclif/core/*'],
  })
  const shared = [
    ...new Set(
      Object.values(commandsMeta.inputs).flatMap(input =>
        input.imports.filter(i => i.external && SHARED.test(i.path)).map(i => i.path),
      ),
    ),
  ].sort()
  await bundleScript(dir, 'core', 'scripts/cli/core-main.js', {
    ...options,
    plugins: [cliModules({script: 'core', shared}), ...plugins],
  })
  const digests = Object.fromEntries(
    SCRIPTS.map(name => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, `${name}.js`)))
        .digest('hex')
        .slice(0, 16),
    ]),
  )
  writeFileSync(join(dir, 'scripts.json'), `${JSON.stringify(digests)}\n`)
}

/** Bundles a CommonJS loader (`entry` with what it requires) into one file: the executable's main script, or
 * the npm package's loader. */
export async function bundleLoader(entry, outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  })
}
