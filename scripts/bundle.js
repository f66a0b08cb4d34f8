// `npm run build` step: bundles oclif, every command and their dependencies into dist/bundle with esbuild,
// so that start-up reads a few files instead of hundreds. The command list (oclif's "explicit" strategy) is
// generated from the files under src/commands: a new command file needs no registration.
// Code that a command imports lazily (`await import(...)`) stays in its own chunk, loaded only when used.
import {readdirSync, writeFileSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import http2 from 'node:http2'
import {join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build} from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const commandsDir = join(root, 'src', 'commands')

/** `src/commands/payouts/list.ts` -> `payouts:list` (an `index.ts` names its folder), as oclif's pattern does. */
export function commandIds(dir = commandsDir) {
  const files = readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter(entry => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map(entry => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
  return files.map(file => {
    const parts = file.slice(0, -'.ts'.length).split(sep)
    if (parts.at(-1) === 'index') parts.pop()
    return {id: parts.join(':'), file: `./commands/${file.split(sep).join('/')}`}
  })
}

/** A file of an oclif plugin package (their `exports` name only lib/index.js). */
const pluginFile = (name, file) => fileURLToPath(new URL(file, import.meta.resolve(name)))

// oclif's plugins, bundled like the CLI's own commands instead of being looked up as plugins at every start. The
// help command is @oclif/plugin-help's with --llms added (src/cli/help/help-command.ts).
const pluginCommands = [
  {id: 'help', file: './cli/help/help-command.ts'},
  {id: 'autocomplete', file: pluginFile('@oclif/plugin-autocomplete', './commands/autocomplete/index.js')},
  {id: 'autocomplete:create', file: pluginFile('@oclif/plugin-autocomplete', './commands/autocomplete/create.js')},
  {id: 'autocomplete:script', file: pluginFile('@oclif/plugin-autocomplete', './commands/autocomplete/script.js')},
]

const commands = [...commandIds(), ...pluginCommands]
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
    "import {createRequire} from 'node:module'",
    'const require = createRequire(import.meta.url)',
    `export const COMMANDS = {\n${getters.join('\n')}\n}`,
    '',
  ].join('\n')
}

const entries = {
  // What bin/run.js starts: oclif's execute().
  run: "export {execute} from '@oclif/core/execute'",
  // "Did you mean ...?" for an unknown command (package.json: oclif.hooks.command_not_found).
  'command-not-found': "export {default} from './cli/hooks/command-not-found.ts'",
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

// undici's HTTP/2 client loads node:http2 (tens of milliseconds) as soon as any undici client is loaded, though
// payctl speaks HTTP/1.1: its constants are inlined and the module itself loaded on a first HTTP/2 connection.
const lazyHttp2 = {
  name: 'lazy-http2',
  setup(builder) {
    builder.onLoad({filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8')
      const eager = "require('node:http2')"
      if (!source.includes(eager)) throw new Error(`${args.path} no longer calls ${eager}: update scripts/bundle.js`)
      const lazy = `{constants: ${JSON.stringify(http2.constants)}, connect: (...a) => require('node:http2').connect(...a)}`
      return {contents: source.replace(eager, lazy), loader: 'js'}
    })
  },
}

// zod re-exports all its ~40 message locales (half of its code) as `z.locales`; payctl uses English only, which
// zod's schemas import directly. The bundle keeps `locales.en` and drops the rest.
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(builder) {
    builder.onLoad({filter: /zod[\\/]v4[\\/](core[\\/]index|classic[\\/]external)\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8')
      const all = 'export * as locales from "../locales/index.js";'
      if (!source.includes(all)) throw new Error(`${args.path} no longer exports ${all}: update scripts/bundle.js`)
      const english = 'import __en from "../locales/en.js";\nexport const locales = {en: __en};'
      return {contents: source.replace(all, english), loader: 'js'}
    })
  },
}

// Work oclif does at every start that payctl does not need there (this and the edits below):
// - it requires these at the top of its modules but uses them only on paths a bundled CLI with a manifest rarely
//   takes (file globbing for the "pattern" strategy, plugin patterns, rc files, spinners, help templates, the
//   Windows shell lookup, flags read from stdin): they load on first use instead;
// - it sorts the commands with `localeCompare`, whose first call loads ICU's collation data (about 10 ms). Command
//   ids are lowercase words joined by ':' and '-', which sort the same by code unit.
const lazyInOclif = [
  'tinyglobby',
  'minimatch',
  'lilconfig',
  'cli-spinners',
  'ejs',
  'node:child_process',
  'node:readline',
]

// oclif renders every help text through ejs, which compiles each string into a function (and loads ejs). A text
// without a tag, or with only `<%= config.bin %>` and `<%= command.id %>` (the only ones payctl's texts use),
// renders here to what ejs makes of it, escaped as ejs escapes; any other still goes to ejs.
const ejsRender = 'return ejs_1.default.render(t, context);'
const quickRender = `const __escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;'};
function __quickRender(text, context) {
  if (typeof text !== 'string') return undefined;
  if (!text.includes('<%')) return text;
  let known = true;
  const out = text.replace(/<%=\\s*(config\\.bin|command\\.id)\\s*%>/g, (_, name) => {
    const value = name === 'config.bin' ? context.config?.bin : context.command?.id;
    if (value === undefined) known = false;
    return String(value ?? '').replace(/[&<>"']/g, c => __escapes[c]);
  });
  return known && !out.includes('<%') ? out : undefined;
}
`
const localeSort = '.sort((a, b) => a.id.localeCompare(b.id));'

// oclif imports wsl-utils (is-wsl, is-docker, powershell-utils and node:child_process) at every start to tell WSL
// from Linux. is-wsl's own tests run first here, and wsl-utils loads only when one of them passes.
const wslImport = "return (await import('wsl-utils')).isWsl ? 'wsl'"
const wslTests = [
  "os.release().toLowerCase().includes('microsoft')",
  "'/proc/version'",
  "'/proc/sys/fs/binfmt_misc/WSLInterop'",
  "'/run/WSL'",
]
const mayBeWsl = `const __mayBeWsl = () => {
  if (process.platform !== 'linux') return false;
  const fs = require('node:fs');
  if (require('node:os').release().toLowerCase().includes('microsoft')) return true;
  try {
    if (fs.readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft')) return true;
  } catch {}
  return fs.existsSync('/proc/sys/fs/binfmt_misc/WSLInterop') || fs.existsSync('/run/WSL');
};
`
const leanOclif = {
  name: 'lean-oclif',
  setup(builder) {
    builder.onLoad({filter: /@oclif[\\/]core[\\/]lib[\\/].*\.js$/}, async args => {
      let source = await readFile(args.path, 'utf8')
      const eager = new RegExp(
        `^const (\\w+) = ((?:__importDefault\\()?require\\("(?:${lazyInOclif.join('|')})"\\)\\)?);$`,
        'gm',
      )
      if (/help[\\/]util\.js$/.test(args.path)) {
        if (!source.includes(ejsRender))
          throw new Error(`${args.path} no longer calls ${ejsRender}: update scripts/bundle.js`)
        source =
          quickRender +
          source.replace(ejsRender, 'return __quickRender(t, context) ?? ejs_1.default.render(t, context);')
      }
      if (/util[\\/]os\.js$/.test(args.path)) {
        const isWsl = await readFile(fileURLToPath(import.meta.resolve('is-wsl')), 'utf8')
        const missing = [wslImport, ...wslTests].find(text => !(text === wslImport ? source : isWsl).includes(text))
        if (missing) throw new Error(`${args.path} or is-wsl no longer has ${missing}: update scripts/bundle.js`)
        source =
          mayBeWsl + source.replace(wslImport, `return __mayBeWsl() && (await import('wsl-utils')).isWsl ? 'wsl'`)
      }
      const isPlugin = /config[\\/]plugin\.js$/.test(args.path)
      if (isPlugin) {
        if (!source.includes(localeSort))
          throw new Error(`${args.path} no longer sorts with ${localeSort}: update scripts/bundle.js`)
        source = source.replace(localeSort, '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));')
      }
      if (!eager.test(source)) return {contents: source, loader: 'js'}
      const lazy = 'const __lazy = load => { let m; return new Proxy({}, {get: (_, key) => (m ??= load())[key]}) };\n'
      return {contents: lazy + source.replace(eager, 'const $1 = __lazy(() => $2);'), loader: 'js'}
    })
  },
}

// string-width (oclif's help measures every word with it) runs each string through emoji-regex, a 10 KB pattern
// compiled on first use; no emoji sequence is pure ASCII (each needs U+FE0F, U+20E3 or a non-ASCII code point),
// so ASCII strings skip it.
const emojiReplace = "string = string.replace(emojiRegex(), '  ');"
const asciiStringWidth = {
  name: 'ascii-string-width',
  setup(builder) {
    builder.onLoad({filter: /[\\/]string-width[\\/]index\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes(emojiReplace)) return undefined
      return {
        contents: source.replace(emojiReplace, `if (/[^\\x00-\\x7f]/.test(string)) ${emojiReplace}`),
        loader: 'js',
      }
    })
  },
}

const result = await build({
  absWorkingDir: root,
  entryPoints: [
    {in: 'payctl-entry:run', out: 'run'},
    ...commands.map(({id, file}) => ({in: file.startsWith('./') ? `src/${file.slice(2)}` : file, out: commandOut(id)})),
    {in: 'payctl-entry:command-not-found', out: 'hooks/command-not-found'},
    // oclif's help with the RE-RUN section (package.json: oclif.helpClass).
    {in: 'src/cli/help/help.ts', out: 'help'},
    // bin/run.js loads the API client while oclif reads its configuration.
    {in: 'src/client/index.ts', out: 'client'},
  ],
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // A native module (optional); a package that runs a shell script shipped next to its own files; oclif's
  // TypeScript support for development (never used by the built CLI).
  external: ['better-sqlite3', 'open', 'jq-web', 'typescript', 'ts-node', 'tsx'],
  // oclif and other CommonJS dependencies call require() for Node's modules.
  banner: {
    js: "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [virtualEntries, lazyHttp2, englishOnlyZod, leanOclif, asciiStringWidth],
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: Boolean(process.env.BUNDLE_META),
})
writeFileSync(join(root, 'dist', 'bundle', 'commands.js'), commandsIndex())
if (process.env.BUNDLE_META) writeFileSync(process.env.BUNDLE_META, JSON.stringify(result.metafile))
