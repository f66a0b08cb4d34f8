import type {Transport, TransportSendOptions} from '@modelcontextprotocol/sdk/shared/transport.js'
import type {JSONRPCMessage, MessageExtraInfo} from '@modelcontextprotocol/sdk/types.js'
import type {AuditLog} from './audit-log.js'
import {idsOf} from './tool-answer.js'

type RequestId = string | number

interface Pending {
  tool: string
  arguments: unknown
  started: number
}

/** What a tool's handler knows beyond the answer: the command's exit code and the idempotency key it sent. */
export interface CallDetails {
  exitCode?: number
  idempotencyKey?: string
}

type Message = {
  id?: RequestId
  method?: string
  params?: {name?: string; arguments?: unknown}
  result?: {
    isError?: boolean
    structuredContent?: {data?: unknown; error?: {code: string; message: string}}
    content?: Array<{text?: string}>
  }
  error?: {code: number; message: string}
}

/**
 * Wraps the stdio transport to audit every tool call where it crosses the wire: the request with its arguments,
 * and the answer that went back, including calls the SDK refused (unknown tool, invalid arguments).
 */
export class AuditedTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  private readonly pending = new Map<RequestId, Pending>()
  private closing = false
  readonly details = new Map<RequestId, CallDetails>()

  constructor(
    private readonly inner: Transport,
    private readonly audit: AuditLog,
    private readonly profile: string,
  ) {
    inner.onmessage = (message, extra) => {
      const m = message as Message
      if (m.method === 'tools/call' && m.id !== undefined)
        this.pending.set(m.id, {
          tool: String(m.params?.name),
          arguments: m.params?.arguments ?? {},
          started: Date.now(),
        })
      this.onmessage?.(message, extra)
    }
    inner.onclose = () => this.onclose?.()
    inner.onerror = error => this.onerror?.(error)
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  /** The client closed its end: close once the tool calls in flight have answered. */
  async closeWhenIdle(): Promise<void> {
    this.closing = true
    if (!this.pending.size) await this.close()
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as Message
    const call = m.id === undefined || m.method ? undefined : this.pending.get(m.id)
    if (call && m.id !== undefined) {
      const details = this.details.get(m.id) ?? {}
      this.details.delete(m.id)
      await this.audit.append({
        time: new Date(call.started).toISOString(),
        profile: this.profile,
        tool: call.tool,
        arguments: call.arguments,
        ...outcomeOf(m),
        durationMs: Date.now() - call.started,
        ...details,
      })
    }
    await this.inner.send(message, options)
    if (!call || m.id === undefined) return
    // In flight until its answer is sent: closing earlier would drop the answer of a call still being audited.
    this.pending.delete(m.id)
    if (this.closing && !this.pending.size) await this.close()
  }
}

function outcomeOf(m: Message) {
  if (m.error) return {outcome: 'error' as const, error: {code: `JSONRPC_${m.error.code}`, message: m.error.message}}
  const result = m.result ?? {}
  const ids = idsOf(result.structuredContent?.data)
  if (!result.isError) return {outcome: 'ok' as const, ...(ids.length ? {ids} : {})}
  const text = result.content?.[0]?.text ?? ''
  const error = result.structuredContent?.error ?? {code: 'TOOL_ERROR', message: text}
  return {outcome: 'error' as const, error: {code: error.code, message: error.message}}
}
