import {BaseCommand} from '../../cli/base-command.js'
import {loginFlags} from '../../cli/flags/login-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class AuthLogin extends BaseCommand<typeof AuthLogin, 'apiKeyOrOAuthLogin'> {
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

  static override flags = loginFlags

  async run(): Promise<Answer<'apiKeyOrOAuthLogin'>> {
    const f = this.flags
    const profile = await this.session.profile()
    const [service, {readSecret}, view] = await Promise.all([
      import('../../services/auth/profile-login.js'),
      import('../../cli/secret-input.js'),
      import('../../cli/output/login-result.js'),
    ])
    if (f['with-api-key']) {
      const key = await readSecret('API key', 'pipe it: echo "$KEY" | payctl auth login --with-api-key')
      const stored = await service.storeApiKey(profile, this.config.configDir, key)
      return shown(stored, {view: (saved, out) => view.showApiKeyLogin(out, saved)})
    }
    const [{oauthLogin}, {openInBrowser, pastedRedirect}, {watchInterrupts}] = await Promise.all([
      import('../../services/auth/login.js'),
      import('../../cli/browser.js'),
      import('../../operations/interrupt.js'),
    ])
    const client = await service
      .oauthClientFor(profile, this.config.configDir, f['client-id'], this.session.trace())
      .catch(error => {
        throw service.loginFailure(error)
      })
    const clientSecret = f['client-secret']
      ? await readSecret('client secret', 'pipe it: printf %s "$SECRET" | payctl auth login --client-secret …')
      : undefined
    const interrupts = watchInterrupts()
    const result = await oauthLogin({
      signal: interrupts.signal,
      origin: profile.origin,
      metadata: client.metadata,
      clientId: client.clientId,
      clientSecret,
      resource: f.resource,
      scopes: service.requestedScopes(f.scope, client.provisioned),
      loginHint: f['login-hint'],
      teamHint: f['team-hint'],
      teamName: f['team-name'],
      port: f.port,
      timeoutMs: f.timeout * 1000,
      onWarning: message => this.out.warn(message),
      debug: this.session.trace(),
      onAuthorizationUrl: async url => {
        this.out.stderr(`Open this URL to log in:\n${url}`)
        if (!f['no-browser']) await openInBrowser(url)
        this.out.stderr(`Waiting up to ${f.timeout} s for the browser to come back…`)
      },
      pasteRedirect: f['no-browser'] && process.stdin.isTTY ? pastedRedirect : undefined,
    })
      .catch(error => {
        throw service.loginFailure(error)
      })
      .finally(() => interrupts.dispose())
    const login = await service.storeOAuthLogin(profile, this.config.configDir, client, result)
    return shown(login, {view: (done, out) => view.showOAuthLogin(out, done, profile, this.config.bin)})
  }
}
