import {createHmac, randomBytes} from 'node:crypto'

/** Spec 6.4–6.5: hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the subscription's signing secret. */
export function signDelivery(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')
}

export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`
