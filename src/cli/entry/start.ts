import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {execute} from '@oclif/core/execute'
import {memoryPlugin, type PluginParts} from './memory-plugin.js'

/**
 * oclif's execute() over payctl's root plugin held in memory (memory-plugin.ts). The npm package, each
 * executable and the in-process tests start here; the value is what the command's run() returned.
 */
export function start(parts: PluginParts, args: string[] = process.argv.slice(2)): Promise<unknown> {
  const plugin = memoryPlugin(parts)
  return execute({args, loadOptions: {root: parts.root, pjson: parts.pjson, plugins: new Map([[plugin.name, plugin]])}})
}

/**
 * The npm package, from its root folder: package.json and oclif.manifest.json read there, the commands from the
 * bundle's command index (dist/bundle/commands.js, written by scripts/bundle.js).
 */
export function startPackage(root: string, args: string[] = process.argv.slice(2)): Promise<unknown> {
  const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'))
  const index = join(root, 'dist', 'bundle', 'commands.js')
  const {COMMANDS} = createRequire(index)(index)
  return start({root, pjson: read('package.json'), manifest: read('oclif.manifest.json'), commands: COMMANDS}, args)
}
