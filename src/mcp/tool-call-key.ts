import {createHash} from 'node:crypto'
import type {Fields} from '../operations/inputs/field.js'
import {canonicalJson} from '../shared/canonical-json.js'

export type ToolArguments = Record<string, unknown>

/**
 * The idempotency key of a tool call: "mcp-" and the SHA-256 of the tool's name, the canonical arguments and the
 * key the client supplied (the operation's own idempotency-key argument, if given). The same call retried gives
 * the same key, so the service applies it once; a different call (or client key) gives another.
 */
export function toolCallKey(tool: string, args: ToolArguments): string {
  const hash = createHash('sha256').update(tool).update('\n').update(canonicalJson(args)).digest('hex')
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
export function retrySafeArguments(tool: string, fields: Fields, args: ToolArguments): ToolArguments {
  const key = toolCallKey(tool, args)
  if (fields['pre-approved'] && isV1Create(fields, args))
    return args['custom-id'] === undefined ? {...args, 'custom-id': key} : args
  if (fields['idempotency-key']) return {...args, 'idempotency-key': key}
  return args
}
