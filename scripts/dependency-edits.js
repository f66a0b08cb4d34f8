// Build-time edits of dependencies, for both bundles (scripts/bundle.js, scripts/build-exe.js): esbuild plugins
// that change what a few packages do at start-up, without changing what they compute. Each one throws when the
// text it edits is gone, and test/startup/dependency-edits.test.ts runs the edited and the unedited code side
// by side, so that an upgrade that changes their meaning fails the tests. docs/decisions.md says why each stays.
import {readFile} from 'node:fs/promises'
import http2 from 'node:http2'
import {fileURLToPath} from 'node:url'

// undici's HTTP/2 client loads node:http2 (tens of milliseconds) as soon as any undici client is loaded, though
// payctl speaks HTTP/1.1: its constants are inlined and the module itself loaded on a first HTTP/2 connection.
export const lazyHttp2 = {
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
export const englishOnlyZod = {
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
//   Windows shell lookup, flags read from stdin, DEBUG=oclif:perf's timings) or only when it renders help or an
//   error (wrap-ansi, whose colour tables are built on load): they load on first use instead;
// - it sorts the commands with `localeCompare`, whose first call loads ICU's collation data (about 10 ms). Command
//   ids are lowercase words joined by ':' and '-', which sort the same by code unit.
const lazyInOclif = [
  'tinyglobby',
  'minimatch',
  'lilconfig',
  'cli-spinners',
  'ejs',
  'wrap-ansi',
  'node:child_process',
  'node:readline',
  'node:perf_hooks',
]

/** oclif's top-level `const name = require("<one of lazyInOclif>")` lines: $1 the binding, $2 the require. */
export const eagerInOclif = () =>
  new RegExp(`^const (\\w+) = ((?:__importDefault\\()?require\\("(?:${lazyInOclif.join('|')})"\\)\\)?);$`, 'gm')

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
export const leanOclif = {
  name: 'lean-oclif',
  setup(builder) {
    builder.onLoad({filter: /@oclif[\\/]core[\\/]lib[\\/].*\.js$/}, async args => {
      let source = await readFile(args.path, 'utf8')
      const eager = eagerInOclif()
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
export const asciiStringWidth = {
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

export const dependencyEdits = [lazyHttp2, englishOnlyZod, leanOclif, asciiStringWidth]
