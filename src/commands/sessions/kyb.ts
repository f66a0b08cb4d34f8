import {loginHintFlag, SessionCommand, sessionFlags} from '../../cli/session-command.js'
import type {Answer} from '../../cli/shown.js'

export default class SessionsKyb extends SessionCommand<typeof SessionsKyb> {
  static override result = 'sessionUrl' as const
  static override summary = 'Mint a KYB URL: a team member completes business verification.'
  static override description =
    `The visitor must sign in and be a member of your team; the sign-in code goes to the session's creator unless --login-hint names someone else.

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified --login-hint owner@example.com --branding team --open',
  ]

  static override flags = {
    'login-hint': loginHintFlag,
    ...sessionFlags,
  }

  async run(): Promise<Answer<typeof SessionsKyb.result>> {
    const f = this.flags
    return this.mint('kyb', f['login-hint'] ? {loginHint: f['login-hint']} : {}, {
      redirectUrl: f['redirect-url'],
      branding: f.branding,
      open: f.open,
    })
  }
}
