import {parseResponse} from '../parse.js'
import {type SessionUrl, sessionUrlSchema} from '../schemas.js'
import type {Transport} from '../transport.js'

export type Branding = 'talentir' | 'team' | 'platform'

interface SessionCommon {
  redirectUrl: string
  branding?: Branding
}

export type SessionKind = 'payout' | 'approval' | 'kyb' | 'allowance'

export type SessionBody = {
  payout: SessionCommon & {payoutId: string}
  approval: SessionCommon & {payoutIds: string[]; loginHint?: string}
  kyb: SessionCommon & {loginHint?: string}
  allowance: SessionCommon & {loginHint?: string}
}

/** Hosted sessions: every call mints a fresh opaque URL; minting is not keyed, so it is never retried blindly. */
export class SessionsV1 {
  constructor(private readonly transport: Transport) {}

  async create<K extends SessionKind>(kind: K, body: SessionBody[K]): Promise<SessionUrl> {
    const res = await this.transport.request({method: 'POST', path: `/api/v1/session/${kind}`, body})
    return parseResponse(sessionUrlSchema, res.body, 'session', res.requestId)
  }
}
