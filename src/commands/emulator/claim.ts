import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {ControlCommand} from '../../cli/emulator-command.js'
import {claimFlags} from '../../cli/flags/emulator-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {usageError} from '../../shared/errors.js'

export default class EmulatorClaim extends ControlCommand<typeof EmulatorClaim> {
  static override result = 'claimed' as const
  static override summary = 'Claim payouts as their recipients would on the claim page.'
  static override description =
    `An approved payout is then requested and settles at once: completed, or with --fail (the method's failure trigger of spec section 1) declined: v2 failed, v1 still requested. A created payout keeps the method and is paid when it is approved; a failed one may be claimed again. A counterparty payout is paid directly and cannot be claimed (exit 5). Sandbox details are filled in per method; --detail overrides one field (repeatable). When the team reports under DAC7 (team update --dac7-reporting true) the recipient first gives their tax residence, as on the claim page: --tax-residence, and for an EU country --tax-identity (the fields of "counterparties countries"); without them the claim is refused.

Many payouts in one run: ids as arguments, "-" reads them from stdin (one a line), or --all-approved (every approved payout with an e-mail or phone recipient). Each is claimed with the same method and details; one line per payout says what happened (--json: an array of the claimed payouts, in v2 form). A refused claim does not stop the others: the exit code is 8 when some were claimed and some refused, that of the refusal when none was claimed.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method bank-iban',
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method venmo --fail',
    '<%= config.bin %> <%= command.id %> 6f1c… --method paypal --detail email=ada@example.org --json',
    '<%= config.bin %> <%= command.id %> 6f1c… --method bank-iban --tax-residence DE --tax-identity taxId=12345678901 --tax-identity dateOfBirth=1990-04-30',
    '<%= config.bin %> <%= command.id %> - < approved-ids.txt',
    '<%= config.bin %> <%= command.id %> --all-approved --method paypal',
  ]

  static override strict = false
  static override args = {
    payout: Args.string({
      description: 'Payout ids: v2 payout_… or v1 UUID (one id: the answer uses its generation); "-" reads stdin.',
    }),
  }

  static override flags = {
    ...claimFlags,
    'all-approved': Flags.boolean({summary: 'Claim every approved payout with an e-mail or phone recipient.'}),
  }

  async run(): Promise<Answer<typeof EmulatorClaim.result>> {
    const {claimDetails, parseDetailFlags, taxResidenceOf} = await import(
      '../../services/emulator-control/claim-details.js'
    )
    let claim: {method: string; details: Record<string, string>; taxResidence?: ReturnType<typeof taxResidenceOf>}
    try {
      const details = claimDetails(this.flags.method, {
        fail: this.flags.fail,
        overrides: parseDetailFlags(this.flags.detail),
      })
      claim = {
        method: this.flags.method,
        details,
        taxResidence: taxResidenceOf(this.flags['tax-residence'], this.flags['tax-identity']),
      }
    } catch (error) {
      throw usageError((error as Error).message)
    }
    const args = this.argvAll
    if (this.flags['all-approved'] && args.length) throw usageError('give payout ids or --all-approved, not both')
    if (!this.flags['all-approved'] && !args.length)
      throw usageError('give a payout id, "-" to read ids from stdin, or --all-approved')
    const [control, view, many] = await Promise.all([
      this.control(),
      import('../../cli/output/claim-view.js'),
      import('../../services/emulator-control/claim-many.js'),
    ])
    if (args.length === 1 && args[0] !== '-') {
      const payout = await control.claim(args[0], claim.method, claim.details, claim.taxResidence)
      return shown(payout, {view: (claimed, out) => out.line(view.claimedLine(claimed, claim.method, claim.details))})
    }
    const {collectPayoutKeys} = await import('../../services/payouts/ids-input.js')
    const ids = this.flags['all-approved']
      ? await many.approvedClaimableIds(await this.client())
      : (await collectPayoutKeys({args, warn: line => this.out.warn(line)})).keys.map(key => key.v2)
    const {claimMany} = await import('../../cli/workflows/claim-many-run.js')
    return claimMany(control, ids, claim)
  }
}
