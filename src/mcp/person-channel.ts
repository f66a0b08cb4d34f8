import type {Server} from '@modelcontextprotocol/sdk/server/index.js'

/** What the client answered a URL-mode elicitation: the person opened the page, refused, or dismissed it. */
export type ElicitAction = 'accept' | 'decline' | 'cancel'

/**
 * The way from one tool call to the person behind the client (MCP 2025-11-25): a URL-mode elicitation, its
 * completion notice and progress notifications, all tied to the call. `urlElicitation` is false for a client that
 * did not declare `capabilities.elicitation.url`.
 */
export interface PersonChannel {
  readonly urlElicitation: boolean
  /**
   * Asks the client to show the person this URL; resolves with the person's answer (consent, not the decision), or
   * `unanswered` when none came within the time.
   */
  openUrl(
    params: {message: string; url: string; elicitationId: string},
    timeoutMs: number,
  ): Promise<ElicitAction | 'unanswered'>
  /** `notifications/elicitation/complete`: the interaction at the URL is over. */
  complete(elicitationId: string): Promise<void>
  /** A progress notification, when the call asked for them (a progressToken). */
  progress(progress: number, message: string): Promise<void>
  /** Aborted when the client cancels the call. */
  readonly signal: AbortSignal
}

/** What a tool call's handler gets from the SDK (RequestHandlerExtra, in part). */
export interface CallExtra {
  requestId: string | number
  signal: AbortSignal
  _meta?: {progressToken?: string | number}
  sendNotification(notification: {method: string; params?: Record<string, unknown>}): Promise<void>
}

/** The person channel of one tool call on this server. */
export function personChannel(server: Server, extra: CallExtra): PersonChannel {
  const token = extra._meta?.progressToken
  return {
    urlElicitation: Boolean(server.getClientCapabilities()?.elicitation?.url),
    signal: extra.signal,
    async openUrl(params, timeoutMs) {
      try {
        const result = await server.elicitInput(
          {mode: 'url', ...params},
          {relatedRequestId: extra.requestId, timeout: timeoutMs, signal: extra.signal},
        )
        return result.action
      } catch (error) {
        const {ErrorCode, McpError} = await import('@modelcontextprotocol/sdk/types.js')
        if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return 'unanswered'
        throw error
      }
    },
    complete: elicitationId =>
      server.notification(
        {method: 'notifications/elicitation/complete', params: {elicitationId}},
        {relatedRequestId: extra.requestId},
      ),
    async progress(progress, message) {
      if (token === undefined) return
      await extra.sendNotification({
        method: 'notifications/progress',
        params: {progressToken: token, progress, message},
      })
    },
  }
}

/** The channel of a call with nobody behind it to elicit from (no elicitation, no progress). */
export const NO_PERSON: PersonChannel = {
  urlElicitation: false,
  signal: new AbortController().signal,
  openUrl: async () => 'cancel',
  complete: async () => undefined,
  progress: async () => undefined,
}
