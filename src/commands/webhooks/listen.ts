import {BaseCommand} from '../../cli/base-command.js'
import {listenFlags} from '../../cli/flags/webhook-flags.js'
import type {Answer} from '../../cli/shown.js'
import {SECRET_ENV} from '../../services/webhooks/secrets.js'
import {ExitCode} from '../../shared/exit-codes.js'

export default class WebhooksListen extends BaseCommand<typeof WebhooksListen, 'webhookListen'> {
  static override summary = 'Receive webhook deliveries locally, verify them and show one line each.'
  static override description =
    `Starts an HTTP receiver (127.0.0.1:4011 by default) that verifies each delivery's signature (spec section 6: HMAC-SHA256 of "timestamp.body", timing-safe, --tolerance 300 s) and prints one line per delivery: local time, event (the v1 payout status, or the v2 event payout.completed / payout.failed), payout id, amount and currency, what it answered, and the verdict. A delivery whose signature and timestamp arrived before is marked REPEATED (a replay, not a new event). --json prints one JSON object per line instead: {receivedAt, verified, reason?, duplicate?, status?, payoutId?, amount?, currency?, body, detail?, response, forward?, saved?}.

Answers: 413 over 1 MiB, 401 for a missing, malformed or wrong signature or a timestamp outside the tolerance, 400 for a body that is not JSON; otherwise the next --respond-with status (the last one repeats), the app's status with --forward-to, or 200.

With no secret given (--secret, repeatable, or ${SECRET_ENV}) on a sandbox profile (the emulator's included), it works as "stripe listen": it registers a temporary subscription to its own address (or --public-url, for a tunnel) with a fresh signing secret, prints the secret, verifies every delivery with it (and with the secrets "webhooks create" stored in the profile), and deletes the subscription when it stops: Ctrl-C, SIGTERM or stdout closed. --register does so on any profile; --no-register never does (the stored secrets then verify). Each subscription of the team that delivers elsewhere is named in a warning: its deliveries do not show here. --secret-file FILE writes NAME=secret (--secret-name, default ${SECRET_ENV}) into your app's .env, so that the app behind --forward-to (which gets the original body and signature headers) verifies with the same secret; --print-secret prints the secret and exits. "Listening on URL" is written to stderr in every mode.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --forward-to http://localhost:3000/webhooks',
    '<%= config.bin %> <%= command.id %> --register',
    '<%= config.bin %> <%= command.id %> --register --respond-with 500,500,200',
    '<%= config.bin %> <%= command.id %> --secret whsec_… --port 8080 --forward-to http://localhost:3000/webhooks',
    '<%= config.bin %> <%= command.id %> --register --json | jq -c "{status, payoutId, verified}"',
    '<%= config.bin %> <%= command.id %> --register --public-url https://abc123.tunnel.example/ --host 0.0.0.0',
    '<%= config.bin %> <%= command.id %> --register --events payout.completed,payout.failed --forward-to http://localhost:3000/webhooks --secret-file .env',
    '<%= config.bin %> <%= command.id %> --print-secret',
  ]

  static override flags = listenFlags

  async run(): Promise<Answer<'webhookListen'>> {
    const {flags, out} = this
    const [session, secrets, render, {serveDeliveries}] = await Promise.all([
      import('../../services/webhooks/listen-session.js'),
      import('../../services/webhooks/secrets.js'),
      import('../../cli/output/webhook-listen.js'),
      import('../../operations/webhooks/serve-deliveries.js'),
    ])
    const options = session.listenOptions(flags)
    const {listenPlan} = await import('../../services/webhooks/listen-plan.js')
    const {found, register, survey} = await listenPlan({
      ...flags,
      printSecret: flags['print-secret'],
      publicUrl: flags['public-url'],
      profile: () => this.session.profile(),
    })
    if (flags['print-secret']) return render.shownSecret(secrets.singleSecret(found, '--print-secret'))
    const secretFile = session.secretFileTarget(flags['secret-file'], flags['secret-name'])
    secrets.checkSecretFile(found, register, Boolean(secretFile))
    for (const note of session.eventNotes(options.events)) out.warn(note)
    const service = {client: () => this.session.client(), publicUrl: flags['public-url']}
    const serve = {
      report: out,
      options,
      found,
      secretFile,
      register: register ? service : undefined,
      survey: survey ? service : undefined,
      events: render.listenEvents(out, this.config.bin),
      listening: render.listeningLine(out, out.json, {...options, ...found, fromSource: found.secrets.length}),
    }
    return render.deliveryStream(
      out,
      show => serveDeliveries(serve, show),
      ({stopped}) => {
        if (stopped === 'SIGINT') this.exit(ExitCode.interrupted)
      },
    )
  }
}
