// `npm run lint` step: the escapes from the compiler in src (issue 50; docs/decisions.md, "Wave 8: fewer casts").
// Casts counted by the TypeScript compiler: an `as` or `<T>` assertion whose type is not `const` is one; `satisfies`
// is not. It fails above MAX_CASTS, on any `as unknown as`, when biome's non-null rule is not on for src, or above
// MAX_NON_NULL exceptions to it (each a `biome-ignore lint/style/noNonNullAssertion: <why>`), printing the counts.
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'

// The tree to check: this repository's src/, or the src/ of the folder given as the first argument (the tests).
const root = process.argv.slice(2).find(arg => !arg.startsWith('--')) ?? fileURLToPath(new URL('..', import.meta.url))
const src = join(root, 'src')
const MAX_CASTS = 150
const MAX_NON_NULL = 10

const isConst = type => ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const'
const isUnknown = type => type.kind === ts.SyntaxKind.UnknownKeyword

const casts = []
const throughUnknown = []
const nonNullExceptions = []
for (const file of readdirSync(src, {recursive: true}).filter(f => f.endsWith('.ts'))) {
  const path = join(src, file)
  const text = readFileSync(path, 'utf8')
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  for (const match of text.matchAll(/biome-ignore[^\n]*lint\/style\/noNonNullAssertion/g))
    nonNullExceptions.push(match.index)
  const where = node =>
    `${relative(root, path).split('\\').join('/')}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const visit = node => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) {
      casts.push(where(node))
      const inner = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression
      if (ts.isAsExpression(node) && ts.isAsExpression(inner) && isUnknown(inner.type)) throughUnknown.push(where(node))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}

if (process.argv.includes('--list')) for (const at of casts) console.log(at)
const biome = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
const nonNullRule = biome.linter?.rules?.style?.noNonNullAssertion
const nonNullOff = (biome.overrides ?? []).some(
  override =>
    override.linter?.rules?.style?.noNonNullAssertion === 'off' &&
    (override.includes ?? []).some(glob => glob.startsWith('src')),
)
console.log(
  `casts in src: ${casts.length} (at most ${MAX_CASTS}), \`as unknown as\`: ${throughUnknown.length} (none), ` +
    `non-null exceptions: ${nonNullExceptions.length} (at most ${MAX_NON_NULL})`,
)
const problems = [
  ...(nonNullRule === 'error' && !nonNullOff ? [] : ["biome's style/noNonNullAssertion must be on (error) for src"]),
  ...(nonNullExceptions.length > MAX_NON_NULL
    ? [`${nonNullExceptions.length} exceptions to noNonNullAssertion in src, more than ${MAX_NON_NULL}`]
    : []),
  ...(casts.length > MAX_CASTS
    ? [`${casts.length} casts in src, more than ${MAX_CASTS}: type the value (a zod parse, a type guard) instead`]
    : []),
  ...throughUnknown.map(at => `${at}: \`as unknown as\` (type the value instead)`),
]
for (const problem of problems) console.error(problem)
if (problems.length > 0) process.exit(1)
