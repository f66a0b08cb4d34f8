import type * as z from 'zod/mini'
import type {SESSION_BODIES, SessionKind} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {SessionUrl} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {Branding, SessionKind} from '../../contract/requests/index.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v1-session-operations.js')).v1SessionOperations

export type SessionBody = {[K in SessionKind]: z.input<(typeof SESSION_BODIES)[K]>}

/** The row that mints each kind of session. */
const SESSION_ROWS = {
  payout: 'createPayoutSession',
  approval: 'createApprovalSession',
  kyb: 'createKybSession',
  allowance: 'createAllowanceSession',
} as const satisfies Record<SessionKind, string>

/** Hosted sessions: every call mints a fresh opaque URL; minting is not keyed, so it is never retried blindly. */
export class SessionsV1 {
  constructor(private readonly transport: Transport) {}

  async create<K extends SessionKind>(kind: K, body: SessionBody[K]): Promise<SessionUrl> {
    const operation = (await rows())[SESSION_ROWS[kind as SessionKind]]
    return (await call(this.transport, operation, {body: body as never})).body
  }
}
