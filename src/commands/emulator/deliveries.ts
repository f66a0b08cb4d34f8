import {commandOf} from '../../cli/command-of.js'
import {emulatorDeliveries} from '../../operations/emulator/emulator-controls.js'

export default commandOf(emulatorDeliveries, {
  result: 'deliveryAttempts',
  description: `Prints every delivery attempt of the running emulator, one line each once it has an answer: time, event (v1 status, or the v2 event payout.completed / payout.failed), payout id, attempt, the receiver's answer (status or connection error), and what follows: delivered, "next retry HH:MM:SS" (retries follow spec section 6: 10 s, 20 s, … after a 5xx or no answer, 60 s after a 429), gave up, or subscription deleted (410). On a terminal it keeps following until Ctrl-C; in a pipe or file it prints the log so far and exits (--follow keeps following there too, --no-follow stops on a terminal). --json prints one object per line (-o json without following: one array): {sentAt, event, payoutId, url, attempt, responseStatus, error?, outcome, nextRetryAt?, subscriptionId, deliveryId}.`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | tail -5',
    '<%= config.bin %> <%= command.id %> --follow --json --jq .payoutId',
  ],
  decide: ({flags, out}) => ({follow: flags.follow ?? out.stdoutIsTTY}),
  view: () =>
    Promise.all([import('../../cli/output/delivery-attempts.js'), import('../../cli/output/followed-log.js')]),
  show: (deliveries, [{showAttempts}, {shownLog}], {out, exit}) => shownLog(deliveries, showAttempts, out, exit),
})
