import * as Flags from '@oclif/core/flags'
import {loginHintFlag, SessionCommand, sessionFlags} from '../../cli/session-command.js'
import type {Answer} from '../../cli/shown.js'
import {usageError} from '../../shared/errors.js'

export default class SessionsApproval extends SessionCommand<typeof SessionsApproval> {
  static override result = 'sessionUrl' as const
  static override summary = 'Mint an approval URL: a team member reviews and approves pending payouts.'
  static override description =
    `The visitor must sign in and be a member of your team (others get a request-access prompt). The sign-in code goes to the session's creator unless --login-hint names someone else. The team wallet must be set up first (the owner is prompted). At most 100 payouts per session.

Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --payout 5f0c2b1a-8d3e-4f6a-9b7c-1d2e3f4a5b6c --redirect-url https://example.com/approved',
    '<%= config.bin %> <%= command.id %> --custom-id inv-1 --custom-id inv-2 --login-hint finance@example.com --redirect-url https://example.com/approved --open',
  ]

  static override flags = {
    payout: Flags.string({
      summary: 'A payout to approve: a UUID or payout_<UUID> (repeatable).',
      multiple: true,
      multipleNonGreedy: true,
    }),
    'custom-id': Flags.string({
      summary: 'A payout to approve, by your own customId (repeatable).',
      multiple: true,
      multipleNonGreedy: true,
    }),
    'login-hint': loginHintFlag,
    ...sessionFlags,
  }

  async run(): Promise<Answer<typeof SessionsApproval.result>> {
    const f = this.flags
    if (!f.payout?.length && !f['custom-id']?.length)
      throw usageError('give the payouts to approve: --payout ID or --custom-id KEY (repeatable)')
    const {sessionPayoutKeys, v1PayoutIds} = await import('../../services/sessions/payout-ids.js')
    const keys = sessionPayoutKeys(f.payout, f['custom-id'])
    if (keys.length > 100) throw usageError(`an approval session takes at most 100 payouts, not ${keys.length}`)
    const payoutIds = await v1PayoutIds(await this.client(), keys)
    return this.mint(
      'approval',
      {payoutIds, ...(f['login-hint'] ? {loginHint: f['login-hint']} : {})},
      {redirectUrl: f['redirect-url'], branding: f.branding, open: f.open},
    )
  }
}
