import {randomBytes} from 'node:crypto'
import {signWebhook} from '../../contract/webhook-hmac.js'

/** Spec 6.4–6.5: hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the subscription's signing secret. */
export const signDelivery = (secret: string, timestampSeconds: number, rawBody: string): string =>
  signWebhook(secret, timestampSeconds, rawBody)

export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`
