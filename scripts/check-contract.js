// `npm run lint` step: the API contract is defined once, in src/contract (docs/development.md, "The contract").
// Outside it, no file may write its own pattern for an e-mail, a phone number, a UUID or an id form, compute
// a webhook signature (a hex HMAC-SHA256), or write out a zod object schema of a body; inside it, each pattern
// is written once. Usage: node scripts/check-contract.js [ROOT] (ROOT holds src/; default: this repository).
import {readdirSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
const src = join(root, 'src')
const CONTRACT = 'contract/'

/** Each kind: how a copy is recognised in source text, and what to import instead. */
const PRIMITIVES = [
  {kind: 'an e-mail pattern', pattern: /\[\^\\s@\]\+@/, use: 'EMAIL, isEmail or emailProblem'},
  {kind: 'a phone pattern', pattern: /\\\+\??\[1-9\]\\d\{/, use: 'PHONE, isPhone or phoneProblem'},
  {kind: 'a UUID pattern', pattern: /\[(?:0-9a-f|a-f0-9|0-9a-fA-F|0-9A-Fa-f|\\da-f)\]\{8\}/i, use: 'UUID or isUuid'},
  {
    kind: 'an id-form pattern',
    pattern: /[/^](?:payout|counterparty|transaction|team)_(?:\[|\\[dw]|\(|\$\{)/,
    use: 'isId(prefix, value)',
  },
]
const OUTSIDE_ONLY = [
  {
    kind: 'a webhook signature (hex HMAC-SHA256)',
    test: text => /createHmac\(\s*['"]sha256['"]/.test(text) && /\.digest\(\s*['"]hex['"]\s*\)/.test(text),
    line: /createHmac\(/,
    use: 'signWebhook or hmacSha256Hex from src/contract/webhook-hmac.ts',
  },
  {
    // Written out field by field; a shape built from something else (CLI flags for --schema) is not a body.
    kind: 'a zod object schema',
    test: text => /\bz\.(?:object|looseObject|strictObject)\(\s*\{/.test(text),
    line: /\bz\.(?:object|looseObject|strictObject)\(\s*\{/,
    use: 'a schema of src/contract (responses.ts, oauth-bodies.ts, control-bodies.ts, ...)',
  },
]

const files = readdirSync(src, {recursive: true})
  .map(file => String(file).split('\\').join('/'))
  .filter(file => file.endsWith('.ts') && !file.endsWith('.d.ts'))

const problems = []
const inContract = new Map()

const lineOf = (text, pattern) => text.split('\n').findIndex(line => pattern.test(line)) + 1

for (const file of files) {
  const text = readFileSync(join(src, file), 'utf8')
  const lines = text.split('\n')
  const contract = file.startsWith(CONTRACT)
  for (const {kind, pattern, use} of PRIMITIVES) {
    lines.forEach((line, index) => {
      if (!pattern.test(line)) return
      const where = `src/${file}:${index + 1}`
      if (!contract)
        problems.push(`${where}: ${kind} outside src/contract; import ${use} from src/contract/primitives.ts`)
      else inContract.set(kind, [...(inContract.get(kind) ?? []), where])
    })
  }
  if (contract) continue
  for (const {kind, test, line, use} of OUTSIDE_ONLY)
    if (test(text)) problems.push(`src/${file}:${lineOf(text, line)}: ${kind} outside src/contract; use ${use}`)
}

for (const [kind, places] of inContract)
  if (places.length > 1)
    problems.push(`${kind} is written ${places.length} times in src/contract: ${places.join(', ')}`)

if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  process.exit(1)
}
console.log(`contract ok: ${files.length} files, every primitive and body schema defined once, in src/contract`)
