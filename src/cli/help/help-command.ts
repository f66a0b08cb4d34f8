import * as Args from '@oclif/core/args'
import {Command} from '@oclif/core/command'
import * as Flags from '@oclif/core/flags'
import {schemaFlag} from '../flags/schema-flag.js'

/**
 * `payctl help`: oclif's help command (as in @oclif/plugin-help) with payctl's help class, plus --llms: the whole
 * reference as one document, and --schema: the JSON Schema of `help` itself (whatever command words follow).
 * Bundled as an extra command like oclif's plugins (scripts/bundle.js).
 */
export default class Help extends Command {
  static override summary = 'Display help for payctl.'
  static override description =
    '--llms prints the reference of every command (flags, arguments, examples, re-run notes) as one Markdown document generated from the manifest, for agents and LLMs.'

  static override examples = [
    '<%= config.bin %> help payouts create',
    '<%= config.bin %> help --llms > payctl-reference.md',
  ]
  static override args = {command: Args.string({description: 'Command to show help for.', required: false})}
  static override flags = {
    'nested-commands': Flags.boolean({char: 'n', description: 'Include all nested commands in the output.'}),
    llms: Flags.boolean({summary: 'Print the whole command reference as one Markdown document.'}),
    schema: schemaFlag,
  }

  static override strict = false

  async run(): Promise<void> {
    const {argv, flags} = await this.parse(Help)
    if (flags.schema) return (await import('./command-schema.js')).printCommandSchema(this.config, this.id)
    if (flags.llms) {
      const {llmsReference} = await import('./llms-reference.js')
      process.stdout.write(llmsReference(this.config))
      return
    }
    const {default: PayctlHelp} = await import('./help.js')
    await new PayctlHelp(this.config, {all: flags['nested-commands']}).showHelp(argv as string[])
  }
}
