import type {EmulatorControl} from '../client/emulator-control.js'
import type {PayoutClient} from '../client/index.js'
import {scrubBearer, scrubSecrets} from '../client/redact.js'
import {heldSecrets} from '../config/held-secrets.js'
import type {ResolvedProfile} from '../config/resolve.js'
import {usageError} from '../shared/errors.js'
import {isLoopbackOrigin} from '../shared/local-emulator.js'
import {userAgent} from '../shared/runtime.js'

export interface SessionOptions {
  configDir: string
  dataDir: string
  /** payctl's version, for the User-Agent. */
  version: string
  /** The profile to use (undefined: the active one, else the built-in `local`). */
  profile?: string
  /** Where --debug lines go, each already scrubbed of the secrets this session holds (undefined: no trace). */
  trace?: (line: string) => void
  /** Called once the profile is resolved (the CLI says when PAYCTL_API_KEY overrides the stored credentials). */
  resolved?: (profile: ResolvedProfile) => void
}

/**
 * What every operation of one run shares: the profile, resolved once, the API client and the emulator's control
 * client, made on first use (their modules load while the profile resolves), and the secrets they hold, which never
 * reach a line that leaves payctl. A command has one; the MCP server one per tool call.
 */
export class Session {
  private profileLoad?: Promise<ResolvedProfile>
  private profileInstance?: ResolvedProfile
  private clientLoad?: Promise<PayoutClient>
  private controlLoad?: Promise<EmulatorControl>

  constructor(readonly options: SessionOptions) {}

  get configDir(): string {
    return this.options.configDir
  }

  get dataDir(): string {
    return this.options.dataDir
  }

  /** The resolved profile, once per session (concurrent callers share one resolution). */
  profile(): Promise<ResolvedProfile> {
    this.profileLoad ??= this.resolveProfile()
    return this.profileLoad
  }

  private async resolveProfile(): Promise<ResolvedProfile> {
    const {resolveProfile} = await import('../config/resolve.js')
    this.profileInstance = await resolveProfile({configDir: this.configDir, profile: this.options.profile})
    this.options.resolved?.(this.profileInstance)
    return this.profileInstance
  }

  /** The API client, once per session. */
  client(): Promise<PayoutClient> {
    this.clientLoad ??= this.createClient()
    return this.clientLoad
  }

  private async createClient(): Promise<PayoutClient> {
    const [profile, {PayoutClient}, {authProviderFor}] = await Promise.all([
      this.profile(),
      import('../client/index.js'),
      import('../services/auth/auth-provider.js'),
    ])
    return new PayoutClient({
      origin: profile.origin,
      auth: await authProviderFor(profile, this.configDir, this.trace(), this.dataDir),
      userAgent: userAgent(this.options.version),
      debug: this.trace(),
    })
  }

  /**
   * The control client of the emulator at the profile's origin (`payctl emulator …`), which answers on the loopback
   * interface only: a profile pointing elsewhere is a usage error.
   */
  control(): Promise<EmulatorControl> {
    this.controlLoad ??= this.createControl()
    return this.controlLoad
  }

  private async createControl(): Promise<EmulatorControl> {
    const profile = await this.profile()
    if (!isLoopbackOrigin(profile.origin))
      throw usageError(
        `profile "${profile.name}" points at ${profile.origin}; the emulator commands talk to a local emulator only`,
        ['use --profile local, or a profile whose origin is the emulator on 127.0.0.1'],
      )
    const {EmulatorControl} = await import('../client/emulator-control.js')
    return new EmulatorControl({
      origin: profile.origin,
      userAgent: userAgent(this.options.version),
      debug: this.trace(),
    })
  }

  /** The --debug writer, scrubbing each line, or undefined without --debug. */
  trace(): ((line: string) => void) | undefined {
    const {trace} = this.options
    return trace && (line => trace(this.scrub(line)))
  }

  /**
   * The secrets this session holds (the key in force, OAuth tokens, webhook signing secrets) and any bearer
   * credential, replaced by [redacted] in a line meant for stderr or an agent, whatever a server echoed into it.
   */
  scrub(line: string): string {
    return scrubSecrets(scrubBearer(line), heldSecrets(this.profileInstance))
  }

  /** Closes what the session opened (the clients' connections). */
  async close(): Promise<void> {
    const [client, control] = await Promise.all([
      this.clientLoad?.catch(() => undefined),
      this.controlLoad?.catch(() => undefined),
    ])
    await Promise.all([client?.close(), control?.close()])
  }
}
