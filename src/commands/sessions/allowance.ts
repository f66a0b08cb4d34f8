import {commandOf} from '../../cli/command-of.js'
import {sessionUrlCommand} from '../../cli/session-url-command.js'
import {sessionsAllowance} from '../../operations/sessions/sessions-mint.js'

export default commandOf(sessionsAllowance, {
  ...sessionUrlCommand,
  description: `The allowance caps how much automated payouts may spend per day. The screen is for the team owner (the default --login-hint).

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/settings --open',
  ],
})
