import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {ApiError} from '../../client/api-errors.js'
import {LOCAL_PROFILE} from '../../config/profiles.js'
import {authError, PayctlError} from '../../shared/errors.js'
import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'

/** Every way a login can be refused ends in exit 3 (auth); unreachable servers stay transient (exit 7). */
function loginFailure(error: unknown): unknown {
  if (error instanceof PayctlError) return error
  const again = ['run "payctl auth login" again']
  if (error instanceof ApiError) {
    return error.status >= 400 && error.status < 500 && error.status !== 404 && error.status !== 429
      ? authError(`login failed: ${error.message}`, again)
      : error
  }
  if (error instanceof Error && /state mismatch|issuer mismatch|no callback|answered|pasted/.test(error.message))
    return authError(`login failed: ${error.message}`, again)
  return error
}

export default class AuthLogin extends BaseCommand<typeof AuthLogin> {
  static override summary = 'Log in with OAuth (PKCE, loopback redirect) or store an API key.'
  static override description =
    `OAuth: opens the authorization page (the URL is always printed on stderr), waits for the redirect to a one-shot server on 127.0.0.1, and stores the tokens in the profile's credentials file (mode 0600). Without a TTY it never prompts: it prints the URL and waits up to --timeout.
API key: --with-api-key reads the key from a hidden prompt or from stdin, checks it with GET /team, then stores it.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --profile prod --client-id cl_123',
    '<%= config.bin %> <%= command.id %> --profile prod --client-id cl_123 --no-browser',
    'echo "$PAYOUT_API_KEY" | <%= config.bin %> <%= command.id %> --profile prod --with-api-key',
    '<%= config.bin %> <%= command.id %> --login-hint ops@example.com --team-hint 5f0c… --scope payouts:read --scope offline_access',
  ]

  static override flags = {
    'with-api-key': Flags.boolean({summary: 'Store an API key instead (hidden prompt, or stdin).'}),
    'client-id': Flags.string({summary: 'OAuth client created in the dashboard (else one is registered dynamically).'}),
    'client-secret': Flags.boolean({
      summary: 'The client is confidential: read its secret from a hidden prompt or stdin (never a flag value).',
    }),
    resource: Flags.option({
      options: ['v1', 'v2'] as const,
      default: 'v1',
      summary: 'API the token is bound to (a v1 token also works for v2).',
    })(),
    scope: Flags.string({
      summary: 'Scope to request (repeatable; default: every scope payctl uses, with offline_access).',
      multiple: true,
    }),
    'login-hint': Flags.string({summary: 'E-mail to pre-fill on the sign-in page.'}),
    'team-hint': Flags.string({summary: 'Team to preselect (a hint: the server verifies membership).'}),
    'team-name': Flags.string({summary: 'Suggested name for a new user creating a team.'}),
    port: Flags.integer({
      summary: 'Fixed port for the loopback callback (default: any free port).',
      min: 1,
      max: 65535,
    }),
    timeout: Flags.integer({summary: 'Seconds to wait for the browser to come back.', default: 300, min: 1}),
    'no-browser': Flags.boolean({
      summary: 'Do not open a browser: print the URL and accept the redirected URL pasted back.',
    }),
  }

  async run(): Promise<void> {
    if (this.flags['with-api-key']) return this.loginWithApiKey()
    const profile = await this.profile()
    const [{oauthLogin, defaultScopes, isLoopbackOrigin}, {CredentialStore}, {ConfigStore}, {openInBrowser}] =
      await Promise.all([
        import('../../services/auth/login.js'),
        import('../../config/credentials.js'),
        import('../../config/config-store.js'),
        import('../../cli/browser.js'),
      ])
    const config = new ConfigStore(this.config.configDir)
    const settings = (await config.profiles())[profile.name]
    // The built-in local profile uses the emulator's seeded platform client, on the emulator's (loopback) origin only.
    const emulator = profile.name === LOCAL_PROFILE && isLoopbackOrigin(profile.origin)
    const clientId =
      this.flags['client-id'] ?? settings.clientId ?? (emulator ? LOCAL_EMULATOR.oauthClientId : undefined)
    // A client named now (or the emulator's) may be granted payouts:approve; one remembered from registration never.
    const provisioned = this.flags['client-id'] !== undefined || clientId === LOCAL_EMULATOR.oauthClientId
    let clientSecret: string | undefined
    if (this.flags['client-secret']) {
      const {readSecret} = await import('../../cli/secret-input.js')
      clientSecret = await readSecret(
        'client secret',
        'pipe it: printf %s "$SECRET" | payctl auth login --client-secret …',
      )
    }
    const scopes = (this.flags.scope ?? []).flatMap(s => s.split(/[\s,]+/)).filter(Boolean)
    const interactive = Boolean(process.stdin.isTTY)
    const {watchInterrupts} = await import('../../cli/interrupt.js')
    const interrupts = watchInterrupts()
    const result = await oauthLogin({
      signal: interrupts.signal,
      origin: profile.origin,
      clientId,
      clientSecret,
      resource: this.flags.resource,
      scopes: scopes.length ? scopes : defaultScopes(provisioned),
      loginHint: this.flags['login-hint'],
      teamHint: this.flags['team-hint'],
      teamName: this.flags['team-name'],
      port: this.flags.port,
      timeoutMs: this.flags.timeout * 1000,
      onWarning: message => this.out.warn(message),
      debug: this.debugTrace(),
      onAuthorizationUrl: async url => {
        this.out.stderr(`Open this URL to log in:\n${url}`)
        if (!this.flags['no-browser']) await openInBrowser(url)
        this.out.stderr(`Waiting up to ${this.flags.timeout} s for the browser to come back…`)
      },
      pasteRedirect:
        this.flags['no-browser'] && interactive
          ? async () => {
              const {input} = await import('@inquirer/prompts')
              return input({message: 'Paste the URL your browser was sent to:'}, {output: process.stderr})
            }
          : undefined,
    })
      .catch(error => {
        throw loginFailure(error)
      })
      .finally(() => interrupts.dispose())
    await new CredentialStore(this.config.configDir).update(profile.name, current => ({
      ...current,
      apiKey: undefined,
      oauth: result.credentials,
    }))
    if (result.registeredClientId)
      await config.setProfile(profile.name, {...settings, clientId: result.registeredClientId})
    const view = {
      profile: profile.name,
      teamId: result.credentials.teamId,
      email: result.credentials.email,
      scope: result.credentials.scope,
      expiresAt: result.credentials.expiresAt,
    }
    if (this.flags.json) return this.out.printJson(view)
    this.out.info(
      `Logged in${view.email ? ` as ${view.email}` : ''} to team ${view.teamId ?? '(unknown)'} on profile "${profile.name}" (${profile.origin}).`,
    )
    if (profile.credentialSource === 'builtin')
      this.out.info(
        `The login replaces the emulator's built-in full key on "${profile.name}"; "${this.config.bin} auth logout --profile ${profile.name}" returns to it.`,
      )
  }

  private async loginWithApiKey(): Promise<void> {
    const profile = await this.profile()
    const [{readSecret}, {PayoutClient}, {CredentialStore}] = await Promise.all([
      import('../../cli/secret-input.js'),
      import('../../client/index.js'),
      import('../../config/credentials.js'),
    ])
    const key = await readSecret('API key', 'pipe it: echo "$KEY" | payctl auth login --with-api-key')
    const client = new PayoutClient({
      origin: profile.origin,
      auth: {authorization: async () => `Bearer ${key}`, secrets: () => [key]},
    })
    try {
      const team = await client.v1.team.get()
      await new CredentialStore(this.config.configDir).update(profile.name, current => ({
        ...current,
        oauth: undefined,
        apiKey: key,
      }))
      if (this.flags.json) return this.out.printJson({profile: profile.name, teamId: team.id, teamName: team.name})
      this.out.info(`Stored the API key for team ${team.name ?? team.id} on profile "${profile.name}".`)
    } finally {
      await client.close()
    }
  }
}
