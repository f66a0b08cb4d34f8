// `npm run build` step after `oclif manifest`: dist/bundle/command-index.json, what a run needs of the manifest
// (each command's id, aliases, flags of state such as `hidden`, its plugin and result name), about 3% of its size.
// The npm package starts from it and reads oclif.manifest.json only when a command's flags, arguments or texts
// are asked for (help, --schema, the MCP server): src/cli/entry/command-index.ts.
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

/**
 * The manifest fields that hold most of its bytes and that a run does not read; everything else of an entry is in
 * the index. oclif reads each command's `summary`, or its `description` where it has no summary, for the topic of
 * its id.
 */
const heavy = entry => ['flags', 'args', 'examples', 'usage', ...(entry.summary ? ['description'] : [])]

const root = fileURLToPath(new URL('..', import.meta.url))
const manifest = JSON.parse(readFileSync(`${root}oclif.manifest.json`, 'utf8'))
const commands = Object.fromEntries(
  Object.entries(manifest.commands).map(([id, entry]) => {
    const fields = heavy(entry)
    const light = Object.fromEntries(Object.entries(entry).filter(([key]) => !fields.includes(key)))
    return [id, {light, heavy: Object.keys(entry).filter(key => fields.includes(key))}]
  }),
)
writeFileSync(`${root}dist/bundle/command-index.json`, JSON.stringify({version: manifest.version, commands}))
