// `npm run lint` step: the layout rules that an import graph cannot show. File names are unique across src
// outside src/commands (index.ts excepted), so a name alone says which file is meant; commands stay thin.
import {readdirSync, readFileSync} from 'node:fs'
import {basename, join} from 'node:path'
import {fileURLToPath} from 'node:url'

// The tree to check: this repository's src/, or the src/ of the folder given as the first argument (the tests).
const src = process.argv[2] ? join(process.argv[2], 'src') : fileURLToPath(new URL('../src', import.meta.url))
const MAX_COMMAND_LINES = 80
// BaseCommand is a command's life cycle alone, on two screens; the rest are small files of src/cli (issue 50).
const MAX_BASE_COMMAND_LINES = 110

const files = readdirSync(src, {recursive: true})
  .filter(file => file.endsWith('.ts'))
  .map(file => file.split('\\').join('/'))

const problems = []

// The layers of docs/development.md, each with its rules in .dependency-cruiser.cjs: a new top-level folder is a
// new layer, and gets its rules and its row in the table before its first file.
const LAYERS = [
  'commands',
  'cli',
  'mcp',
  'operations',
  'services',
  'config',
  'client',
  'contract',
  'results',
  'shared',
  'emulator',
]
for (const entry of readdirSync(src, {withFileTypes: true}))
  if (entry.isDirectory() && !LAYERS.includes(entry.name))
    problems.push(`src/${entry.name}/ is not a layer of docs/development.md (${LAYERS.join(', ')})`)

const byName = new Map()
for (const file of files.filter(f => !f.startsWith('commands/') && !f.endsWith('/index.ts') && !f.endsWith('.d.ts'))) {
  const name = basename(file)
  byName.set(name, [...(byName.get(name) ?? []), file])
}
for (const [name, paths] of byName) {
  if (paths.length > 1) problems.push(`${name} is the name of ${paths.length} files: ${paths.join(', ')}`)
}

// One way out (docs/decisions.md, "#42 one way out"): run() returns its result and BaseCommand shows it. A command
// never prints its result itself: no stdout of its own, no `this.log`; a view writes to the `out` it is given.
const PRINTS_ITSELF = [
  {
    what: 'this.log/logToStderr/respond (return the result; BaseCommand shows it)',
    pattern: /\bthis\.(log|logToStderr|respond|respondItems)\(/,
  },
  {what: 'stdout written directly', pattern: /\bprocess\.stdout\b|\bconsole\.(log|info)\(/},
]
const WRITE = '(line|write|table|keyValue|printJson|show|jsonLine|list)\\b'
const OWN_OUTPUT = {
  what: "the command's own Output written to (a view writes to the `out` it is given)",
  pattern: new RegExp(`\\.out\\.${WRITE}`),
}
// `out` taken from the run (`const {out} = this`, commandOf's `show(answer, view, {out})`) and a bare `out` written
// to: whether that `out` is the run's or a view's own parameter takes the compiler's scopes (loaded only then).
const OUT_TAKEN = /\{[^{}()]*\bout\b[^{}()]*\}/
const BARE_OUT_WRITE = new RegExp(`(?<![.\\w])out\\.${WRITE}`)

/** The lines where a bare `out` that is not a view's own parameter (the run's Output, taken from it) is written to. */
async function takenOutputWrites(file, text) {
  const {default: ts} = await import('typescript')
  // How a function binds `out`: as its own parameter (a view's), or taken from an object (the run's Output).
  const binding = fn =>
    fn.parameters
      .map(({name}) => {
        if (ts.isIdentifier(name)) return name.text === 'out' ? 'view' : undefined
        return name.elements?.some(element => element.name.getText() === 'out') ? 'taken' : undefined
      })
      .find(Boolean)
  const viewOut = identifier => {
    for (let node = identifier.parent; node; node = node.parent) {
      const bound = ts.isFunctionLike(node) ? binding(node) : undefined
      if (bound) return bound === 'view'
    }
    return false
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const lines = []
  const visit = node => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'out')
      if (BARE_OUT_WRITE.test(node.getText()) && !viewOut(node.expression))
        lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return lines
}

// A command is one of two forms (docs/development.md, "Adding a command"): the command of an operation,
// `export default commandOf(operation, {…})` (src/cli/command-of.ts: the operation runs there, and nowhere else in
// src/commands), or a class typed by its result that does its work with the session (`auth`, `profiles`, …).
const COMMAND_FORMS = [
  /^export default commandOf\(\w+, \{$/m,
  /^export default class (\w+) extends (BaseCommand|ControlCommand)<\s*typeof \1,\s*'\w+'\s*>/m,
]
const OPERATES = {
  what: 'an operation run by a class (the command of an operation is `export default commandOf(operation, {…})`)',
  pattern: /\bthis\.operate\(/,
}

for (const file of files.filter(f => f.startsWith('commands/'))) {
  const text = readFileSync(join(src, file), 'utf8')
  const lines = text.split('\n')
  const found = []
  lines.forEach((line, index) => {
    for (const {what, pattern} of [...PRINTS_ITSELF, OWN_OUTPUT, OPERATES])
      if (pattern.test(line)) found.push({index, what})
  })
  if (OUT_TAKEN.test(text) && BARE_OUT_WRITE.test(text))
    for (const index of await takenOutputWrites(file, text)) found.push({index, what: OWN_OUTPUT.what})
  found.sort((a, b) => a.index - b.index)
  for (const {index, what} of found) problems.push(`src/${file}:${index + 1}: ${what}: ${lines[index].trim()}`)
  if (!COMMAND_FORMS.some(form => form.test(text)))
    problems.push(
      `src/${file} is neither \`export default commandOf(operation, {…})\` nor \`export default class X extends BaseCommand<typeof X, 'result'>\``,
    )
  const count = text.trimEnd().split('\n').length
  if (count > MAX_COMMAND_LINES) {
    problems.push(`src/${file} has ${count} lines (commands stay under ${MAX_COMMAND_LINES}: move logic to a service)`)
  }
}

if (files.includes('cli/base-command.ts')) {
  const lines = readFileSync(join(src, 'cli/base-command.ts'), 'utf8').trimEnd().split('\n').length
  if (lines > MAX_BASE_COMMAND_LINES)
    problems.push(
      `src/cli/base-command.ts has ${lines} lines (at most ${MAX_BASE_COMMAND_LINES}: a command's life cycle alone; the rest in small files of src/cli)`,
    )
}

// One Ctrl-C helper (docs/development.md): a stop signal is handled by src/operations/interrupt.ts alone (a test's
// pause point, src/shared/test-pause.ts, waits for one), so every long run stops the same way.
const SIGNAL_HANDLER = /\bprocess\.(on|once|addListener|prependListener)\(\s*['"`]SIG(INT|TERM|HUP)['"`]/
const SIGNAL_HOMES = ['operations/interrupt.ts', 'shared/test-pause.ts']
for (const file of files.filter(f => !SIGNAL_HOMES.includes(f)))
  readFileSync(join(src, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (SIGNAL_HANDLER.test(line))
        problems.push(`src/${file}:${index + 1}: a signal handler outside src/operations/interrupt.ts: ${line.trim()}`)
    })

// The contract is the one home of API paths, the generation type and request checks (docs/development.md); payout
// states are scripts/check-contract.js's (contract-check/state-words.js).
const CONTRACT_ONLY = [
  {
    what: 'an API path (call or serve the row of src/contract/operations.ts)',
    pattern: new RegExp(
      [
        '[\'`"]/(api/v[12]/)?(payouts?|counterparties|transactions|team|webhook|session)(/|[\'`"])',
        '[\'`"]/api/v[12]/',
        '[\'`"]/api/openapi\\.json',
        '[\'`"]/api/auth/oauth2/(token|register)',
        '[\'`"]/\\.well-known/oauth-authorization-server',
      ].join('|'),
    ),
  },
  {
    // The control plane's paths too, in code and in comments alike: a comment names the row (`advanceClock`).
    what: 'an emulator control path (call or serve the row of src/contract/control-operations.ts)',
    pattern: /\/_emulator\//,
  },
  {
    what: "'v1' | 'v2' spelled out (use ApiGeneration of src/contract/primitives.ts)",
    pattern: /['"]v1['"]\s*\|\s*['"]v2['"]/,
  },
  {
    // A request's shape is checked by its schema (src/contract/requests, claim-bodies.ts, control-bodies.ts) with
    // the contract's formatter, whose words these are; the service's own rules name only what it decides. The
    // config files' shape (src/config/file-shape.ts) is a file the user edits, not a request.
    what: 'a request checker (check the request with its schema in src/contract)',
    pattern:
      /class \w*Checker\b|[`'"](must be (a string|an object|an array|an integer|true or false)\b|is not a known field|a JSON object body is required)/,
    except: ['config/'],
  },
]
for (const file of files.filter(f => !f.startsWith('contract/'))) {
  const lines = readFileSync(join(src, file), 'utf8').split('\n')
  lines.forEach((line, index) => {
    for (const {what, pattern, except = []} of CONTRACT_ONLY)
      if (pattern.test(line) && !except.some(folder => file.startsWith(folder)))
        problems.push(`src/${file}:${index + 1}: ${what}: ${line.trim()}`)
  })
}

// An emulator handler gets its path parameters, query and body typed by its row (src/emulator/http/operation-route.ts):
// a cast to a schema's type there would hide a handler that reads what its row does not check.
const SCHEMA_CAST = /\bas z\.(output|input|infer)</
for (const file of files.filter(f => f.startsWith('emulator/'))) {
  readFileSync(join(src, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (SCHEMA_CAST.test(line))
        problems.push(`src/${file}:${index + 1}: a cast to a schema's type (the row types the handler): ${line.trim()}`)
    })
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  process.exit(1)
}
console.log(
  `layout ok: ${files.length} files in the layers, unique names, commands under ${MAX_COMMAND_LINES} lines, each a commandOf or a BaseCommand class, BaseCommand under ${MAX_BASE_COMMAND_LINES}, each printing none of its result itself; Ctrl-C handled by src/operations/interrupt.ts alone; no API or control path, generation type or request checker outside src/contract, no schema cast in the emulator`,
)
