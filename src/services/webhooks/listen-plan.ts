import type {ResolvedProfile} from '../../config/resolve.js'
import {usageError} from '../../shared/errors.js'
import {isLoopbackOrigin} from '../../shared/local-emulator.js'
import {type ListenSecrets, listenSecrets, SECRET_ENV} from './secrets.js'

export interface ListenPlanInput {
  /** --secret, as given. */
  secret?: string[]
  /** --register (true), --no-register (false), or neither. */
  register?: boolean
  printSecret: boolean
  publicUrl?: string
  /** The listener's address as the flags give it, for advice. */
  host: string
  port: number
  profile: () => Promise<ResolvedProfile>
}

export interface ListenPlan {
  found: ListenSecrets
  /** Register a temporary subscription to the listener: --register, or by default on a sandbox profile. */
  register: boolean
  /** Name the team's subscriptions that deliver elsewhere: the listener talks to the service. */
  survey: boolean
}

/**
 * How `webhooks listen` gets its deliveries, as `stripe listen` does where it can. A secret given (--secret or
 * PAYCTL_WEBHOOK_SECRET) verifies deliveries to a subscription made elsewhere: nothing is registered unless
 * --register says so. Without one, a sandbox profile (the emulator's among them) registers a temporary subscription
 * to the listener with a fresh secret, deleted again when it stops; a production profile registers only with
 * --register and otherwise verifies with the secrets `webhooks create` stored. --no-register never registers.
 */
export async function listenPlan(input: ListenPlanInput): Promise<ListenPlan> {
  const found = await listenSecrets(input.secret, input.profile)
  const given = found.source === '--secret' || found.source === SECRET_ENV
  const register = input.register ?? (!given && !input.printSecret && (await input.profile()).environment === 'sandbox')
  if (input.publicUrl && !register)
    throw usageError('--public-url is where a registered subscription delivers to: it needs --register')
  if (register && !input.publicUrl) {
    const {origin} = await input.profile()
    if (!isLoopbackOrigin(origin))
      throw usageError(
        `${input.register ? '--register' : 'listening on a sandbox profile registers a temporary subscription, which'} against ${origin} needs --public-url`,
        [
          'the service cannot reach this machine; expose the listener with a tunnel and pass its URL as --public-url',
          ...(input.register ? [] : ['or give the secret of a subscription made elsewhere with --secret']),
        ],
      )
  }
  if (!found.secrets.length && !register && !input.printSecret)
    throw usageError('no signing secret to verify deliveries with', [
      `pass --secret, set ${SECRET_ENV}, or use --register for a temporary subscription to this listener`,
      `or subscribe this listener for good: "payctl webhooks create --url http://${input.host}:${input.port || 'PORT'}/"`,
    ])
  return {found, register, survey: register || !given}
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::]'])

/** Whether two URLs reach the same receiver: scheme, host (every loopback form alike) and port. */
export function sameReceiver(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)]
    const host = (url: URL) => (LOOPBACK.has(url.hostname) ? 'loopback' : url.hostname)
    return x.protocol === y.protocol && host(x) === host(y) && x.port === y.port
  } catch {
    return false
  }
}
