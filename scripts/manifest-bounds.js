// `npm run build` step after `oclif manifest`: oclif's manifest keeps an integer flag as a bare `option`, without
// its bounds. This puts back `min` and `max` from the bundled command classes, so the manifest's readers (the MCP
// tools' input schemas, --schema, help --llms) type such a flag as an integer with its bounds
// (src/mcp/command-spec.ts: an option flag with a bound is an integer; oclif's integer flag is the one
// flag that takes them, and every payctl integer flag declares at least its minimum). It also writes each command's
// result name from src/results/command-results.ts, where --schema, help --llms and the tests read it.
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const file = `${root}oclif.manifest.json`
const manifest = JSON.parse(readFileSync(file, 'utf8'))
const {COMMANDS} = await import(`${root}dist/bundle/commands.js`)
const {COMMAND_RESULTS} = await import(`${root}dist/results/command-results.js`)

for (const [id, entry] of Object.entries(manifest.commands)) {
  const command = COMMANDS[id]
  if (Object.hasOwn(COMMAND_RESULTS, id)) entry.result = COMMAND_RESULTS[id]
  const defined = {...command?.baseFlags, ...command?.flags}
  for (const [name, flag] of Object.entries(entry.flags)) {
    const {min, max} = defined[name] ?? {}
    if (flag.type !== 'option') continue
    if (typeof min === 'number') flag.min = min
    if (typeof max === 'number') flag.max = max
  }
}
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
