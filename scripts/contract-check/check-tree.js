// The contract lint's rules (scripts/check-contract.js runs them on this repository).
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'
import {payoutStatesOf, stateWordsOf} from './state-words.js'

const scripts = fileURLToPath(new URL('..', import.meta.url))
const CONTRACT = 'contract/'
/** Code the build makes from the contract (scripts/request-validators.js): its patterns are the contract's own. */
const GENERATED = 'contract/generated/'
const allowList = JSON.parse(readFileSync(join(scripts, 'contract-allow-list.json'), 'utf8'))

const UUID = '0d9c1f7e-1111-4222-8333-444455556666'
/**
 * Each contract format: values it accepts, near misses it refuses (so that a bare `/_/` or `/-/` is no copy),
 * and where its one definition lives.
 */
const FORMATS = {
  'an e-mail pattern': {
    samples: ['a@b.co', 'first.last@example.com'],
    misses: ['a@b', 'a b@c.de', '@b.co'],
    use: 'EMAIL, isEmail or emailProblem',
  },
  'a phone pattern': {
    samples: ['+4915112345678', '+12025550123'],
    misses: ['015112345678', '+0151234567', '+4915112345678x'],
    use: 'PHONE, isPhone or phoneProblem',
  },
  'a UUID pattern': {
    samples: [UUID, UUID.toUpperCase()],
    misses: [UUID.slice(1), `${UUID}x`, `g${UUID.slice(1)}`],
    use: 'UUID or isUuid',
  },
  'an id-form pattern': {
    samples: [`payout_${UUID}`, `counterparty_${UUID}`],
    misses: ['payout_x', `payout_${UUID}x`, 'payout_'],
    use: 'isId(prefix, value)',
  },
  'an IBAN pattern': {
    samples: ['DE89370400440532013000', 'NL91ABNA0417164300'],
    misses: ['DE89', 'D189370400440532013000', 'DE893704004405320130001234567890123456'],
    use: 'IBAN or ibanProblem',
  },
  'a BIC pattern': {
    samples: ['DEUTDEFF', 'NWBKGB2LXXX'],
    misses: ['DEUT', 'DEUTDEFF1', '1EUTDEFF'],
    use: 'PAYMENT_DETAIL_FORMATS.bic',
  },
  'a date pattern': {
    samples: ['1990-04-30', '2026-11-01'],
    misses: ['1990-4-30', '90-04-30', '1990-04-30x'],
    use: 'dateProblem (src/contract/formats.ts)',
  },
  'a date-time pattern': {
    samples: ['2026-11-01T10:00:00Z', '2026-11-01T12:00+02:00'],
    misses: ['2026-11-01T10:00:00', '2026-11-01T10Z', '2026-11-01 10:00:00Z'],
    use: 'DATE_TIME, isDateTime or parseDateTime (src/contract/formats.ts)',
  },
  'an event-name pattern': {
    samples: ['payout.completed', 'payout.failed'],
    misses: ['payout', 'Payout.completed', 'payout.'],
    use: 'EVENT_NAME (src/contract/primitives.ts)',
  },
  'a country-code pattern': {
    samples: ['DE', 'FR'],
    misses: ['D', 'DEU', 'D1'],
    use: 'COUNTRY_CODE or countryProblem (src/contract/formats.ts)',
  },
}
const NOT_ANY_FORMAT = ['', 'hello world', '12.50']

/**
 * The format a pattern validates: it accepts all of that format's samples and refuses its near misses and every
 * other format's samples.
 */
function formatOf(pattern) {
  const accepts = value => new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(value)
  if (NOT_ANY_FORMAT.some(accepts)) return undefined
  const kinds = Object.entries(FORMATS).filter(
    ([, {samples, misses}]) => samples.every(accepts) && !misses.some(accepts),
  )
  if (kinds.length !== 1) return undefined
  const [kind] = kinds[0]
  const others = Object.entries(FORMATS).filter(([other]) => other !== kind)
  return others.some(([, {samples}]) => samples.some(accepts)) ? undefined : kind
}

const ZOD_OBJECTS = new Set(['object', 'looseObject', 'strictObject'])

/** The local names zod is imported under (`import * as z from 'zod/mini'`, `import {z as zod} from 'zod'`). */
function zodNamesOf(source) {
  const names = new Set()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !/^['"]zod(\/|['"])/.test(statement.moduleSpecifier.getText())) continue
    const bindings = statement.importClause?.namedBindings
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text)
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if ((element.propertyName ?? element.name).text === 'z') names.add(element.name.text)
  }
  return names
}

/** The pattern of `new RegExp('…', 'flags')` when both are written out; undefined when built at run time. */
function constructedPattern([first, second]) {
  if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) return undefined
  try {
    return new RegExp(first.text, second && ts.isStringLiteral(second) ? second.text : '')
  } catch {
    return undefined
  }
}

const literalPattern = text => new RegExp(text.slice(1, text.lastIndexOf('/')), text.slice(text.lastIndexOf('/') + 1))

/** Inventories by file and text: a tree checked again (the lint's own test) parses only what changed. */
const inventories = new Map()

/** The RegExps, zod object schemas, HMAC digests and payout-state rules of one file, each with its line. */
function inventory(file, text, states) {
  const key = `${file}\0${[...states].join()}\0${text}`
  if (!inventories.has(key)) inventories.set(key, readInventory(file, text, states))
  return inventories.get(key)
}

function readInventory(file, text, states) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const zodNames = zodNamesOf(source)
  const found = {regexps: [], zodObjects: [], hmac: [], stateWords: stateWordsOf(file, text, states)}
  const lineOf = node => source.getLineAndCharacterOfPosition(node.getStart()).line + 1
  const isZodObject = access =>
    ts.isPropertyAccessExpression(access) &&
    ZOD_OBJECTS.has(access.name.text) &&
    zodNames.has(access.expression.getText())
  const visit = node => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral)
      found.regexps.push({line: lineOf(node), pattern: literalPattern(node.getText())})
    else if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const callee = node.expression.getText()
      const args = node.arguments ?? []
      if (callee === 'RegExp') found.regexps.push({line: lineOf(node), pattern: constructedPattern(args)})
      if (isZodObject(node.expression)) found.zodObjects.push({line: lineOf(node)})
      if (/(^|\.)createHmac$/.test(callee) && /sha256/i.test(args[0]?.getText() ?? ''))
        found.hmac.push({line: lineOf(node)})
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  if (!/\.digest\(\s*['"]hex['"]\s*\)/.test(text)) found.hmac = []
  return found
}

/** What is wrong in one file outside src/contract: copies of a format, signatures, unlisted patterns and schemas. */
function problemsOutside(file, found) {
  const problems = []
  for (const {line, pattern} of found.regexps) {
    const kind = pattern && formatOf(pattern)
    if (kind)
      problems.push(`src/${file}:${line}: ${kind} outside src/contract; import ${FORMATS[kind].use} from src/contract`)
  }
  for (const {line} of found.hmac)
    problems.push(
      `src/${file}:${line}: a webhook signature (hex HMAC-SHA256) outside src/contract; use signWebhook or hmacSha256Hex from src/contract/webhook-hmac.ts`,
    )
  const listed = allowList[`src/${file}`] ?? {}
  if (found.stateWords.length > (listed.stateWords ?? 0))
    problems.push(
      ...found.stateWords.map(
        ({line, what}) =>
          `src/${file}:${line}: a payout state rule outside src/contract/lifecycle.ts (${what}); ask the lifecycle (isApprovable, isDeclined, isSettled, statesFrom, stateAfter...) or, for a word of another vocabulary, list the file's count in scripts/contract-allow-list.json as stateWords with its stateWordsReason`,
      ),
    )
  for (const what of ['regexps', 'zodObjects']) {
    const count = found[what].length
    if (count <= (listed[what] ?? 0)) continue
    const name = what === 'regexps' ? 'a RegExp' : 'a zod object schema'
    const lines = found[what].map(item => item.line).join(', ')
    problems.push(
      `src/${file}:${found[what][0].line}: ${name} outside src/contract that scripts/contract-allow-list.json does not list (${count} in the file, lines ${lines}; ${listed[what] ?? 0} listed). If it checks a request, a primitive or a format of the API, define it in src/contract and import it; otherwise list it there with the reason it may stay`,
    )
  }
  return problems
}

/** The problems of the tree under `root` (it holds src/), and how many files were read. */
export function checkContract(root) {
  const src = join(root, 'src')
  const files = readdirSync(src, {recursive: true})
    .map(file => String(file).split('\\').join('/'))
    .filter(file => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.startsWith(GENERATED))
  const problems = []
  const inContract = new Map()
  const states = payoutStatesOf(readFileSync(join(src, 'contract', 'lifecycle.ts'), 'utf8'))
  for (const file of files) {
    const found = inventory(file, readFileSync(join(src, file), 'utf8'), states)
    if (!file.startsWith(CONTRACT)) {
      problems.push(...problemsOutside(file, found))
      continue
    }
    for (const {line, pattern} of found.regexps) {
      const kind = pattern && formatOf(pattern)
      if (kind) inContract.set(kind, [...(inContract.get(kind) ?? []), `src/${file}:${line}`])
    }
  }
  for (const [kind, places] of inContract)
    if (places.length > 1)
      problems.push(`${kind} is written ${places.length} times in src/contract: ${places.join(', ')}`)
  return {problems, files: files.length}
}
