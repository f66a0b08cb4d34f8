import * as Flags from '@oclif/core/flags'

/** --schema on every command: the JSON Schema of its flags, arguments and --json output (src/cli/help/command-schema.ts). */
export const schemaFlag = Flags.boolean({
  summary: "Print the JSON Schema of this command's flags, arguments and --json output, and exit.",
  helpGroup: 'GLOBAL',
})
