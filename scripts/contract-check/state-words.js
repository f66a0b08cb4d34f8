// The lifecycle lint rule (scripts/check-contract.js runs it): outside src/contract, a payout state is never
// compared, switched on, listed or written into SQL; the code asks src/contract/lifecycle.ts (isApprovable,
// isDeclined, statesFrom, stateAfter...), so that a state rule changed there changes every side together.
import ts from 'typescript'

const LIFECYCLE = 'contract/lifecycle.ts'
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

/** The payout states, read from lifecycle.ts's PAYOUT_STATES (a state added there is checked at once). */
export function payoutStatesOf(lifecycleText) {
  const source = ts.createSourceFile(LIFECYCLE, lifecycleText, ts.ScriptTarget.Latest, true)
  let states = []
  const visit = node => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'PAYOUT_STATES' && node.initializer) {
      let value = node.initializer
      while (ts.isAsExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression
      if (ts.isArrayLiteralExpression(value)) states = value.elements.filter(ts.isStringLiteral).map(e => e.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  if (!states.length) throw new Error(`src/${LIFECYCLE}: no PAYOUT_STATES array of string literals found`)
  return new Set(states)
}

const isText = node => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)

/** The places one file uses a payout state as a rule: `=== 'failed'`, `case 'created':`, `['approved']`, SQL. */
export function stateWordsOf(file, text, states) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const quoted = new RegExp(`'(${[...states].join('|')})'`)
  const found = []
  const note = (node, what) => found.push({line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what})
  const isState = node => node && isText(node) && states.has(node.text)
  const visit = node => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const literal = [node.left, node.right].find(isState)
      if (literal) note(node, `compares with '${literal.text}'`)
    } else if (ts.isCaseClause(node) && isState(node.expression)) note(node, `switches on '${node.expression.text}'`)
    else if (ts.isArrayLiteralExpression(node)) {
      const literal = node.elements.find(isState)
      if (literal) note(node, `lists '${literal.text}'`)
    } else if (isText(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const sql = quoted.exec(node.text)
      if (sql) note(node, `writes '${sql[1]}' into a query`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}
