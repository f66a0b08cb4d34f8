import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {emulatorTrigger} from '../../operations/emulator/emulator-controls.js'

export default commandOf(emulatorTrigger, {
  result: 'triggered',
  description: `Creates the objects through the API (with the profile's credentials) and drives a payout through its lifecycle on the running emulator, as "stripe trigger" does. Subscriptions of the team (e.g. the one "webhooks listen" registers) receive the deliveries, in this order:

  payout.completed  created, approved, requested, completed, payout.completed (v2)
  payout.failed     created, approved, requested, payout.failed (v2, with failureCode and failureReason)

The v2 events go only to subscriptions that asked for them ("webhooks listen" asks for them; "webhooks create --v2-events").
  payout.deleted    created, deleted
  payout.expired    created, expired

payout.completed and payout.failed claim with --method: regular sandbox details settle, the method's failure trigger of spec section 1 (holder name "SANDBOX FAIL …", PayPal sandbox-fail@…, Venmo …0000, wallet 0x…dEaD) declines. See docs/webhooks.md.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout.completed',
    '<%= config.bin %> <%= command.id %> payout.failed --method paypal',
    '<%= config.bin %> <%= command.id %> payout.expired --json',
  ],
  view: () => import('../../cli/output/trigger-view.js'),
  show: (triggered, {showTriggered}, {bin}) =>
    shownAnswer(triggered, {
      view: (played, out) => showTriggered(out, played, {subscribed: triggered.subscribed, bin}),
    }),
})
