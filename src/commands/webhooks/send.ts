import {readFile} from 'node:fs/promises'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {PayctlError, usageError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {httpUrl, SECRET_ENV} from '../../cli/flags/webhook-flags.js'
import {EVENT_STATUSES} from '../../services/webhooks/payload.js'

export default class WebhooksSend extends BaseCommand<typeof WebhooksSend> {
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

  async run(): Promise<void> {
    const secret = this.flags.secret ?? process.env[SECRET_ENV]
    if (!secret) throw usageError(`give the signing secret with --secret or ${SECRET_ENV}`)
    if (!/^X-[A-Za-z0-9-]+$/i.test(this.flags['header-prefix']))
      throw usageError(`--header-prefix "${this.flags['header-prefix']}" must look like X-Service`)
    const body = await this.body()
    const {sendDelivery, SendConnectionError} = await import('../../services/webhooks/sender.js')
    let result: Awaited<ReturnType<typeof sendDelivery>>
    try {
      result = await sendDelivery({
        url: this.flags.to,
        secret,
        body,
        badSignature: this.flags['bad-signature'],
        stale: this.flags.stale,
        headerPrefix: this.flags['header-prefix'],
        userAgent: `payctl/${this.config.version}`,
      })
    } catch (error) {
      if (error instanceof SendConnectionError)
        throw new PayctlError(error.message, {
          exitCode: ExitCode.transient,
          code: 'NETWORK',
          suggestions: ['is your receiver running?'],
        })
      throw error
    }
    if (this.flags.json) this.out.printJson(result)
    else {
      const kind = this.flags['bad-signature']
        ? ' with a wrong signature'
        : this.flags.stale
          ? ' with a stale timestamp'
          : ''
      const {summarize} = await import('../../services/webhooks/payload.js')
      let parsed: unknown
      try {
        parsed = JSON.parse(body.toString('utf8'))
      } catch {
        parsed = undefined
      }
      const {status, payoutId} = summarize(parsed)
      const what = payoutId ? `payout ${payoutId}${status ? ` (${status})` : ''}` : 'a delivery'
      this.out.line(`Sent ${what}${kind} to ${result.url}, timestamp ${result.timestamp}`)
      this.out.line(`Answer: ${result.status}${result.responseBody ? ` ${result.responseBody.trim()}` : ''}`)
      if (result.ok) this.out.line(`${this.out.color.green('OK:')} ${result.message}`)
    }
    if (!result.ok)
      throw new PayctlError(`the receiver ${result.message}`, {exitCode: ExitCode.unexpected, code: 'RECEIVER_CHECK'})
  }

  private async body(): Promise<Buffer> {
    if (this.flags.payload) {
      const bytes = await readFile(this.flags.payload)
      try {
        JSON.parse(bytes.toString('utf8'))
      } catch {
        this.out.warn(`${this.flags.payload} is not JSON; it is sent as it is`)
      }
      return bytes
    }
    const {samplePayout} = await import('../../services/webhooks/payload.js')
    return Buffer.from(JSON.stringify(samplePayout(this.flags.status ?? 'created')))
  }
}
