import {createHash} from 'node:crypto'
import type {CommandSpec} from './command-spec.js'
import type {ToolArguments} from './input-schema.js'

/** JSON with object keys sorted at every level: the same arguments in any order give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * The idempotency key of a tool call: "mcp-" and the SHA-256 of the tool's name, the canonical arguments and the
 * key the client supplied (the command's own idempotency-key argument, if given). The same call retried gives
 * the same key, so the service applies it once; a different call (or client key) gives another.
 */
export function toolCallKey(tool: string, args: ToolArguments): string {
  const hash = createHash('sha256').update(tool).update('\n').update(canonicalJson(args)).digest('hex')
  return `mcp-${hash}`
}

/** Whether this call of `payouts create` goes to v1 (its V1 flags or api v1): an upsert keyed by custom-id. */
const isV1Create = (command: CommandSpec, args: ToolArguments) =>
  args.api === 'v1' ||
  Object.entries(args).some(
    ([name, value]) => command.flags[name]?.helpGroup === 'V1' && value !== undefined && value !== false,
  )

/**
 * The arguments that make a write safe to retry: `idempotency-key` (the derived key) where the command sends a v2
 * POST, or, for a v1 creation without a custom-id, the derived key as its custom-id (v1 creation is an upsert
 * on it). Commands without either are idempotent by nature (PATCH, DELETE) or create nothing.
 */
export function retrySafeArguments(tool: string, command: CommandSpec, args: ToolArguments): ToolArguments {
  const key = toolCallKey(tool, args)
  if (command.flags['pre-approved'] && isV1Create(command, args))
    return args['custom-id'] === undefined ? {...args, 'custom-id': key} : args
  if (command.flags['idempotency-key']) return {...args, 'idempotency-key': key}
  return args
}
