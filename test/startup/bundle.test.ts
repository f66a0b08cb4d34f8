import {readdirSync, readFileSync} from 'node:fs'
import {isBuiltin} from 'node:module'
import {dirname, join, relative, sep} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {type CommandIndex, manifestFromIndex} from '../../src/cli/entry/command-index.js'
import {isolatedHome, ROOT, runCli} from '../helpers/cli.js'

/** The bundled CLI (scripts/bundle.js): every command file is a command, oclif's plugins still answer. */

let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const BUNDLE = join(ROOT, 'dist', 'bundle')

/** The bundle files `file` loads with static `import` statements, itself included. */
function staticFiles(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into
  into.add(file)
  const source = readFileSync(file, 'utf8')
  for (const [, path] of source.matchAll(/^import\s*(?:[^'";]*?from\s*)?['"](\.[^'"]+)['"]/gm))
    staticFiles(join(dirname(file), path), into)
  return into
}

/** `src/commands/payouts/list.ts` is `payouts:list`: the rule oclif's own file discovery follows. */
function commandFileIds(): string[] {
  const dir = join(ROOT, 'src', 'commands')
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter(entry => entry.isFile() && entry.name.endsWith('.ts'))
    .map(entry => relative(dir, join(entry.parentPath, entry.name)).slice(0, -3).split(sep).join(':'))
    .sort()
}

describe('bundled CLI', () => {
  it('has one command per file under src/commands, plus help and autocomplete, in the manifest', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'))
    const ids = Object.keys(manifest.commands).sort()
    const plugins = ['autocomplete', 'autocomplete:create', 'autocomplete:script', 'help']
    expect(ids.filter(id => !plugins.includes(id))).toEqual(commandFileIds())
    expect(ids).toEqual(expect.arrayContaining(plugins))
  })

  it('the command index is the manifest: a run reads its light fields, the rest comes from the manifest on first use', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8'))
    const index: CommandIndex = JSON.parse(readFileSync(join(BUNDLE, 'command-index.json'), 'utf8'))
    let reads = 0
    const lazy = manifestFromIndex(index, () => {
      reads++
      return manifest
    })
    // What oclif reads of every command at start-up (ids, aliases, state, the topic's summary).
    for (const entry of Object.values(lazy.commands)) [entry.id, entry.aliases, entry.hidden, entry.summary]
    expect(reads).toBe(0)
    expect(JSON.parse(JSON.stringify(lazy))).toEqual(manifest)
    expect(reads).toBe(1)
  })

  it('an API call loads its code from a few files: the core and api groups of scripts/bundle-groups.js', () => {
    const chunks = readdirSync(join(BUNDLE, 'chunks'))
    const group = (name: string) => {
      const files = chunks.filter(file => file.startsWith(`${name}-`) && /^[\w]+-[\w-]{8}\.js$/.test(file))
      expect(files, `one ${name} chunk`).toHaveLength(1)
      return join(BUNDLE, 'chunks', files[0])
    }
    const core = group('core')
    const api = group('api')
    expect(staticFiles(join(BUNDLE, 'run.js'))).toContain(core)
    const call = new Set([
      ...staticFiles(join(BUNDLE, 'run.js')),
      ...staticFiles(join(BUNDLE, 'commands', 'payouts', 'list.js')),
      ...staticFiles(api),
    ])
    // esbuild alone cut the same code into about sixty files.
    expect(call.size).toBeLessThanOrEqual(12)
  })

  it("takes Node's modules as require() does: no file imports a built-in as an ES module", () => {
    // An ES module import of a built-in makes Node build its namespace, reading every export: node:fs alone then
    // loads readline, the REPL's history and the streams (scripts/bundle-groups.js, bin/run.js).
    const files = [
      join(ROOT, 'bin', 'run.js'),
      ...readdirSync(BUNDLE, {recursive: true, withFileTypes: true})
        .filter(entry => entry.isFile() && entry.name.endsWith('.js'))
        .map(entry => join(entry.parentPath, entry.name)),
    ]
    const builtin = /(?:^|[;}\s])import\s*(?:[\w$*{][^'";]*?from\s*)?["']((?:node:)?[\w/]+)["']/gm
    const imports = files.flatMap(file =>
      [...readFileSync(file, 'utf8').matchAll(builtin)]
        .filter(([, name]) => isBuiltin(name))
        .map(([, name]) => `${relative(ROOT, file)}: ${name}`),
    )
    expect(imports).toEqual([])
  })

  it('help lists a topic, and an unknown command is refused with exit 2', async () => {
    const help = await runCli(['help', 'payouts'], {env: home.env})
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toMatch(/^ {2}payouts list\s+List payouts/m)
    const unknown = await runCli(['payouts', 'lst'], {env: home.env})
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('"payouts lst" is not a payctl command; did you mean "payouts list"?')
  })

  it('--version answers before oclif loads in the words oclif uses (oclif answers itself where it may say wsl)', async () => {
    const early = await runCli(['--version'], {env: home.env})
    // With a WSL hint bin/run.js leaves the answer to oclif, which checks the kernel itself (here: not WSL).
    const oclif = await runCli(['--version'], {env: {...home.env, WSL_DISTRO_NAME: 'probe'}})
    expect(early.code, early.stderr).toBe(0)
    expect(early.stdout).toMatch(/^payctl\/\d+\.\d+\.\d+ \w+-\w+ node-v\d+\.\d+\.\d+\n$/)
    expect(early.stdout).toBe(oclif.stdout)
    const verbose = await runCli(['--version', '--verbose'], {env: home.env})
    expect(verbose.stdout, 'oclif with more arguments').toBe(early.stdout)
  })
})
