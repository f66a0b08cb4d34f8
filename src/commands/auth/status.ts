import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class AuthStatus extends BaseCommand<typeof AuthStatus, 'authStatus'> {
  static override summary = 'Show who is logged in on a profile, and check the credentials with one call.'
  static override description =
    `Shows the profile and why it was chosen (--profile, PAYCTL_PROFILE, the active profile or the built-in default), the environment, the origin (and whether PAYCTL_ORIGIN overrides it), where the credential comes from (PAYCTL_API_KEY, a stored key, an OAuth login, the emulator's built-in key), and scopes and expiry where known, then checks the credential with GET /team. All of it is shown also when the service refuses the credential, with the refusal; the exit code is then 3.

Safe to re-run (read only).`
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --profile prod --json',
  ]

  async run(): Promise<Answer<'authStatus'>> {
    const profile = await this.session.profile()
    const [{checkCredentials, profileChoice}, {reportError}, {showAuthStatus}] = await Promise.all([
      import('../../services/auth/credential-check.js'),
      import('../../services/errors/error-report.js'),
      import('../../cli/output/auth-status.js'),
    ])
    const flagGiven = this.argv.some(arg => arg === '--profile' || arg.startsWith('--profile='))
    const check = await checkCredentials({
      profile,
      selectedBy: profileChoice(profile, flagGiven),
      team: async () => (await this.session.client()).v1.team.get(),
      report: reportError,
    })
    return shown(check.view, {
      view: (checked, out) => showAuthStatus(out, checked, check.status),
      after: () => {
        if (check.error) throw check.error
      },
    })
  }
}
