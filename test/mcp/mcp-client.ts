import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {
  type CallToolResult,
  type ClientCapabilities,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import {afterEach} from 'vitest'
import {CLI} from '../helpers/cli.js'

/** A test's time-out for one tool call (the SDK's default of 60 s is too short on a busy machine for a burst). */
export const CALL_TIMEOUT_MS = 240_000

export interface McpSession {
  client: Client
  /** What `payctl mcp` wrote on stderr. */
  stderr: () => string
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>
  close(): Promise<void>
}

/** What a test's client declares and does beyond tools: elicitation (the person behind the client). */
export interface ClientRole {
  capabilities?: ClientCapabilities
  /** Answers `elicitation/create` (the person's answer in their client). */
  onElicit?: (params: Record<string, unknown>) => Promise<ElicitResult>
  /** Sees `notifications/elicitation/complete`. */
  onComplete?: (elicitationId: string) => void
}

/**
 * Starts the built `payctl mcp` (or the executable PAYCTL_TEST_EXE names) as an MCP client would (a subprocess over stdio), connects the SDK's client and
 * lists the tools, as real agents do: from then on the client checks every answer's structured content against the
 * tool's announced output schema, and a misfit fails the call with McpError -32602.
 */
export async function startMcp(
  args: string[],
  env: Record<string, string>,
  role: ClientRole = {},
): Promise<McpSession> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('PAYCTL_'),
    ),
  )
  const transport = new StdioClientTransport({
    command: CLI[0],
    args: [...CLI.slice(1), 'mcp', ...args],
    env: {...inherited, NO_COLOR: '1', ...env},
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', chunk => {
    stderr += chunk
  })
  const client = new Client({name: 'payctl-test', version: '1.0.0'}, {capabilities: role.capabilities ?? {}})
  const {onElicit, onComplete} = role
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, request => onElicit(request.params))
  if (onComplete)
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, notice =>
      onComplete(notice.params.elicitationId),
    )
  await client.connect(transport)
  await client.listTools()
  return {
    client,
    stderr: () => stderr,
    call: (name, toolArgs = {}) =>
      client.callTool({name, arguments: toolArgs}, undefined, {timeout: CALL_TIMEOUT_MS}) as Promise<CallToolResult>,
    close: () => client.close(),
  }
}

/** startMcp for the tests of a block: every server started through it is closed after each test. */
export function useMcpSessions(): (args: string[], env: Record<string, string>) => Promise<McpSession> {
  const open: McpSession[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map(session => session.close()))
  })
  return async (args, env) => {
    const session = await startMcp(args, env)
    open.push(session)
    return session
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tool answers are inspected freely in tests
export type Structured = any

/** A successful call's structured content (fails the test with the error text otherwise). */
export function ok(result: CallToolResult): Structured {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`)
  return result.structuredContent
}
