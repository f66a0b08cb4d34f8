import type * as z from 'zod/mini'
import {operations} from '../../contract/operations.js'
import type {SESSION_BODIES, SessionKind} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {SessionUrl} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {Branding, SessionKind} from '../../contract/requests/index.js'

export type SessionBody = {[K in SessionKind]: z.input<(typeof SESSION_BODIES)[K]>}

const SESSION_OPERATIONS = {
  payout: operations.createPayoutSession,
  approval: operations.createApprovalSession,
  kyb: operations.createKybSession,
  allowance: operations.createAllowanceSession,
} as const satisfies Record<SessionKind, unknown>

/** Hosted sessions: every call mints a fresh opaque URL; minting is not keyed, so it is never retried blindly. */
export class SessionsV1 {
  constructor(private readonly transport: Transport) {}

  async create<K extends SessionKind>(kind: K, body: SessionBody[K]): Promise<SessionUrl> {
    const operation = SESSION_OPERATIONS[kind as SessionKind]
    return (await call(this.transport, operation, {body: body as never})).body
  }
}
