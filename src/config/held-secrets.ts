import type {ResolvedProfile} from './resolve.js'

/**
 * Every secret a run on this profile holds: the key in force and the stored one, the OAuth tokens and client
 * secret, the webhook signing secrets (stored, and PAYCTL_WEBHOOK_SECRET). What a server echoes of them is
 * replaced by [redacted] wherever a line or an answer leaves payctl.
 */
export function heldSecrets(profile?: ResolvedProfile): Array<string | undefined> {
  const credentials = profile?.credentials
  return [
    process.env.PAYCTL_API_KEY,
    process.env.PAYCTL_WEBHOOK_SECRET,
    profile?.apiKey,
    credentials?.apiKey,
    credentials?.oauth?.accessToken,
    credentials?.oauth?.refreshToken,
    credentials?.oauth?.clientSecret,
    ...Object.values(credentials?.webhookSecrets ?? {}),
  ]
}

/**
 * The secrets of a long run (`payctl mcp`): the list grows with what the profile holds after each step, so tokens
 * refreshed meanwhile are scrubbed as the first ones are.
 */
export function followHeldSecrets(profile: ResolvedProfile, configDir: string) {
  const secrets = heldSecrets(profile)
  const refresh = async () => {
    const {resolveProfile} = await import('./resolve.js')
    const now = await resolveProfile({configDir, profile: profile.name})
    for (const secret of heldSecrets(now)) if (secret && !secrets.includes(secret)) secrets.push(secret)
  }
  return {secrets, refresh}
}
