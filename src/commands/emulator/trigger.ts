import {BaseCommand} from '../../cli/base-command.js'
import {argsOf, flagsOf} from '../../cli/flags/flag-of.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {emulatorTrigger} from '../../operations/emulator/emulator-controls.js'

export default class EmulatorTrigger extends BaseCommand<typeof EmulatorTrigger, 'triggered'> {
  static override summary = emulatorTrigger.summary
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

  static override args = argsOf(emulatorTrigger.inputs)
  static override flags = flagsOf(emulatorTrigger.inputs)

  async run(): Promise<Answer<'triggered'>> {
    const triggered = await this.operate(emulatorTrigger)
    const {event} = this.args
    return shownAnswer(triggered, {
      view: (played, out) => {
        for (const step of played.steps) out.line(`  ${step}`)
        if (played.failureCode) out.line(`  failure: ${played.failureCode}: ${played.failureReason}`)
        out.line(`Triggered ${event}. Deliveries: ${played.expected.join(', ')}.`)
        if (triggered.subscribed === false)
          out.info(
            `The team has no webhook subscription, so nothing was delivered: run "${this.config.bin} webhooks listen" in another terminal first (it subscribes itself).`,
          )
      },
    })
  }
}
