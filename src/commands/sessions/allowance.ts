import {loginHintFlag, SessionCommand, sessionFlags} from '../../cli/session-command.js'
import type {Answer} from '../../cli/shown.js'

export default class SessionsAllowance extends SessionCommand<typeof SessionsAllowance> {
  static override result = 'sessionUrl' as const
  static override summary = 'Mint an allowance URL: the team owner sets the daily spending allowance.'
  static override description =
    `The allowance caps how much automated payouts may spend per day. The screen is for the team owner (the default --login-hint).

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings --open',
  ]

  static override flags = {
    'login-hint': loginHintFlag,
    ...sessionFlags,
  }

  async run(): Promise<Answer<typeof SessionsAllowance.result>> {
    const f = this.flags
    return this.mint('allowance', f['login-hint'] ? {loginHint: f['login-hint']} : {}, {
      redirectUrl: f['redirect-url'],
      branding: f.branding,
      open: f.open,
    })
  }
}
