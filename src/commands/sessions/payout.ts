import * as Flags from '@oclif/core/flags'
import {SessionCommand, sessionFlags} from '../../cli/session-command.js'
import type {Answer} from '../../cli/shown.js'
import {usageError} from '../../shared/errors.js'

export default class SessionsPayout extends SessionCommand<typeof SessionsPayout> {
  static override result = 'sessionUrl' as const
  static override summary = 'Mint a claim URL for the recipient of a payout.'
  static override description =
    `The recipient (not a team member) signs in or up with their own e-mail and claims the payout: chooses how to be paid. A payout to a counterparty is paid directly to its saved payment method and has no claim URL (exit 5). Each call mints a fresh URL; treat it as opaque. Prints the URL (--json: {"url": …}); --open also opens it in a browser.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --redirect-url https://example.com/thanks',
    '<%= config.bin %> <%= command.id %> --custom-id inv-2026-10-maria --redirect-url https://example.com/thanks --branding team --open',
  ]

  static override flags = {
    payout: Flags.string({summary: 'The payout: a UUID or payout_<UUID>.', exclusive: ['custom-id']}),
    'custom-id': Flags.string({summary: 'The payout, by your own customId.', exclusive: ['payout']}),
    ...sessionFlags,
  }

  async run(): Promise<Answer<typeof SessionsPayout.result>> {
    const f = this.flags
    if (!f.payout && !f['custom-id']) throw usageError('give the payout: --payout ID or --custom-id KEY')
    const {sessionPayoutKeys, v1PayoutIds} = await import('../../services/sessions/payout-ids.js')
    const keys = sessionPayoutKeys(f.payout ? [f.payout] : [], f['custom-id'] ? [f['custom-id']] : [])
    const [payoutId] = await v1PayoutIds(await this.client(), keys)
    return this.mint('payout', {payoutId}, {redirectUrl: f['redirect-url'], branding: f.branding, open: f.open})
  }
}
