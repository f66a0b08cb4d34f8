import Plugin from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/script.js'
import {withSchemaFlag} from './with-schema-flag.js'

/** oclif's `autocomplete script` with --schema (bundled by scripts/command-list.js). */
export default withSchemaFlag(Plugin)
