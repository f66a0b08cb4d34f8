import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {ControlCommand} from '../../cli/emulator-command.js'
import {methodFlag} from '../../cli/flags/emulator-flags.js'
import {usageError} from '../../shared/errors.js'

export default class EmulatorClaim extends ControlCommand<typeof EmulatorClaim> {
  static override summary = 'Claim a payout as its recipient would on the claim page.'
  static override description =
    `An approved payout is then requested and settles at once: completed, or with --fail (the method's failure trigger of spec section 1) declined: v2 failed, v1 still requested. A created payout keeps the method and is paid when it is approved; a failed one may be claimed again. Sandbox details are filled in per method; --detail overrides one field (repeatable). When the team reports under DAC7 (team update --dac7-reporting true) the recipient first gives their tax residence, as on the claim page: --tax-residence, and for an EU country --tax-identity (the fields of "counterparties countries"); without them the claim is refused.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method bank-iban',
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method venmo --fail',
    '<%= config.bin %> <%= command.id %> 6f1c… --method paypal --detail email=ada@example.org --json',
    '<%= config.bin %> <%= command.id %> 6f1c… --method bank-iban --tax-residence DE --tax-identity taxId=12345678901 --tax-identity dateOfBirth=1990-04-30',
  ]

  static override args = {
    payout: Args.string({
      description: 'Payout id: v2 payout_… or v1 UUID (the answer uses the same generation).',
      required: true,
    }),
  }

  static override flags = {
    method: methodFlag('Payout method the recipient chooses.'),
    fail: Flags.boolean({summary: "Claim with the method's failure trigger, so the transfer is declined."}),
    detail: Flags.string({summary: 'Override one field of the details: NAME=VALUE (repeatable).', multiple: true}),
    'tax-residence': Flags.string({summary: "DAC7: the recipient's country of residence (code, or other)."}),
    'tax-identity': Flags.string({summary: 'DAC7: one tax identity field, NAME=VALUE (repeatable).', multiple: true}),
  }

  async run(): Promise<void> {
    const {claimDetails, parseDetailFlags, taxResidenceOf} = await import(
      '../../services/emulator-control/claim-details.js'
    )
    let details: Record<string, string>
    let residence: ReturnType<typeof taxResidenceOf>
    try {
      details = claimDetails(this.flags.method, {fail: this.flags.fail, overrides: parseDetailFlags(this.flags.detail)})
      residence = taxResidenceOf(this.flags['tax-residence'], this.flags['tax-identity'])
    } catch (error) {
      throw usageError((error as Error).message)
    }
    const control = await this.control()
    const payout = await control.claim(this.args.payout, this.flags.method, details, residence)
    if (this.flags.json) {
      this.out.printJson(payout)
      return
    }
    const failure = typeof payout.failureCode === 'string' ? ` (${payout.failureCode}: ${payout.failureReason})` : ''
    this.out.line(
      `Claimed ${payout.id} with ${this.flags.method} ${Object.values(details).join(', ')}: ${payout.status}${failure}`,
    )
  }
}
