import {commandOf} from '../../cli/command-of.js'
import {sessionUrlCommand} from '../../cli/session-url-command.js'
import {sessionsApproval} from '../../operations/sessions/sessions-mint.js'

export default commandOf(sessionsApproval, {
  ...sessionUrlCommand,
  description: `The visitor must sign in and be a member of your team (others get a request-access prompt). The sign-in code goes to the session's creator unless --login-hint names someone else. The team wallet must be set up first (the owner is prompted). At most 100 payouts per session.

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --payout 5f0c2b1a-8d3e-4f6a-9b7c-1d2e3f4a5b6c --redirect-url https://example.com/approved',
    '<%= config.bin %> <%= command.id %> --custom-id inv-1 --custom-id inv-2 --login-hint finance@example.com --redirect-url https://example.com/approved --open',
  ],
})
