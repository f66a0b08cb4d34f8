import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'
import {authError} from '../../shared/errors.js'
import {present} from '../../shared/present.js'

export default class AuthToken extends BaseCommand<typeof AuthToken, 'token'> {
  static override summary = 'Print a valid access token (or the API key) for scripts; refreshes first if needed.'
  static override description = 'The one command that prints a secret, on purpose. Keep it out of logs.'
  static override examples = [
    'curl -H "Authorization: Bearer $(<%= config.bin %> <%= command.id %>)" https://api.example.com/api/v1/team',
  ]

  async run(): Promise<Answer<'token'>> {
    const profile = await this.session.profile()
    if (profile.credentialSource === 'none')
      throw authError(`profile "${profile.name}" has no credentials`, [
        `run "payctl auth login --profile ${profile.name}"`,
      ])
    if (profile.apiKey) return this.emit(profile.apiKey, undefined)
    const {OAuthProvider} = await import('../../services/auth/oauth-provider.js')
    const provider = new OAuthProvider({
      profile: profile.name,
      origin: profile.origin,
      configDir: this.config.configDir,
      credentials: present(profile.credentials.oauth),
    })
    await provider.authorization()
    return this.emit(provider.credentials.accessToken, provider.credentials.expiresAt)
  }

  private emit(token: string, expiresAt: string | undefined) {
    return shown({token, expiresAt: expiresAt ?? null}, {view: (answer, out) => out.write(`${answer.token}\n`)})
  }
}
