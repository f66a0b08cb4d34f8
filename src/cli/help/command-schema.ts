import type {Config} from '@oclif/core/config'
import {commandJsonSchema} from './command-json-schema.js'

/** `--schema`: the command's JSON Schema on stdout, from its manifest entry (the definitions oclif parses with). */
export function printCommandSchema(config: Config, id: string | undefined): void {
  const command = id === undefined ? undefined : config.findCommand(id)
  if (!command) throw new Error(`no manifest entry for ${id}`)
  process.stdout.write(`${JSON.stringify(commandJsonSchema(command), null, 2)}\n`)
}
