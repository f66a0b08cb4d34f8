import type * as z from 'zod/mini'
import type {SESSION_BODIES, SessionKind} from '../../contract/requests/index.js'
import {parseResponse} from '../parse.js'
import {type SessionUrl, sessionUrlSchema} from '../schemas.js'
import type {Transport} from '../transport.js'

export type {Branding, SessionKind} from '../../contract/requests/index.js'

export type SessionBody = {[K in SessionKind]: z.input<(typeof SESSION_BODIES)[K]>}

/** Hosted sessions: every call mints a fresh opaque URL; minting is not keyed, so it is never retried blindly. */
export class SessionsV1 {
  constructor(private readonly transport: Transport) {}

  async create<K extends SessionKind>(kind: K, body: SessionBody[K]): Promise<SessionUrl> {
    const res = await this.transport.request({method: 'POST', path: `/api/v1/session/${kind}`, body})
    return parseResponse(sessionUrlSchema, res.body, 'session', res.requestId)
  }
}
