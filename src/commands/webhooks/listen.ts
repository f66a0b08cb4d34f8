import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {usageError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {httpUrl, parseEvents, SECRET_ENV, toleranceFlag} from '../../cli/flags/webhook-flags.js'
import type {Delivery} from '../../services/webhooks/listener.js'
import {EVENT_NAMES} from '../../services/webhooks/payload.js'
import {ENV_NAME} from '../../services/webhooks/secret-file.js'

export default class WebhooksListen extends BaseCommand<typeof WebhooksListen> {
  static override summary = 'Receive webhook deliveries locally, verify them and show one line each.'
  static override description =
    `Starts an HTTP receiver (127.0.0.1:4011 by default) that verifies each delivery's signature (spec section 6: HMAC-SHA256 of "timestamp.body", timing-safe, --tolerance 300 s) and prints one line per delivery: local time, event (the v1 payout status, or the v2 event payout.completed / payout.failed), payout id, amount and currency, what it answered, and the verdict. A delivery whose signature and timestamp arrived before is marked REPEATED (a replay, not a new event). --json prints one JSON object per line instead: {receivedAt, verified, reason?, duplicate?, status?, payoutId?, amount?, currency?, body, detail?, response, forward?, saved?}.

Answers: 413 over 1 MiB, 401 for a missing, malformed or wrong signature or a timestamp outside the tolerance, 400 for a body that is not JSON; otherwise the next --respond-with status (the last one repeats), the app's status with --forward-to, or 200.

The secret comes from --secret (repeatable), ${SECRET_ENV}, or the secrets "webhooks create" stored in the profile. --register subscribes the listener (or --public-url, for a tunnel) for the time it runs: it prints the new signing secret and deletes the subscription again on Ctrl-C or SIGTERM. --secret-file FILE writes NAME=secret (--secret-name, default ${SECRET_ENV}) into your app's .env, so that the app behind --forward-to (which gets the original body and signature headers) verifies with the same secret; --print-secret prints the secret and exits. "Listening on URL" is written to stderr in every mode.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --register',
    '<%= config.bin %> <%= command.id %> --register --respond-with 500,500,200',
    '<%= config.bin %> <%= command.id %> --secret whsec_… --port 8080 --forward-to http://localhost:3000/webhooks',
    '<%= config.bin %> <%= command.id %> --register --json | jq -c "{status, payoutId, verified}"',
    '<%= config.bin %> <%= command.id %> --register --public-url https://abc123.tunnel.example/ --host 0.0.0.0',
    '<%= config.bin %> <%= command.id %> --register --events payout.completed,payout.failed --forward-to http://localhost:3000/webhooks --secret-file .env',
    '<%= config.bin %> <%= command.id %> --print-secret',
  ]

  static override flags = {
    host: Flags.string({summary: 'Interface to listen on.', default: '127.0.0.1'}),
    port: Flags.integer({summary: 'Port to listen on; 0 picks a free one.', default: 4011, min: 0, max: 65_535}),
    secret: Flags.string({
      summary: `Signing secret (repeatable; default: ${SECRET_ENV}, else the stored ones).`,
      multiple: true,
    }),
    tolerance: toleranceFlag,
    'respond-with': Flags.string({
      summary: 'Status(es) to answer valid deliveries with, e.g. 500,500,200 (the last one repeats).',
    }),
    'forward-to': Flags.string({
      summary: 'Pass each delivery on to your app (original body and headers) and show its answer.',
      parse: httpUrl('forward-to'),
    }),
    register: Flags.boolean({
      summary: 'Subscribe this listener for as long as it runs (deleted again on exit).',
    }),
    'public-url': Flags.string({
      summary: 'With --register: the URL the service should deliver to (a tunnel to this listener).',
      parse: httpUrl('public-url'),
      dependsOn: ['register'],
    }),
    save: Flags.directory({summary: 'Save each delivery here: the raw body (.body) and the headers (.headers).'}),
    events: Flags.string({
      summary: `Show, forward and save only these events, comma-separated: ${EVENT_NAMES.join(', ')}.`,
      description: 'Other verified deliveries are answered 200 and not shown. Rejected deliveries are always shown.',
      parse: async value => parseEvents(value).join(','),
    }),
    'print-secret': Flags.boolean({
      summary: 'Print the signing secret the listener verifies with on stdout, and exit.',
      exclusive: ['register'],
    }),
    'secret-file': Flags.string({
      summary: "Write NAME=secret into this file (an app's .env) once the secret is known; other lines are kept.",
    }),
    'secret-name': Flags.string({
      summary: `The variable name --secret-file writes (default ${SECRET_ENV}).`,
      dependsOn: ['secret-file'],
      parse: async value => {
        if (!ENV_NAME.test(value)) throw new Error(`--secret-name "${value}" must be a variable name like MY_SECRET`)
        return value
      },
    }),
  }

  async run(): Promise<void> {
    const {parseRespondWith, WebhookListener} = await import('../../services/webhooks/listener.js')
    let respondWith: number[] | undefined
    if (this.flags['respond-with'] !== undefined) {
      try {
        respondWith = parseRespondWith(this.flags['respond-with'])
      } catch (error) {
        throw usageError((error as Error).message)
      }
    }
    const {secrets, source} = await this.secrets()
    const fromSource = secrets.length
    if (this.flags['print-secret']) {
      this.out.write(`${this.singleSecret(secrets, source, '--print-secret')}\n`)
      return
    }
    if (!secrets.length && !this.flags.register)
      throw usageError('no signing secret to verify deliveries with', [
        `pass --secret, set ${SECRET_ENV}, create a subscription with "webhooks create", or use --register`,
      ])
    // Which secret --secret-file writes is known now, unless --register brings its own.
    if (this.flags['secret-file'] && !this.flags.register) this.singleSecret(secrets, source, '--secret-file')
    if (this.flags.register) await this.checkReachable()

    const {stopSignal} = await import('../../cli/interrupt.js')
    const stop = stopSignal()
    const {deliveryLine} = await import('../../cli/output/webhook-delivery-line.js')
    const listener = new WebhookListener({
      host: this.flags.host,
      port: this.flags.port,
      secrets,
      toleranceSeconds: this.flags.tolerance,
      respondWith,
      forwardTo: this.flags['forward-to'],
      saveDir: this.flags.save,
      events: this.flags.events?.split(','),
      onDelivery: delivery => {
        if (this.flags.json) this.out.jsonLine(jsonLine(delivery))
        else this.out.line(deliveryLine(delivery, this.out.color))
      },
      onProblem: message => this.out.warn(message),
    })
    try {
      await listener.start()
    } catch (error) {
      stop.dispose()
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EADDRINUSE')
        throw usageError(`port ${this.flags.port} on ${this.flags.host} is in use`, [
          'pick another with --port, or --port 0',
        ])
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
        throw usageError(`cannot listen on --host ${this.flags.host}: not an address of this machine`)
      throw error
    }

    let subscriptionId: string | undefined
    try {
      if (this.flags.register) {
        const registered = await this.register(listener.url)
        subscriptionId = registered.id
        if (registered.secret) secrets.push(registered.secret)
      }
      if (this.flags['secret-file'])
        await this.writeSecretFile(secrets, subscriptionId ? 'the registered subscription' : source)
      // One write, so that whoever waits for "Listening on" also has the banner.
      const listening = `Listening on ${listener.url}`
      const banner = this.banner(source, fromSource, Boolean(subscriptionId), respondWith)
      this.out.stderr(this.flags.json ? listening : `${listening}\n${banner}`)
      await stop.promise
    } finally {
      stop.dispose()
      await listener.close()
      if (subscriptionId) await this.unregister(subscriptionId)
    }
    if (stop.interrupted()) this.exit(ExitCode.interrupted)
  }

  /** --secret, else PAYCTL_WEBHOOK_SECRET, else the secrets `webhooks create` stored in the profile. */
  private async secrets(): Promise<{secrets: string[]; source: string}> {
    if (this.flags.secret?.length) return {secrets: [...this.flags.secret], source: '--secret'}
    const fromEnv = process.env[SECRET_ENV]
    if (fromEnv) return {secrets: [fromEnv], source: SECRET_ENV}
    const profile = await this.profile()
    const stored = Object.values(profile.credentials.webhookSecrets ?? {})
    return {secrets: stored, source: `stored in profile "${profile.name}"`}
  }

  /** The one secret --print-secret and --secret-file hand over; the newest (the registered one) when several. */
  private singleSecret(secrets: string[], source: string, flag: string): string {
    if (secrets.length === 1 || source === 'the registered subscription') return secrets[secrets.length - 1]
    if (!secrets.length)
      throw usageError(`${flag}: no signing secret`, [
        `pass --secret, set ${SECRET_ENV}, or create a subscription with "webhooks create"`,
      ])
    throw usageError(`${flag}: ${secrets.length} secrets are ${source}; which one is meant is not clear`, [
      'pass the one you mean with --secret, or use --register for a subscription of its own',
    ])
  }

  private async writeSecretFile(secrets: string[], source: string): Promise<void> {
    const file = this.flags['secret-file']!
    const name = this.flags['secret-name'] ?? SECRET_ENV
    const secret = this.singleSecret(secrets, source, '--secret-file')
    const {writeSecretFile} = await import('../../services/webhooks/secret-file.js')
    try {
      const warning = await writeSecretFile(file, name, secret)
      if (warning) this.out.warn(warning)
    } catch (error) {
      throw usageError(
        `--secret-file: cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
    this.out.stderr(`Wrote ${name}=<the signing secret> to ${file}.`)
  }

  private banner(source: string, fromSource: number, registered: boolean, respondWith: number[] | undefined): string {
    const origins = [fromSource ? source : '', registered ? 'the registered subscription' : ''].filter(Boolean)
    const count = fromSource + (registered ? 1 : 0)
    const secretText = `${count} secret${count === 1 ? '' : 's'} (${origins.join(' and ')})`
    const answer = respondWith
      ? `answering ${respondWith.join(', ')}${respondWith.length > 1 ? ' (then the last again)' : ''}`
      : this.flags['forward-to']
        ? `forwarding to ${this.flags['forward-to']} and answering with its status`
        : 'answering 200'
    const tolerance = this.flags.tolerance ? `tolerance ${this.flags.tolerance} s` : 'no timestamp check'
    const events = this.flags.events ? ` Showing only ${this.flags.events.replaceAll(',', ', ')}.` : ''
    return `Verifying with ${secretText}; ${tolerance}; ${answer}.${events}${this.flags.save ? ` Saving to ${this.flags.save}.` : ''} Press Ctrl-C to stop.`
  }

  /** The service at a remote origin cannot reach this machine's loopback address: a tunnel URL is needed. */
  private async checkReachable(): Promise<void> {
    if (this.flags['public-url']) return
    const profile = await this.profile()
    const host = new URL(profile.origin).hostname
    if (!/^(127\.|localhost$|\[::1\]$|::1$)/.test(host))
      throw usageError(`--register against ${profile.origin} needs --public-url`, [
        'the service cannot reach this machine; expose the listener with a tunnel and pass its URL as --public-url',
      ])
  }

  private async register(listenerUrl: string): Promise<{id: string; secret?: string}> {
    let target = this.flags['public-url'] ?? listenerUrl
    if (!this.flags['public-url']) target = target.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')
    const client = await this.client()
    const subscription = await client.v1.webhooks.create({targetUrl: target, eventType: 'payout'})
    this.out.stderr(`Registered webhook subscription ${subscription.id} -> ${target} (deleted again when you stop).`)
    if (subscription.signingSecret) this.out.stderr(`Signing secret: ${subscription.signingSecret}`)
    else this.out.warn('the service returned no signing secret; deliveries can only be verified with --secret')
    return {id: subscription.id, secret: subscription.signingSecret}
  }

  private async unregister(id: string): Promise<void> {
    const client = await this.client()
    const [{ApiError}, {PayctlError}, {reportError}] = await Promise.all([
      import('../../client/api-errors.js'),
      import('../../shared/errors.js'),
      import('../../services/errors/error-report.js'),
    ])
    try {
      await client.v1.webhooks.delete(id)
      this.out.stderr(`Deleted webhook subscription ${id}.`)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.out.stderr(`Webhook subscription ${id} was already gone (the service deletes it after a 410 answer).`)
        return
      }
      const report = reportError(error)
      throw new PayctlError(`could not delete webhook subscription ${id}: ${report.message}`, {
        exitCode: report.exitCode,
        code: report.code,
        suggestions: [`delete it with "${this.config.bin} webhooks delete ${id}"`],
        cause: error,
      })
    }
  }
}

/** DESIGN's key order first, then what the listener adds. */
function jsonLine(d: Delivery): Record<string, unknown> {
  const line: Record<string, unknown> = {receivedAt: d.receivedAt, verified: d.verified}
  if (d.reason) line.reason = d.reason
  if (d.duplicate) line.duplicate = true
  if (d.status !== undefined) line.status = d.status
  if (d.payoutId !== undefined) line.payoutId = d.payoutId
  if (d.amount !== undefined) line.amount = d.amount
  if (d.currency !== undefined) line.currency = d.currency
  line.body = d.body
  if (d.detail) line.detail = d.detail
  line.response = d.response
  if (d.forward) line.forward = d.forward
  if (d.saved) line.saved = d.saved
  return line
}
