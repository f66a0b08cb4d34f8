import {isResultName, resultSchema} from '../../results/index.js'
import type {CommandSpec} from './command-spec.js'

/**
 * The schema of a command's --json output: the result its class declares (src/results), as the manifest
 * carries it (`--schema`). Undefined for a command that declares none (oclif's own plugins).
 */
export const outputSchemaOf = (command: CommandSpec | undefined) =>
  isResultName(command?.result) ? resultSchema(command.result) : undefined
