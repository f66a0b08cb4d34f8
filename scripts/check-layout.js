// `npm run lint` step: the layout rules that an import graph cannot show. File names are unique across src
// outside src/commands (index.ts excepted), so a name alone says which file is meant; commands stay thin.
import {readdirSync, readFileSync} from 'node:fs'
import {basename, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const src = fileURLToPath(new URL('../src', import.meta.url))
const MAX_COMMAND_LINES = 80

const files = readdirSync(src, {recursive: true})
  .filter(file => file.endsWith('.ts'))
  .map(file => file.split('\\').join('/'))

const problems = []

// The layers of docs/development.md, each with its rules in .dependency-cruiser.cjs: a new top-level folder is a
// new layer, and gets its rules and its row in the table before its first file.
const LAYERS = ['commands', 'cli', 'mcp', 'services', 'config', 'client', 'contract', 'shared', 'emulator']
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

// A command's result type is tied to what it declares (src/contract/results): run() answers ResultOf<typeof X.result>.
const declaresResult = text => /^ {2}static (override )?result = '\w+' as const$/m.test(text)
const runReturnsDeclared = text => {
  const name = /^export default class (\w+) /m.exec(text)?.[1]
  return text.includes(`async run(): Promise<ResultOf<typeof ${name}.result>>`)
}

for (const file of files.filter(f => f.startsWith('commands/'))) {
  const text = readFileSync(join(src, file), 'utf8')
  if (!declaresResult(text) || !runReturnsDeclared(text))
    problems.push(
      `src/${file}: every command declares "static override result = '<name>' as const" and "run(): Promise<ResultOf<typeof <Class>.result>>"`,
    )
  const lines = text.trimEnd().split('\n').length
  if (lines > MAX_COMMAND_LINES) {
    problems.push(`src/${file} has ${lines} lines (commands stay under ${MAX_COMMAND_LINES}: move logic to a service)`)
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  process.exit(1)
}
console.log(
  `layout ok: ${files.length} files in the layers, unique names, commands under ${MAX_COMMAND_LINES} lines, each declaring its result`,
)
