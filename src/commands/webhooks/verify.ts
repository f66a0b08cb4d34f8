import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {toleranceFlag} from '../../cli/flags/webhook-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {SECRET_ENV} from '../../services/webhooks/secrets.js'
import {usageError} from '../../shared/errors.js'

export default class WebhooksVerify extends BaseCommand<typeof WebhooksVerify, 'signatureCheck'> {
  static override summary = 'Check the signature of a saved delivery, and explain a mismatch.'
  static override description =
    `Reads the raw body from FILE (or stdin with - or no argument) and checks it against --signature and --timestamp (or the headers file "webhooks listen --save" writes) with the secret (--secret, ${SECRET_ENV}, or else each secret "webhooks create" stored in the profile: the matching subscription is named), as a receiver does: HMAC-SHA256 of "timestamp.body", compared in constant time, timestamp within --tolerance (300 s; 0 checks the signature only).

When it does not verify, it says what most likely happened: the wrong secret, a changed body (a trailing newline, re-serialized JSON, converted line endings), a timestamp too old or from another delivery, or the wrong encoding (base64 instead of hex, milliseconds instead of seconds). Exit 0 when the delivery verifies, 1 when it does not (2 for bad usage).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --secret whsec_… --timestamp 1767225600 --signature 5d41…9a2f body.json',
    '<%= config.bin %> <%= command.id %> --secret whsec_… --headers deliveries/0003-completed-….headers deliveries/0003-completed-….body --tolerance 0',
    'pbpaste | <%= config.bin %> <%= command.id %> --secret whsec_… --timestamp 1767225600 --signature 5d41…9a2f -',
  ]

  static override args = {
    file: Args.string({description: 'The raw request body; - or nothing reads stdin.'}),
  }

  static override flags = {
    secret: Flags.string({
      summary: `The subscription's signing secret (default: ${SECRET_ENV}, else the secrets stored in the profile).`,
    }),
    timestamp: Flags.string({summary: 'The X-Service-Timestamp header value (Unix seconds).'}),
    signature: Flags.string({summary: 'The X-Service-Signature header value (hex).'}),
    headers: Flags.file({
      summary: 'A file of "Name: value" request header lines (as "webhooks listen --save" writes them).',
      exists: true,
    }),
    tolerance: toleranceFlag,
  }

  async run(): Promise<Answer<'signatureCheck'>> {
    const {flags} = this
    const [saved, {verifySecrets}, {explainWithAny}, {verifyLines}] = await Promise.all([
      import('../../services/webhooks/saved-delivery.js'),
      import('../../services/webhooks/secrets.js'),
      import('../../services/webhooks/explain.js'),
      import('../../cli/output/webhook-verify.js'),
    ])
    const candidates = await verifySecrets(flags.secret, () => this.session.profile())
    let {signature, timestamp} = flags
    if (flags.headers) {
      const found = await saved.readHeadersFile(flags.headers)
      signature ??= found.signature
      timestamp ??= found.timestamp
    }
    if (signature === undefined) throw usageError('give the signature with --signature (or --headers FILE)')
    if (timestamp === undefined) throw usageError('give the timestamp with --timestamp (or --headers FILE)')
    const body = await saved.readDeliveryBody(this.args.file)
    const result = explainWithAny(candidates, {signature, timestamp, body, toleranceSeconds: flags.tolerance})
    return shown(result, {
      view: (checked, out) => {
        for (const line of verifyLines(checked, out.color)) out.line(line)
      },
      after: checked => (checked.verified ? checked : this.exit(1)),
    })
  }
}
