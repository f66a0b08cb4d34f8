import * as z from 'zod'
import {type CommandSpec, commandWords} from './command-spec.js'
import {argumentShape, flagShape} from './flag-schema.js'
import {outputSchemaOf} from './output-schemas.js'

const jsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, {io: 'output', unrepresentable: 'any'})

/**
 * `payctl <command> --schema`: JSON Schemas of the command's flags (its own and the global ones), its positional
 * arguments, and its --json output (from the API schemas; null when it prints no API document).
 */
export function commandJsonSchema(command: CommandSpec) {
  const flags = Object.values(command.flags).filter(flag => !flag.hidden)
  const output = outputSchemaOf(command)
  return {
    command: commandWords(command.id),
    summary: command.summary,
    flags: jsonSchema(z.object(flagShape(flags))),
    arguments: jsonSchema(z.object(argumentShape(command))),
    variadic: command.strict === false,
    output: output ? jsonSchema(output) : null,
  }
}
