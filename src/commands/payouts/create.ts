import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import type {PayoutV2} from '../../client/schemas.js'
import {
  amountFlag,
  andThenFlag,
  currencyFlag,
  emailFlag,
  idempotencyKeyFlag,
  phoneFlag,
  waitFlag,
  waitTimeoutFlag,
  yesFlag,
} from '../../cli/flags/common-flags.js'

export default class PayoutsCreate extends BaseCommand<typeof PayoutsCreate> {
  static override summary = 'Create a payout (pending until approved).'
  static override description =
    `By default the payout is created through v2, for an e-mail or phone recipient or a counterparty; --and-then runs a follow-up step right away (send-claim-link, or pay, which moves money and needs payouts:approve).

A social handle or wallet (--creator-handle), --verification-method, --payout-type, --notifications or --pre-approved create it through v1 instead: v1 creation is an upsert on --custom-id, and the output says whether the payout was created or updated. --pre-approved creates it approved (needs payouts:approve and enough balance).

When the step fails (for example a payment the recipient's bank declines, which the sandbox settles at once), the command exits 8 with the failure code and reason on stderr. --wait follows the payout until the step is final (see payctl payouts wait --help): exit 0, 8 when it failed or expired, 7 on time-out.

Money-moving creations (--pre-approved, --and-then pay) ask for confirmation on a production profile, or need --yes without a terminal. --json prints the payout as the API returned it (v1 adds "action": created or updated).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --amount 120.00 --currency EUR --description "October royalties" --email maria@example.com --custom-id inv-2026-10-maria',
    '<%= config.bin %> <%= command.id %> --amount 50 --currency USD --description "Bonus" --phone +4915112345678 --tag bonus --tag q4 --and-then send-claim-link',
    '<%= config.bin %> <%= command.id %> --amount 75.00 --currency EUR --description "Licence" --counterparty counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --and-then pay --yes',
    '<%= config.bin %> <%= command.id %> --amount 30 --currency EUR --description "Views" --creator-handle @maria --verification-method youtube-channel --custom-id views-maria-11',
  ]

  static override flags = {
    amount: amountFlag({summary: 'Amount as a decimal string, e.g. 120.00.', required: true}),
    currency: currencyFlag({summary: 'Currency code, e.g. EUR.', required: true}),
    description: Flags.string({summary: 'What the payout is for (shown to the recipient).', required: true}),
    'custom-id': Flags.string({summary: 'Your own unique key for the payout (v1: creating again updates it).'}),
    tag: Flags.string({summary: 'A tag (repeatable).', multiple: true, multipleNonGreedy: true}),
    email: emailFlag({summary: 'Recipient e-mail address.'}),
    phone: phoneFlag({summary: 'Recipient phone number, international format (+4915112345678).'}),
    counterparty: Flags.string({summary: 'Pay a saved counterparty (counterparty_<UUID>).'}),
    'and-then': andThenFlag,
    'idempotency-key': idempotencyKeyFlag,
    wait: {...waitFlag, dependsOn: ['and-then']},
    timeout: waitTimeoutFlag,
    'creator-handle': Flags.string({
      summary: 'v1 recipient: a social handle (@name), an e-mail address or a wallet address.',
      helpGroup: 'V1',
    }),
    'verification-method': Flags.string({
      summary: 'v1: how the recipient is verified, e.g. youtube-channel.',
      helpGroup: 'V1',
    }),
    'payout-type': Flags.option({
      options: ['manual', 'manual-immutable'] as const,
      summary: 'v1: manual-immutable payouts cannot change amount, currency or recipient later.',
      helpGroup: 'V1',
    })(),
    notifications: Flags.option({
      options: ['allowed', 'not-allowed'] as const,
      summary: 'v1: whether the recipient is notified.',
      helpGroup: 'V1',
    })(),
    'pre-approved': Flags.boolean({
      summary: 'v1: create it approved (moves money; needs payouts:approve and enough balance).',
      helpGroup: 'V1',
    }),
    api: Flags.option({
      options: ['v1', 'v2'] as const,
      summary: 'Force the API generation (default: v1 when a v1 flag is given, v2 otherwise).',
    })(),
    yes: yesFlag,
  }

  async run(): Promise<void> {
    const f = this.flags
    const {planCreate} = await import('../../services/payouts/payout-plans.js')
    const plan = planCreate({
      api: f.api,
      amount: f.amount,
      currency: f.currency,
      description: f.description,
      customId: f['custom-id'],
      tags: f.tag,
      email: f.email,
      phone: f.phone,
      counterparty: f.counterparty,
      andThen: f['and-then'],
      idempotencyKey: f['idempotency-key'],
      creatorHandle: f['creator-handle'],
      verificationMethod: f['verification-method'],
      payoutType: f['payout-type'],
      preApproved: f['pre-approved'],
      notifications: f.notifications,
    })
    if (f['pre-approved'] || f['and-then']) {
      const {formatAmount} = await import('../../shared/money.js')
      await this.confirmOnProduction({
        action: f['pre-approved']
          ? 'create a pre-approved payout'
          : f['and-then'] === 'pay'
            ? 'create, approve and pay a payout'
            : 'create and approve a payout (then send its claim link)',
        count: 1,
        totals: {[f.currency]: formatAmount(f.amount, f.currency)},
      })
    }
    const client = await this.client()
    const {payoutDisplayId, showPayoutV1, showPayoutV2} = await import('../../cli/output/payout-view.js')
    if (plan.api === 'v1') {
      const payout = await client.v1.payouts.create(plan.body)
      if (f.json) return this.out.printJson(payout)
      this.out.line(`${payout.action === 'updated' ? 'Updated' : 'Created'} payout ${payoutDisplayId(payout.id)} (v1)`)
      return showPayoutV1(this.out, payout)
    }
    const created = await client.v2.payouts.create(plan.body, {idempotencyKey: f['idempotency-key']})
    this.out.line(`Created payout ${created.id}${f['and-then'] ? ` (then ${f['and-then']})` : ''}`)
    const followed = f.wait ? await this.follow(created) : {payout: created, error: undefined}
    if (f.json) this.out.printJson(followed.payout)
    else showPayoutV2(this.out, followed.payout)
    if (followed.error) throw followed.error
    const {throwIfFailed} = await import('../../services/payouts/payout-failures.js')
    throwIfFailed([followed.payout])
  }

  /** --wait: until the --and-then step is final for this payout. */
  private async follow(payout: PayoutV2) {
    const [{followPayouts}, {goalOf}] = await Promise.all([
      import('../../cli/workflows/follow-payouts.js'),
      import('../../services/payouts/goals.js'),
    ])
    const {payouts, error} = await followPayouts({
      client: await this.client(),
      out: this.out,
      payouts: [payout],
      goal: goalOf('approve', this.flags['and-then']),
      timeoutMs: this.flags.timeout,
    })
    return {payout: payouts[0], error}
  }
}
