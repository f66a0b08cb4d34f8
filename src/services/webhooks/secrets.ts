import type {ResolvedProfile} from '../../config/resolve.js'
import {usageError} from '../../shared/errors.js'

export const SECRET_ENV = 'PAYCTL_WEBHOOK_SECRET'

/** The source name of the secret a `--register`ed subscription brings. */
export const REGISTERED = 'the registered subscription'

export interface ListenSecrets {
  secrets: string[]
  /** Where they came from: "--secret", PAYCTL_WEBHOOK_SECRET, or `stored in profile "NAME"`. */
  source: string
}

/** `webhooks listen`: --secret, else PAYCTL_WEBHOOK_SECRET, else the secrets `webhooks create` stored in the profile. */
export async function listenSecrets(
  given: string[] | undefined,
  profile: () => Promise<ResolvedProfile>,
): Promise<ListenSecrets> {
  if (given?.length) return {secrets: [...given], source: '--secret'}
  const fromEnv = process.env[SECRET_ENV]
  if (fromEnv) return {secrets: [fromEnv], source: SECRET_ENV}
  const {name, credentials} = await profile()
  return {secrets: Object.values(credentials.webhookSecrets ?? {}), source: `stored in profile "${name}"`}
}

/** The one secret --print-secret and --secret-file hand over; the newest (the registered one) when several. */
export function singleSecret({secrets, source}: ListenSecrets, flag: string): string {
  if (secrets.length === 1 || source === REGISTERED) return secrets[secrets.length - 1]
  if (!secrets.length)
    throw usageError(`${flag}: no signing secret`, [
      `pass --secret, set ${SECRET_ENV}, or create a subscription with "webhooks create"`,
    ])
  throw usageError(`${flag}: ${secrets.length} secrets are ${source}; which one is meant is not clear`, [
    'pass the one you mean with --secret, or use --register for a subscription of its own',
  ])
}

/** Before listening: the one secret --secret-file writes, unless a registered subscription brings its own. */
export function checkSecretFile(found: ListenSecrets, register: boolean, secretFile: boolean): void {
  if (secretFile && !register) singleSecret(found, '--secret-file')
}

/** `webhooks verify`: --secret, else PAYCTL_WEBHOOK_SECRET, else every secret stored in the profile, named. */
export async function verifySecrets(
  given: string | undefined,
  profile: () => Promise<ResolvedProfile>,
): Promise<Array<{secret: string; label?: string}>> {
  const secret = given ?? process.env[SECRET_ENV]
  if (secret) return [{secret}]
  const {name, credentials} = await profile()
  const stored = Object.entries(credentials.webhookSecrets ?? {})
  if (!stored.length)
    throw usageError(`give the signing secret with --secret or ${SECRET_ENV}; profile "${name}" stores none`, [
      '"webhooks create" stores the secret of each subscription it creates',
    ])
  return stored.map(([id, secret]) => ({secret, label: `the stored secret of subscription ${id}`}))
}

/** `webhooks send`: --secret, else PAYCTL_WEBHOOK_SECRET. */
export function sendSecret(given: string | undefined): string {
  const secret = given ?? process.env[SECRET_ENV]
  if (!secret) throw usageError(`give the signing secret with --secret or ${SECRET_ENV}`)
  return secret
}
