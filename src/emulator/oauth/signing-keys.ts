import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto'
import type {OAuthStore} from './oauth-store.js'

/**
 * RS256 JWTs (RFC 7519, RFC 9068 access tokens) with node:crypto. The signing key is created on first use
 * and kept in the database, so tokens survive a restart of the emulator; the JWKS publishes it.
 */

export type JwtClaims = Record<string, unknown>

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export class SigningKeys {
  private cache?: {kid: string; privateKey: KeyObject}
  private readonly publicKeys = new Map<string, KeyObject>()

  constructor(
    private readonly store: OAuthStore,
    private readonly now: () => number,
  ) {}

  /**
   * The key in force. A fresh database gets one; after a reset (the table emptied) the key pair this
   * instance generated before is stored again under a new kid, since RSA generation is slow and tokens of
   * before the reset are refused anyway (their grants are gone).
   */
  private current(): {kid: string; privateKey: KeyObject} {
    const row = this.store.signingKey()
    if (row && this.cache?.kid === row.kid) return this.cache
    if (row) {
      this.cache = {kid: row.kid, privateKey: createPrivateKey(row.private_pem)}
      return this.cache
    }
    const privateKey = this.cache?.privateKey ?? generateKeyPairSync('rsa', {modulusLength: 2048}).privateKey
    const kid = `emu-${randomBytes(8).toString('hex')}`
    this.store.insertKey({
      kid,
      private_pem: privateKey.export({format: 'pem', type: 'pkcs8'}).toString(),
      public_jwk: JSON.stringify({
        ...createPublicKey(privateKey).export({format: 'jwk'}),
        kid,
        alg: 'RS256',
        use: 'sig',
      }),
      created_at: this.now(),
    })
    this.cache = {kid, privateKey}
    return this.cache
  }

  sign(claims: JwtClaims): string {
    const {kid, privateKey} = this.current()
    const input = `${b64({alg: 'RS256', typ: 'at+jwt', kid})}.${b64(claims)}`
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
  }

  /** `{keys: [...]}` (RFC 7517) with every key that may have signed a live token. */
  jwks(): {keys: unknown[]} {
    this.current()
    return {keys: this.store.signingKeys().map(row => JSON.parse(row.public_jwk))}
  }

  private publicKey(kid: string): KeyObject | undefined {
    const row = this.store.signingKeys().find(key => key.kid === kid)
    if (!row) return undefined
    const cached = this.publicKeys.get(kid)
    if (cached) return cached
    const key = createPublicKey({key: JSON.parse(row.public_jwk), format: 'jwk'})
    this.publicKeys.set(kid, key)
    return key
  }

  /**
   * The claims of a JWT this emulator signed, or why not: `not-jwt` (not ours to judge: another
   * authenticator may know the token), `bad-signature`.
   */
  verify(token: string): {ok: true; claims: JwtClaims} | {ok: false; reason: 'not-jwt' | 'bad-signature'} {
    const parts = token.split('.')
    if (parts.length !== 3) return {ok: false, reason: 'not-jwt'}
    let header: {alg?: unknown; kid?: unknown}
    let claims: JwtClaims
    try {
      header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
    } catch {
      return {ok: false, reason: 'not-jwt'}
    }
    if (!header || typeof header !== 'object' || !claims || typeof claims !== 'object')
      return {ok: false, reason: 'not-jwt'}
    if (header.alg !== 'RS256' || typeof header.kid !== 'string') return {ok: false, reason: 'bad-signature'}
    const key = this.publicKey(header.kid)
    if (!key) return {ok: false, reason: 'bad-signature'}
    const valid = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2], 'base64url'))
    return valid ? {ok: true, claims} : {ok: false, reason: 'bad-signature'}
  }
}
