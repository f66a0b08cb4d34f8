import {commandOf} from '../../cli/command-of.js'
import {sessionUrlCommand} from '../../cli/session-url-command.js'
import {sessionsKyb} from '../../operations/sessions/sessions-mint.js'

export default commandOf(sessionsKyb, {
  ...sessionUrlCommand,
  description: `The visitor must sign in and be a member of your team; the sign-in code goes to the session's creator unless --login-hint names someone else.

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified',
    '<%= config.bin %> <%= command.id %> --redirect-url https://example.com/verified --login-hint owner@example.com --branding team --open',
  ],
})
