import {createHash} from 'node:crypto'
import type {Fields} from '../operations/inputs/field.js'
import {canonicalJson} from '../shared/canonical-json.js'

export type ToolArguments = Record<string, unknown>

/**
 * The idempotency key of a tool call: "mcp-" and the SHA-256 of the MCP session, the tool's name and the canonical
 * arguments. The same call retried in the session gives the same key, so the service applies it once; a different
 * call, or the same call from another session (another agent, or the same one after its server restarted), gives
 * another. A key the client supplied (the operation's own idempotency-key argument) is the client's word that calls
 * carrying it are one: then the session is left out, and the key holds across sessions.
 */
export function toolCallKey(tool: string, args: ToolArguments, session: string): string {
  const scope = args['idempotency-key'] === undefined ? session : ''
  const hash = createHash('sha256')
    .update(scope)
    .update('\n')
    .update(tool)
    .update('\n')
    .update(canonicalJson(args))
    .digest('hex')
  return `mcp-${hash}`
}

/** Whether this call of `payouts create` goes to v1 (its V1 inputs or api v1): an upsert keyed by custom-id. */
const isV1Create = (fields: Fields, args: ToolArguments) =>
  args.api === 'v1' ||
  Object.entries(args).some(
    ([name, value]) => fields[name]?.helpGroup === 'V1' && value !== undefined && value !== false,
  )

/**
 * The arguments that make a write safe to retry: `idempotency-key` (the derived key) where the operation sends a v2
 * POST, or, for a v1 creation without a custom-id, the derived key as its custom-id (v1 creation is an upsert
 * on it). Commands without either are idempotent by nature (PATCH, DELETE) or create nothing.
 */
export function retrySafeArguments(tool: string, fields: Fields, args: ToolArguments, session: string): ToolArguments {
  const key = toolCallKey(tool, args, session)
  if (fields['pre-approved'] && isV1Create(fields, args))
    return args['custom-id'] === undefined ? {...args, 'custom-id': key} : args
  if (fields['idempotency-key']) return {...args, 'idempotency-key': key}
  return args
}
