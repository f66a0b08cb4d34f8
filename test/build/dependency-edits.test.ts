import {readdirSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {build, type Plugin} from 'esbuild'
import {describe, expect, it} from 'vitest'
// @ts-expect-error: a build script (JavaScript, no types)
import {asciiStringWidth, eagerInOclif, englishOnlyZod, lazyHttp2, leanOclif} from '../../scripts/dependency-edits.js'
import {ROOT} from '../helpers/cli.js'

/*
 * scripts/dependency-edits.js edits oclif, string-width, zod and undici as esbuild bundles them. Each test bundles
 * the same module with and without its edit and runs both on the same inputs: an upgrade that changes what the
 * edited code means (not only its text, which the edits check themselves) fails here.
 */

const requireFromRoot = createRequire(join(ROOT, 'package.json'))
const oclifLib = dirname(requireFromRoot.resolve('@oclif/core'))

/** `entry` bundled as CommonJS (with `plugins`, or none) and evaluated: its exports and its code. */
async function bundled(
  entry: string,
  plugins: Plugin[] = [],
): Promise<{exports: Record<string, unknown>; code: string}> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    plugins,
  })
  const code = result.outputFiles[0].text
  const module = {exports: {} as Record<string, unknown>}
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(entry))
  return {exports: module.exports, code}
}

describe('oclif help texts without ejs (leanOclif)', () => {
  /** Every text oclif renders in help: descriptions, summaries, usages, examples and flag texts. */
  const texts = (): string[] => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'))
    const commands = Object.values(manifest.commands) as Record<string, unknown>[]
    const strings = (values: unknown[]) => values.filter((value): value is string => typeof value === 'string')
    return commands.flatMap(command => [
      ...strings([command.description, command.summary, command.usage]),
      ...strings(
        ((command.examples as unknown[]) ?? []).map(e =>
          typeof e === 'string' ? e : (e as {command: string}).command,
        ),
      ),
      ...strings(
        Object.values((command.flags as Record<string, Record<string, unknown>>) ?? {}).flatMap(f => [
          f.description,
          f.summary,
        ]),
      ),
    ])
  }
  const corpus = [
    '<%= config.bin %> <%= command.id %>',
    '<%=config.bin%>',
    '<%= config.bin.toUpperCase() %>',
    '<%- config.bin %>',
    '<% if (true) { %>x<% } %>',
    '<%= command.summary %>',
    'a & b < c > d " e \' f',
    '',
  ]

  it('renders every help text of the manifest, and tricky ones, exactly as ejs does', async () => {
    const entry = join(oclifLib, 'help', 'util.js')
    const edited = await bundled(entry, [leanOclif])
    const upstream = await bundled(entry)
    expect(edited.code).toContain('__quickRender')
    const all = [...texts(), ...corpus]
    expect(all.length).toBeGreaterThan(300)
    for (const bin of ['payctl', 'pay&<ctl>"\'']) {
      const context = {config: {bin}, command: {id: 'payouts:list', summary: 'S <b>'}}
      const mine = edited.exports.template as (c: unknown) => (t: string) => string
      const theirs = upstream.exports.template as (c: unknown) => (t: string) => string
      for (const text of all) expect(mine(context)(text), text).toBe(theirs(context)(text))
    }
  })

  it('loads a module lazily only where oclif uses it as an object (a property read), never called or passed', () => {
    const lazy = eagerInOclif()
    const files = readdirSync(oclifLib, {recursive: true})
      .map(String)
      .filter(file => file.endsWith('.js'))
    let bindings = 0
    for (const file of files) {
      const source = readFileSync(join(oclifLib, file), 'utf8')
      for (const [, name] of source.matchAll(lazy)) {
        bindings++
        const uses = [...source.matchAll(new RegExp(`\\b${name}\\b(.)`, 'g'))].map(match => match[1])
        // The declaration itself, then only `name.member` (a Proxy forwards property reads, nothing else).
        expect(uses.slice(1), `${file}: ${name}`).toEqual(uses.slice(1).map(() => '.'))
      }
    }
    expect(bindings).toBeGreaterThan(5)
  })

  it('sorts command ids by code unit as localeCompare does', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'))
    const ids = Object.keys(manifest.commands)
    const byLocale = [...ids].sort((a, b) => a.localeCompare(b))
    const byCodeUnit = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    expect(byCodeUnit).toEqual(byLocale)
    // What makes them agree: lowercase words joined by ':' and '-'.
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+([:-][a-z0-9]+)*$/)
  })

  it('tells the platform as oclif does', async () => {
    const entry = join(oclifLib, 'util', 'os.js')
    const edited = await bundled(entry, [leanOclif])
    const upstream = await bundled(entry)
    expect(edited.code).toContain('__mayBeWsl')
    const platform = (module: {exports: Record<string, unknown>}) =>
      (module.exports.getPlatform as () => Promise<string>)()
    expect(await platform(edited)).toBe(await platform(upstream))
  })
})

describe('string-width for ASCII without emoji-regex (asciiStringWidth)', () => {
  const corpus = [
    'plain ascii',
    '--flag <value>  Description, with punctuation: ;!?',
    '\u001B[1mbold\u001B[22m and \u001B[31mred\u001B[39m',
    'emoji 😀 👍🏽 👨‍👩‍👧 ❤️ 1️⃣ #️⃣ 🇫🇷',
    'CJK 中文字符 日本語 한국어',
    'combining é ñ ü (e\u0301)',
    'fullwidth ＡＢＣ and halfwidth ｱｲｳ',
    'tab\tand\u0007control',
    '',
  ]

  it('applies to the string-width oclif measures help with, and measures as upstream does', async () => {
    const oclifRequire = createRequire(join(oclifLib, 'help', 'index.js'))
    const widest = createRequire(oclifRequire.resolve('widest-line')).resolve('string-width')
    for (const entry of new Set([oclifRequire.resolve('string-width'), widest])) {
      const edited = await bundled(entry, [asciiStringWidth])
      const upstream = await bundled(entry)
      expect(edited.code, entry).not.toBe(upstream.code)
      const width = (module: {exports: unknown}) => module.exports as (text: string) => number
      for (const text of corpus) expect(width(edited)(text), text).toBe(width(upstream)(text))
    }
  })
})

describe('zod with English messages only (englishOnlyZod)', () => {
  it('keeps the English locale and gives the same messages', async () => {
    const entry = fileURLToPath(import.meta.resolve('zod'))
    const edited = await bundled(entry, [englishOnlyZod])
    const upstream = await bundled(entry)
    expect(edited.code.length).toBeLessThan(upstream.code.length)
    // biome-ignore lint/suspicious/noExplicitAny: zod's two bundled copies
    const run = (z: any) => {
      const schemas = [
        z.object({amount: z.string().regex(/^\d+$/), currency: z.enum(['EUR', 'USD']), n: z.number().int().min(1)}),
        z.array(z.string().email()).max(1),
        z.union([z.literal('a'), z.number()]),
      ]
      const inputs = [{amount: 'x', currency: 'GBP', n: 0.5}, ['nope', 'b'], {}, null, 'b']
      return schemas.flatMap(schema => inputs.map(input => schema.safeParse(input).error?.issues))
    }
    expect(run(edited.exports.z)).toEqual(run(upstream.exports.z))
    expect(Object.keys((edited.exports.z as {locales: object}).locales)).toEqual(['en'])
  })
})

describe('undici without node:http2 at start-up (lazyHttp2)', () => {
  it('inlines the constants undici reads as this Node has them', async () => {
    const entry = fileURLToPath(new URL('./lib/dispatcher/client-h2.js', import.meta.resolve('undici')))
    const edited = await bundled(entry, [lazyHttp2])
    const used = [...new Set(readFileSync(entry, 'utf8').match(/\bHTTP2_[A-Z0-9_]+/g))]
    expect(used.length).toBeGreaterThan(5)
    const http2 = await import('node:http2')
    for (const name of used) {
      const inlined = edited.code.match(new RegExp(`"${name}":\\s*("[^"]*"|\\d+)`))
      expect(inlined, name).not.toBeNull()
      expect(JSON.parse(inlined![1]), name).toBe((http2.constants as Record<string, unknown>)[name])
    }
  })
})
