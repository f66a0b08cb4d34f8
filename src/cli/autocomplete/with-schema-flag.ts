import type {Command} from '@oclif/core/command'
import type {FlagInput} from '@oclif/core/interfaces'
import {schemaFlag} from '../flags/schema-flag.js'

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base constructor must take any[] (TypeScript's rule)
type CommandClass = (new (...args: any[]) => Command) & {flags?: FlagInput}

/**
 * An oclif plugin's command (autocomplete) with payctl's --schema: given before a `--`, it prints the command's JSON
 * Schema instead of running, before the plugin parses its own flags.
 */
export function withSchemaFlag<T extends CommandClass>(Plugin: T) {
  return class extends Plugin {
    static override flags = {...Plugin.flags, schema: schemaFlag}

    override async run(): Promise<unknown> {
      const options = this.argv.includes('--') ? this.argv.slice(0, this.argv.indexOf('--')) : this.argv
      if (!options.includes('--schema')) return Plugin.prototype.run.call(this)
      const {printCommandSchema} = await import('../help/command-schema.js')
      printCommandSchema(this.config, this.id)
    }
  }
}
