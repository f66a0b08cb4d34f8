import * as Flags from '@oclif/core/flags'
import {outputFlag} from './output-flag.js'
import {schemaFlag} from './schema-flag.js'

/** The flags of every command (help group GLOBAL): profile, output shape, tracing, colours. */
export const globalFlags = {
  profile: Flags.string({
    summary: 'Profile to use (default: the active profile, else the built-in "local").',
    env: 'PAYCTL_PROFILE',
    helpGroup: 'GLOBAL',
  }),
  json: Flags.boolean({
    summary: 'Print raw API objects as JSON on stdout, and errors as JSON on stderr.',
    helpGroup: 'GLOBAL',
  }),
  debug: Flags.boolean({
    summary: 'Trace HTTP requests on stderr (secrets redacted).',
    helpGroup: 'GLOBAL',
  }),
  jq: Flags.string({
    char: 'q',
    summary: 'Filter the JSON output with a jq expression (strings print raw), like gh --jq.',
    helpGroup: 'GLOBAL',
    exclusive: ['template', 'quiet'],
  }),
  template: Flags.string({
    char: 't',
    summary: 'Print each JSON item through a template: "{{.id}}\\t{{.status}}".',
    helpGroup: 'GLOBAL',
    exclusive: ['quiet'],
  }),
  fields: Flags.string({
    summary: 'Only these fields (comma-separated JSON keys) in tables, csv, tsv and JSON.',
    helpGroup: 'GLOBAL',
  }),
  quiet: Flags.boolean({
    summary: 'Print only ids, one per line.',
    helpGroup: 'GLOBAL',
  }),
  schema: schemaFlag,
  output: outputFlag,
  'csv-formulas': Flags.boolean({
    summary:
      "-o csv and tsv: write a cell that begins with =, +, -, @, a tab or CR (spaces allowed before them) as it is (default: with a ' before it, so that a spreadsheet shows text, not a formula; payctl's import removes the ').",
    helpGroup: 'GLOBAL',
  }),
  color: Flags.boolean({
    summary: 'Colours and bold on a terminal (default; --no-color turns them off, as NO_COLOR=1 or FORCE_COLOR=0).',
    helpGroup: 'GLOBAL',
    allowNo: true,
  }),
}
