import {randomUUID} from 'node:crypto'
import {decodeSigned, encodeSigned} from './signed-blobs.js'

/**
 * Hosted-session tokens. `POST /api/v1/session/*` answers `{url}` = `<origin>/hosted/<kind>/<token>`; the
 * token is a signed, expiring blob naming the team, the kind and what the screen is for. The hosted pages
 * (`hosted/`) call `verifySessionToken` with the database secret (`store.secret()`) and the emulator clock.
 */

import type {Branding, SessionKind} from '../../contract/requests/session-requests.js'

export type {Branding, SessionKind}

export interface SessionClaims {
  /** Token version. */
  v: 1
  /** Unique per minted URL. */
  jti: string
  kind: SessionKind
  teamId: string
  /** Per kind: `{payoutId}`, `{payoutIds, loginHint?}`, `{loginHint?}`. */
  payload: Record<string, unknown>
  redirectUrl: string
  branding: Branding
  /** Who minted it: an API key or an OAuth client (platform branding names the client's team). */
  createdBy: {kind: 'api_key' | 'oauth'; clientId?: string}
  /** Issued at and expiry, unix milliseconds of the emulator clock. */
  iat: number
  exp: number
}

export const SESSION_LIFETIME_MS = 60 * 60 * 1000
const PURPOSE = 'session'

export function createSessionToken(
  claims: Omit<SessionClaims, 'v' | 'jti' | 'iat' | 'exp'>,
  secret: string,
  nowMs: number,
): string {
  const full: SessionClaims = {v: 1, jti: randomUUID(), ...claims, iat: nowMs, exp: nowMs + SESSION_LIFETIME_MS}
  return encodeSigned(full, secret, PURPOSE)
}

export type SessionVerdict =
  | {ok: true; claims: SessionClaims}
  | {ok: false; reason: 'malformed' | 'bad-signature' | 'wrong-kind'}
  /** The signature holds but the link expired: `claims` lets a page still offer the way back. */
  | {ok: false; reason: 'expired'; claims: SessionClaims}

/** Checks signature, expiry (emulator clock) and, when given, the kind the page expects. */
export function verifySessionToken(
  token: string,
  secret: string,
  nowMs: number,
  expectedKind?: SessionKind,
): SessionVerdict {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return {ok: false, reason: 'malformed'}
  const claims = decodeSigned(token, secret, PURPOSE) as SessionClaims | undefined
  if (!claims) return {ok: false, reason: 'bad-signature'}
  if (claims.v !== 1 || typeof claims.exp !== 'number' || typeof claims.teamId !== 'string')
    return {ok: false, reason: 'malformed'}
  if (nowMs >= claims.exp) return {ok: false, reason: 'expired', claims}
  if (expectedKind && claims.kind !== expectedKind) return {ok: false, reason: 'wrong-kind'}
  return {ok: true, claims}
}
