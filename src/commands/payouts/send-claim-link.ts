import {idempotencyKeyFlag, idsArgs, idsFlags, waitFlag, waitTimeoutOfWaitFlag} from '../../cli/flags/common-flags.js'
import {PayoutBatchCommand} from '../../cli/payout-batch-command.js'
import type {Answer} from '../../cli/shown.js'

export default class PayoutsSendClaimLink extends PayoutBatchCommand<typeof PayoutsSendClaimLink> {
  static override result = 'payoutsV2' as const
  static override summary = 'E-mail the claim link to payout recipients (again: resend).'
  static override description =
    `Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE, or "-" for stdin. Sending again resends the link and restarts the reminder schedule. More than one payout is sent as batch calls of at most 100 ids; every payout of a batch is checked before the first e-mail goes out, and a failing batch names the payout that failed.

--json prints the payout as a JSON object when one payout is given, else the payouts as a JSON array.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    'cat ids.txt | <%= config.bin %> <%= command.id %> -',
  ]

  static override args = idsArgs

  static override flags = {
    ...idsFlags,
    'idempotency-key': idempotencyKeyFlag,
    wait: waitFlag,
    timeout: waitTimeoutOfWaitFlag,
  }

  async run(): Promise<Answer<typeof PayoutsSendClaimLink.result>> {
    return this.runBatch('send-claim-link', {
      idempotencyKey: this.flags['idempotency-key'],
      customIds: this.flags['custom-id'],
      idsFile: this.flags['ids-file'],
      waitMs: this.flags.wait ? this.flags.timeout : undefined,
    })
  }
}
