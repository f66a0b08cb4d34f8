import type {JsonSchemaType, jsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/types.js'
import type * as z from 'zod'
import {closestName} from '../shared/edit-distance.js'
import {ExitCode} from '../shared/exit-codes.js'
import type {ToolAnswer} from './tool-answer.js'
import {TOOLS, type ToolDefinition, type ToolGroup} from './tool-catalog.js'
import {announced, toolInputSchema, toolOutputSchema} from './tool-schemas.js'

/** A tool as served: its listing in tools/list, the input schema its arguments are checked with, its output check. */
export interface ServedTool {
  definition: ToolDefinition
  listing: Record<string, unknown>
  input: z.ZodObject
  /** The names of its inputs. */
  inputNames: ReadonlySet<string>
  fits: (structured: unknown) => {valid: boolean; errorMessage?: string}
}

/** A tool ready to serve: its schemas made once, its output check compiled once. */
export function servedTool(tool: ToolDefinition, validator: jsonSchemaValidator): ServedTool {
  const input = toolInputSchema(tool)
  const outputSchema = announced(toolOutputSchema(tool), 'output')
  return {
    definition: tool,
    input,
    inputNames: new Set(Object.keys(input.shape)),
    fits: validator.getValidator(outputSchema as JsonSchemaType),
    listing: {
      name: tool.name,
      // The command that does the same: `payouts:create` is `payctl payouts create`.
      title: `payctl ${tool.operation.id.replaceAll(':', ' ')}`,
      description: [tool.operation.summary, tool.note, `(${tool.group})`].filter(Boolean).join(' '),
      inputSchema: announced(input, 'input'),
      outputSchema,
      annotations: {...tool.hints, openWorldHint: false},
    },
  }
}

/** Why a tool of a group is not served (read and write tools always are, but for the files tools). */
const WHY_NOT_SERVED: Record<ToolGroup, string> = {
  read: 'it is not served here',
  write: 'it is not served here',
  money:
    'it moves money: served only when the person who starts the server allows money tools (on production, the profile must allow agent money too)',
  emulator: 'emulator tools are served on a loopback sandbox profile only',
  'emulator-money':
    'it settles emulator payouts: served on a loopback sandbox profile only, when the person who starts the server allows money tools',
}

/** The answer to a call of a tool this server does not serve: why not (the money gate), or the closest name. */
export function notServed(name: string, servedNames: readonly string[]): ToolAnswer {
  const known = TOOLS.find(tool => tool.name === name)
  const closest = closestName(name, servedNames)
  const why = known?.files?.length
    ? 'it reads local files: served only when the person who starts the server names a folder for them'
    : known
      ? WHY_NOT_SERVED[known.group]
      : `no such tool${closest ? `; did you mean ${closest}?` : ''}`
  return {warnings: [], error: {code: 'TOOL_NOT_SERVED', message: `${name}: ${why}`, exitCode: ExitCode.usage}}
}
