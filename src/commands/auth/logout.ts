import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'
import {messageOf} from '../../shared/thrown.js'

export default class AuthLogout extends BaseCommand<typeof AuthLogout, 'logout'> {
  static override summary =
    "Remove a profile's stored credentials (revoking the OAuth tokens where the server offers it)."
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --profile prod',
  ]

  async run(): Promise<Answer<'logout'>> {
    const profile = await this.session.profile()
    const {CredentialStore} = await import('../../config/credentials.js')
    const store = new CredentialStore(this.config.configDir)
    const oauth = profile.credentials.oauth
    let revoked = false
    if (oauth?.revocationEndpoint) {
      const {oauthRequest} = await import('../../services/auth/oauth-http.js')
      for (const [token, hint] of [
        [oauth.refreshToken, 'refresh_token'],
        [oauth.accessToken, 'access_token'],
      ] as const) {
        if (!token) continue
        try {
          await oauthRequest(oauth.revocationEndpoint, {
            form: {token, token_type_hint: hint, client_id: oauth.clientId, client_secret: oauth.clientSecret},
            debug: this.session.trace(),
          })
          revoked = true
        } catch (error) {
          this.out.warn(`could not revoke the ${hint.replace('_', ' ')}: ${messageOf(error)}`)
        }
      }
    }
    const had = Boolean(profile.credentials.apiKey || oauth)
    await store.update(profile.name, current => ({...current, apiKey: undefined, oauth: undefined}))
    return shown(
      {profile: profile.name, removed: had, revoked},
      {
        view: (_, out) => {
          out.info(
            had
              ? `Logged out of profile "${profile.name}"${revoked ? ' (tokens revoked)' : ''}.`
              : `Profile "${profile.name}" had no stored credentials.`,
          )
          if (profile.credentialSource === 'env') out.warn('PAYCTL_API_KEY is still set in this environment')
        },
      },
    )
  }
}
