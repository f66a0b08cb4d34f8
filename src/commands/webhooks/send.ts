import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {httpUrl} from '../../cli/flags/webhook-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {EVENT_STATUSES} from '../../services/webhooks/payload.js'
import {SECRET_ENV} from '../../services/webhooks/secrets.js'

export default class WebhooksSend extends BaseCommand<typeof WebhooksSend, 'testDelivery'> {
  static override summary = 'Send a signed test delivery to your own receiver and check its answer.'
  static override description =
    `Posts a realistic v1 payout body (or --payload FILE, sent byte for byte) signed as the service signs deliveries: X-Service-Signature (hex HMAC-SHA256 of "timestamp.body") and X-Service-Timestamp. --bad-signature and --stale (a timestamp 10 minutes old) send deliveries a correct receiver must reject.

Exit 0 when the receiver did what a correct one does: 2xx for a good delivery; 4xx (not 410) for --bad-signature or --stale. Exit 1 otherwise, with one line saying what the service would do with that answer (retry, drop, delete the subscription). Exit 7 when the receiver cannot be reached.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --to http://127.0.0.1:3000/webhooks --secret whsec_…',
    '<%= config.bin %> <%= command.id %> --to http://127.0.0.1:3000/webhooks --secret whsec_… --status completed',
    '<%= config.bin %> <%= command.id %> --to http://127.0.0.1:3000/webhooks --secret whsec_… --bad-signature',
    '<%= config.bin %> <%= command.id %> --to http://127.0.0.1:3000/webhooks --secret whsec_… --payload saved.body --stale',
  ]

  static override flags = {
    to: Flags.string({summary: 'Your receiver URL.', required: true, parse: httpUrl('to')}),
    secret: Flags.string({summary: `The signing secret your receiver verifies with (default: ${SECRET_ENV}).`}),
    status: Flags.option({
      options: EVENT_STATUSES,
      summary: 'Payout status of the generated body.',
      exclusive: ['payload'],
    })(),
    payload: Flags.file({summary: 'Send this file as the body, byte for byte, instead.', exists: true}),
    'bad-signature': Flags.boolean({summary: 'Sign with a wrong key (the receiver must reject it).'}),
    stale: Flags.boolean({summary: 'Use a timestamp 10 minutes old (the receiver must reject it).'}),
    'header-prefix': Flags.string({
      summary: 'Header name prefix: <prefix>-Signature and <prefix>-Timestamp.',
      default: 'X-Service',
    }),
  }

  async run(): Promise<Answer<'testDelivery'>> {
    const {flags} = this
    const [delivery, {sendSecret}, {sentLines}] = await Promise.all([
      import('../../services/webhooks/test-delivery.js'),
      import('../../services/webhooks/secrets.js'),
      import('../../cli/output/webhook-send.js'),
    ])
    const secret = sendSecret(flags.secret)
    delivery.checkHeaderPrefix(flags['header-prefix'])
    const body = await delivery.testDeliveryBody({
      payload: flags.payload,
      status: flags.status,
      warn: m => this.out.warn(m),
    })
    const sent = {badSignature: flags['bad-signature'], stale: flags.stale}
    const result = await delivery.sendTestDelivery({
      ...sent,
      url: flags.to,
      secret,
      body,
      headerPrefix: flags['header-prefix'],
      userAgent: `payctl/${this.config.version}`,
    })
    return shown(result, {
      view: (answered, out) => {
        for (const line of sentLines(answered, body, sent, out.color)) out.line(line)
      },
      after: answered => {
        if (!answered.ok) throw delivery.receiverCheckError(answered)
        return answered
      },
    })
  }
}
