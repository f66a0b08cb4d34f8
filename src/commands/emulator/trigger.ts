import * as Args from '@oclif/core/args'
import {ControlCommand} from '../../cli/emulator-command.js'
import {amountFlag, currencyFlag, emailFlag} from '../../cli/flags/common-flags.js'
import {methodFlag} from '../../cli/flags/emulator-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {TRIGGERS} from '../../services/emulator-control/trigger.js'

export default class EmulatorTrigger extends ControlCommand<typeof EmulatorTrigger> {
  static override result = 'triggered' as const
  static override summary = 'Make the emulator play an event: create a payout and drive it to the end state.'
  static override description =
    `Creates the objects through the API (with the profile's credentials) and drives a payout through its lifecycle on the running emulator, as "stripe trigger" does. Subscriptions of the team (e.g. the one "webhooks listen" registers) receive the deliveries, in this order:

  payout.completed  created, approved, requested, completed, payout.completed (v2)
  payout.failed     created, approved, requested, payout.failed (v2, with failureCode and failureReason)

The v2 events go only to subscriptions that asked for them ("webhooks listen" asks for them; "webhooks create --v2-events").
  payout.deleted    created, deleted
  payout.expired    created, expired

payout.completed and payout.failed claim with --method: regular sandbox details settle, the method's failure trigger of spec section 1 (holder name "SANDBOX FAIL …", PayPal sandbox-fail@…, Venmo …0000, wallet 0x…dEaD) declines. See docs/webhooks.md.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout.completed',
    '<%= config.bin %> <%= command.id %> payout.failed --method paypal',
    '<%= config.bin %> <%= command.id %> payout.expired --json',
  ]

  static override args = {
    event: Args.string({description: 'The event to play.', required: true, options: [...TRIGGERS]}),
  }

  static override flags = {
    method: methodFlag('Payout method the recipient claims with (payout.completed, payout.failed).'),
    amount: amountFlag({summary: 'Amount of the payout.', default: '10.00'}),
    currency: currencyFlag({summary: 'Currency of the payout.', default: 'EUR'}),
    email: emailFlag({summary: "The recipient's e-mail address.", default: 'trigger@example.com'}),
  }

  async run(): Promise<Answer<typeof EmulatorTrigger.result>> {
    const [{trigger}, api, control] = await Promise.all([
      import('../../services/emulator-control/trigger.js'),
      this.client(),
      this.control(),
    ])
    const event = this.args.event as (typeof TRIGGERS)[number]
    const result = await trigger(
      event,
      {method: this.flags.method, amount: this.flags.amount, currency: this.flags.currency, email: this.flags.email},
      api,
      control,
    )
    return shown(result, {
      view: async (triggered, out) => {
        for (const step of triggered.steps) out.line(`  ${step}`)
        if (triggered.failureCode) out.line(`  failure: ${triggered.failureCode}: ${triggered.failureReason}`)
        out.line(`Triggered ${event}. Deliveries: ${triggered.expected.join(', ')}.`)
        if (!(await api.v1.webhooks.list()).length)
          out.info(
            `The team has no webhook subscription, so nothing was delivered: run "${this.config.bin} webhooks listen" in another terminal first (it subscribes itself).`,
          )
      },
    })
  }
}
