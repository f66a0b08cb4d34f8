import {commandOf} from '../../cli/command-of.js'
import {sessionUrlCommand} from '../../cli/session-url-command.js'
import {sessionsPayout} from '../../operations/sessions/sessions-mint.js'

export default commandOf(sessionsPayout, {
  ...sessionUrlCommand,
  description: `The recipient (not a team member) signs in or up with their own e-mail and claims the payout: chooses how to be paid. A payout to a counterparty is paid directly to its saved payment method and has no claim URL (exit 5). Each call mints a fresh URL; treat it as opaque. Prints the URL (--json: {"url": …}); --open also opens it in a browser.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --redirect-url https://example.com/thanks',
    '<%= config.bin %> <%= command.id %> --custom-id inv-2026-10-maria --redirect-url https://example.com/thanks --branding team --open',
  ],
})
