import {BaseCommand} from '../../cli/base-command.js'
import {openFlag} from '../../cli/flags/common-flags.js'
import {flagsOf} from '../../cli/flags/flag-of.js'
import type {Answer} from '../../cli/shown.js'
import {sessionsKyb} from '../../operations/sessions/sessions-mint.js'

export default class SessionsKyb extends BaseCommand<typeof SessionsKyb, 'sessionUrl'> {
  static override summary = sessionsKyb.summary
  static override description =
    `The visitor must sign in and be a member of your team; the sign-in code goes to the session's creator unless --login-hint names someone else.

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified --login-hint owner@example.com --branding team --open',
  ]

  static override flags = {...flagsOf(sessionsKyb.inputs), open: openFlag}

  async run(): Promise<Answer<'sessionUrl'>> {
    const [minted, {shownSessionUrl}] = await Promise.all([
      this.operate(sessionsKyb),
      import('../../cli/output/session-url.js'),
    ])
    return shownSessionUrl(minted, this.flags.open, this.out)
  }
}
