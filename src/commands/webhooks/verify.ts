import {readFile} from 'node:fs/promises'
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {usageError} from '../../shared/errors.js'
import {SECRET_ENV, toleranceFlag} from '../../cli/flags/webhook-flags.js'

export default class WebhooksVerify extends BaseCommand<typeof WebhooksVerify> {
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

  async run(): Promise<void> {
    const candidates = await this.secrets()
    let {signature, timestamp} = this.flags
    if (this.flags.headers) {
      const [{findSignatureHeaders}, text] = await Promise.all([
        import('../../services/webhooks/webhook-signature.js'),
        readFile(this.flags.headers, 'utf8'),
      ])
      const headers: Record<string, string> = {}
      for (const line of text.split(/\r?\n/)) {
        const match = /^([A-Za-z0-9-]+):\s?(.*)$/.exec(line)
        if (match) headers[match[1].toLowerCase()] = match[2]
      }
      const found = findSignatureHeaders(headers)
      signature ??= found.signature
      timestamp ??= found.timestamp
    }
    if (signature === undefined) throw usageError('give the signature with --signature (or --headers FILE)')
    if (timestamp === undefined) throw usageError('give the timestamp with --timestamp (or --headers FILE)')
    const body = await this.body()
    const {explainWithAny} = await import('../../services/webhooks/explain.js')
    const result = explainWithAny(candidates, {signature, timestamp, body, toleranceSeconds: this.flags.tolerance})
    if (this.flags.json) this.out.printJson(result)
    else if (result.verified) this.out.line(`${this.out.color.green('Verified:')} ${result.message}`)
    else {
      this.out.line(`${this.out.color.red('Not verified:')} ${result.message} (${result.reason})`)
      for (const hint of result.hints) this.out.line(`  - ${hint}`)
    }
    if (!result.verified) this.exit(1)
  }

  /** --secret, else PAYCTL_WEBHOOK_SECRET, else every secret stored in the profile (by "webhooks create"). */
  private async secrets(): Promise<Array<{secret: string; label?: string}>> {
    const given = this.flags.secret ?? process.env[SECRET_ENV]
    if (given) return [{secret: given}]
    const profile = await this.profile()
    const stored = Object.entries(profile.credentials.webhookSecrets ?? {})
    if (!stored.length)
      throw usageError(
        `give the signing secret with --secret or ${SECRET_ENV}; profile "${profile.name}" stores none`,
        ['"webhooks create" stores the secret of each subscription it creates'],
      )
    return stored.map(([id, secret]) => ({secret, label: `the stored secret of subscription ${id}`}))
  }

  private async body(): Promise<Buffer> {
    const file = this.args.file
    if (file === undefined || file === '-') {
      if (file === undefined && process.stdin.isTTY) throw usageError('give the body as FILE, or pipe it in with -')
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
      return Buffer.concat(chunks)
    }
    try {
      return await readFile(file)
    } catch (error) {
      throw usageError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
  }
}
