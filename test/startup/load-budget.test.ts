import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {bundleModules, importChain, type LoadTrace, traceRun} from '../helpers/load-trace.js'

/**
 * The load budget (issue 52): which modules of the bundle each start-up command evaluates, how many bytes of
 * JavaScript they are, and from how many files. A change that makes one of these commands evaluate a module the
 * budget does not list fails here, naming the chain of imports that brought it in; one that makes it load more files
 * fails too. When the new module is meant, write the budget again:
 * `npm run build && PAYCTL_WRITE_LOAD_BUDGET=1 npx vitest run --config test/vitest.config.ts
 * test/startup/load-budget.test.ts`, and the diff of load-budget.json shows the reviewer what was added. The rules
 * below the budget (no contract for help, no Ajv for a call...) hold whatever the budget says.
 */

const BUDGET_FILE = join(ROOT, 'test', 'startup', 'load-budget.json')
const WRITE = process.env.PAYCTL_WRITE_LOAD_BUDGET === '1'
/** How much the allowed modules' bytes may grow before the budget fails. */
const BYTES_SLACK = 1.05

interface Budget {
  bytes: number
  /** Files of the bundle loaded: each costs Node a resolve, a read and a link, whatever its size. */
  files: number
  modules: string[]
}

const budget: Record<string, Budget> = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'))
const written: Record<string, Budget> = {}

const emulator = useEmulator({reset: false})
const env = (call: boolean): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {...process.env, ...emulator.home.env}
  for (const name of ['PAYCTL_PROFILE', 'PAYCTL_ORIGIN', 'PAYCTL_API_KEY']) delete env[name]
  return call ? {...env, PAYCTL_ORIGIN: emulator.url, PAYCTL_API_KEY: FULL} : env
}

/** The evaluated modules that match one of `rules` (a name and the module paths it forbids), with their chains. */
function forbidden(trace: LoadTrace, rules: Record<string, RegExp>): string[] {
  const evaluated = new Set(trace.modules.keys())
  return [...evaluated].flatMap(module =>
    Object.entries(rules)
      .filter(([, pattern]) => pattern.test(module))
      .map(([rule]) => `${rule}: ${importChain(bundleModules(), evaluated, module).join(' -> ')}`),
  )
}

/** Checks `trace` against the budget of `name` (or records it, when writing the budget). */
function withinBudget(name: string, trace: LoadTrace) {
  const modules = [...trace.modules.keys()].sort()
  if (WRITE) {
    written[name] = {bytes: trace.bytes, files: trace.files.size, modules}
    writeFileSync(BUDGET_FILE, `${JSON.stringify({...budget, ...written}, null, 2)}\n`)
    return
  }
  const allowed = budget[name]
  expect(allowed, `load-budget.json has no entry "${name}"`).toBeDefined()
  const evaluated = new Set(modules)
  const added = modules
    .filter(module => !allowed.modules.includes(module))
    .map(module => importChain(bundleModules(), evaluated, module).join(' -> '))
  expect(added, `payctl ${name} evaluates modules its budget does not allow (chains of imports)`).toEqual([])
  expect(trace.bytes, `payctl ${name}: bytes evaluated, budget ${allowed.bytes} + 5%`).toBeLessThanOrEqual(
    Math.round(allowed.bytes * BYTES_SLACK),
  )
  expect(trace.files.size, `payctl ${name}: files of the bundle loaded`).toBeLessThanOrEqual(allowed.files)
}

/** What no start-up command loads: the MCP server, the import, the emulator, Ajv. */
const NEVER = {
  'MCP server': /^src\/mcp\//,
  import: /^src\/services\/import\//,
  emulator: /^src\/emulator\//,
  Ajv: /^node_modules\/ajv(-formats)?\//,
}

/**
 * What oclif requires at its top but no start-up command uses (scripts/bundle.js takes them on first use): its
 * search for plugins' commands and files (payctl's plugin is in memory), wsl-utils beyond is-wsl.
 */
const OCLIF_UNUSED = {
  "oclif's plugin search":
    /^node_modules\/(tinyglobby|minimatch|fdir|picomatch|brace-expansion|balanced-match|lilconfig)\//,
  'wsl-utils beyond is-wsl': /^node_modules\/(wsl-utils|powershell-utils)\//,
}

/** What help renders its texts with, which a call does not show. */
const HELP_ONLY = {"help's templates": /^node_modules\/ejs\//}

/** Node's modules no start-up command needs: oclif requires them at its top for a few runs only. */
const UNUSED_BUILTINS = ['node:readline', 'node:child_process', 'node:perf_hooks']

/**
 * Node's modules and files outside the bundle that `trace` loaded but no start-up command needs: the ones above, and
 * the typescript package, which oclif looks for under NODE_ENV=test or development (as the tests run) unless told not
 * to transpile.
 */
const unneeded = (trace: LoadTrace) => [
  ...UNUSED_BUILTINS.filter(name => trace.builtins.has(name)),
  ...trace.outside.filter(file => file.includes('/node_modules/typescript/')),
]

/** What --version and help never load: no part of the contract, no zod. */
const NO_CONTRACT = {contract: /^src\/contract\//, zod: /^node_modules\/zod\//}

/**
 * What `payouts list` (operation listPayoutsV1) loads of the contract: its group of rows (contract/operations/), its
 * query, its answer schema. Not the whole table, other groups' rows, request bodies or other answers.
 */
const OTHER_OPERATIONS = {
  'the whole operations table': /^src\/contract\/(operations|responses|openapi-document)\.ts$/,
  "other groups' rows": /^src\/contract\/operations\/(?!v1-payout-operations\.ts$)/,
  'request body schemas': /^src\/contract\/(requests\/(?!list-queries\.ts$|query-fields\.ts$)|compiled-check\.ts$)/,
  "other resources' answers": /^src\/contract\/responses\/(?!payout-answers\.ts$|answer-fields\.ts$)/,
}

describe('load budget of the start-up commands (dist/bundle, npm package)', () => {
  it('--version evaluates nothing of the bundle (bin/run.js answers)', async () => {
    const trace = await traceRun(['--version'], env(false))
    expect([...trace.files.keys()]).toEqual([])
    withinBudget('--version', trace)
  })

  it.each([['--help'], ['payouts list --help']])('%s evaluates only its budget', async name => {
    const trace = await traceRun(name.split(' '), env(false))
    expect(forbidden(trace, {...NEVER, ...OCLIF_UNUSED, ...NO_CONTRACT})).toEqual([])
    expect(unneeded(trace)).toEqual([])
    withinBudget(name, trace)
  })

  it('payouts list --json (a real call) evaluates only its budget', async () => {
    const trace = await traceRun(['payouts', 'list', '--json'], env(true))
    expect(forbidden(trace, {...NEVER, ...OCLIF_UNUSED, ...HELP_ONLY, ...OTHER_OPERATIONS})).toEqual([])
    expect(unneeded(trace)).toEqual([])
    withinBudget('payouts list --json', trace)
  })
})
