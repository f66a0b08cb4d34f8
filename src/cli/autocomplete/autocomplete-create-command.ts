import Plugin from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/create.js'
import {withSchemaFlag} from './with-schema-flag.js'

/** oclif's `autocomplete create` with --schema (bundled by scripts/command-list.js). */
export default withSchemaFlag(Plugin)
