import {BaseCommand} from '../../cli/base-command.js'
import {flagsOf} from '../../cli/flags/flag-of.js'
import type {Answer} from '../../cli/shown.js'
import {emulatorDeliveries} from '../../operations/emulator/emulator-controls.js'

export default class EmulatorDeliveries extends BaseCommand<typeof EmulatorDeliveries, 'deliveryAttempts'> {
  static override summary = emulatorDeliveries.summary
  static override description =
    `Prints every delivery attempt of the running emulator, one line each once it has an answer: time, event (v1 status, or the v2 event payout.completed / payout.failed), payout id, attempt, the receiver's answer (status or connection error), and what follows: delivered, "next retry HH:MM:SS" (retries follow spec section 6: 10 s, 20 s, … after a 5xx or no answer, 60 s after a 429), gave up, or subscription deleted (410). On a terminal it keeps following until Ctrl-C; in a pipe or file it prints the log so far and exits (--follow keeps following there too, --no-follow stops on a terminal). --json prints one object per line (-o json without following: one array): {sentAt, event, payoutId, url, attempt, responseStatus, error?, outcome, nextRetryAt?, subscriptionId, deliveryId}.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | tail -5',
    '<%= config.bin %> <%= command.id %> --follow --json --jq .payoutId',
  ]

  static override flags = flagsOf(emulatorDeliveries.inputs)

  async run(): Promise<Answer<'deliveryAttempts'>> {
    const follow = this.flags.follow ?? this.out.stdoutIsTTY
    const [deliveries, {showAttempts}, {shownLog}] = await Promise.all([
      this.operate(emulatorDeliveries, {follow}),
      import('../../cli/output/delivery-attempts.js'),
      import('../../cli/output/followed-log.js'),
    ])
    return shownLog(deliveries, showAttempts, this.out, code => this.exit(code))
  }
}
