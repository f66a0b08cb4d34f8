import {BaseCommand} from '../../cli/base-command.js'
import {openFlag} from '../../cli/flags/common-flags.js'
import {flagsOf} from '../../cli/flags/flag-of.js'
import type {Answer} from '../../cli/shown.js'
import {sessionsAllowance} from '../../operations/sessions/sessions-mint.js'

export default class SessionsAllowance extends BaseCommand<typeof SessionsAllowance, 'sessionUrl'> {
  static override summary = sessionsAllowance.summary
  static override description =
    `The allowance caps how much automated payouts may spend per day. The screen is for the team owner (the default --login-hint).

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings --open',
  ]

  static override flags = {...flagsOf(sessionsAllowance.inputs), open: openFlag}

  async run(): Promise<Answer<'sessionUrl'>> {
    const [minted, {shownSessionUrl}] = await Promise.all([
      this.operate(sessionsAllowance),
      import('../../cli/output/session-url.js'),
    ])
    return shownSessionUrl(minted, this.flags.open, this.out)
  }
}
