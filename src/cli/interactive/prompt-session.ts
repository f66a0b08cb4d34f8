import type {Config} from '@oclif/core/config'
import type {PayoutClient} from '../../client/index.js'
import {scrubBearer, scrubSecrets} from '../../client/redact.js'
import {heldSecrets} from '../../config/held-secrets.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {userAgent} from '../../shared/runtime.js'

/**
 * What the questions of an interactive create read before the command runs: the profile (`--profile`, else the active
 * one) and the API client, each made on first use, as the command makes them.
 */
export class PromptSession {
  private profileLoad?: Promise<ResolvedProfile>
  private profileInstance?: ResolvedProfile
  private clientLoad?: Promise<PayoutClient>

  constructor(
    private readonly config: Config,
    private readonly profileName?: string,
  ) {}

  get dataDir(): string {
    return this.config.dataDir
  }

  profile(): Promise<ResolvedProfile> {
    this.profileLoad ??= import('../../config/resolve.js').then(async ({resolveProfile}) => {
      this.profileInstance = await resolveProfile({configDir: this.config.configDir, profile: this.profileName})
      return this.profileInstance
    })
    return this.profileLoad
  }

  client(): Promise<PayoutClient> {
    this.clientLoad ??= this.createClient()
    return this.clientLoad
  }

  private async createClient(): Promise<PayoutClient> {
    const [profile, {PayoutClient}, {authProviderFor}] = await Promise.all([
      this.profile(),
      import('../../client/index.js'),
      import('../../services/auth/auth-provider.js'),
    ])
    return new PayoutClient({
      origin: profile.origin,
      auth: await authProviderFor(profile, this.config.configDir, undefined, this.config.dataDir),
      userAgent: userAgent(this.config.version),
    })
  }

  /** A line for stderr with the secrets this session holds replaced. */
  scrub(line: string): string {
    return scrubSecrets(scrubBearer(line), heldSecrets(this.profileInstance))
  }

  async close(): Promise<void> {
    await (await this.clientLoad?.catch(() => undefined))?.close()
  }
}
