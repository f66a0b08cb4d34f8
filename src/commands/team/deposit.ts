import {BaseCommand} from '../../cli/base-command.js'
import {amountFlag, currencyFlag, idempotencyKeyFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class TeamDeposit extends BaseCommand<typeof TeamDeposit, 'account'> {
  static override summary = 'Add test money to a sandbox account, as a bank deposit would.'
  static override description =
    `Sandbox only: no real money moves. A production profile is refused before anything is sent; the service also refuses outside its sandbox (SANDBOX_ONLY). The team needs its wallet first (VERIFICATION_REQUIRED otherwise: the owner sets it up in a hosted screen).

--json prints the account after the deposit.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --amount 1000.00 --currency EUR',
    '<%= config.bin %> <%= command.id %> --amount 250 --currency USD --idempotency-key seed-usd-1 --json',
  ]

  static override flags = {
    amount: amountFlag({summary: 'Amount to add, as a decimal string.', required: true}),
    currency: currencyFlag({summary: 'Currency of the account, e.g. EUR.', required: true}),
    'idempotency-key': idempotencyKeyFlag,
  }

  async run(): Promise<Answer<'account'>> {
    const f = this.flags
    const [{amountProblem}, {usageError}] = await Promise.all([
      import('../../shared/money.js'),
      import('../../shared/errors.js'),
    ])
    const problem = amountProblem(f.amount, f.currency)
    if (problem) throw usageError(`--amount: ${problem}`)
    const profile = await this.session.profile()
    if (profile.environment === 'production')
      throw usageError(`team deposit only works in the sandbox; profile "${profile.name}" is production`, [
        'use a sandbox profile: --profile NAME',
      ])
    const client = await this.session.client()
    const {depositErrorHint} = await import('../../services/team/deposit.js')
    try {
      const account = await client.v2.team.sandboxDeposit(
        {currency: f.currency, amount: f.amount},
        {idempotencyKey: f['idempotency-key']},
      )
      const [{showAccount}, {money}] = await Promise.all([
        import('../../cli/output/team-view.js'),
        import('../../cli/output/format.js'),
      ])
      return shown(account, {
        view: (deposited, out) => {
          out.line(`Deposited ${money(f.amount, f.currency)}.`)
          showAccount(out, deposited)
        },
      })
    } catch (error) {
      throw depositErrorHint(error, profile)
    }
  }
}
