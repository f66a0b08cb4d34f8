import Plugin from '../../../node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/index.js'
import {withSchemaFlag} from './with-schema-flag.js'

/** oclif's `autocomplete` with --schema (bundled by scripts/command-list.js). */
export default withSchemaFlag(Plugin)
