import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {httpUrl, v2EventsFlag} from '../../cli/flags/webhook-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {V1_EVENT_STATUSES} from '../../contract/lifecycle.js'

export default class WebhooksCreate extends BaseCommand<typeof WebhooksCreate, 'webhook'> {
  static override summary = 'Subscribe a URL to payout events.'
  static override description =
    `The service signs every delivery with a secret of this subscription. It is shown once, here, and stored in the profile's credentials file (mode 0600) so that "webhooks listen" can verify deliveries without --secret. Each payout status change (${V1_EVENT_STATUSES.join(', ')}) is delivered as the v1 payout; with --v2-events, each settlement also as the v2 event payout.completed or payout.failed (docs/webhooks.md). Safe to re-run: a URL that has a subscription already is refused (exit 5) unless --another or --replace; when the answer to the request is lost, the subscription it created is found, deleted (its secret is unknown) and created again, so the secret of the one that stays is stored.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --url https://example.com/webhooks/payouts',
    '<%= config.bin %> <%= command.id %> --url https://abc123.tunnel.example/ --json | jq -r .signingSecret',
    '<%= config.bin %> <%= command.id %> --url https://example.com/hooks --v2-events payout.completed,payout.failed',
  ]

  static override flags = {
    url: Flags.string({
      summary: 'The URL that receives the deliveries (http or https).',
      required: true,
      parse: httpUrl('url'),
    }),
    'event-type': Flags.string({summary: 'Event type to subscribe to.', default: 'payout'}),
    'v2-events': v2EventsFlag,
    another: Flags.boolean({
      summary: 'Add a subscription even though the URL has one already.',
      exclusive: ['replace'],
    }),
    replace: Flags.boolean({summary: "Delete the URL's existing subscriptions first, then subscribe."}),
  }

  async run(): Promise<Answer<'webhook'>> {
    const client = await this.session.client()
    const profile = await this.session.profile()
    const {createWebhook} = await import('../../services/webhooks/create-webhook.js')
    const {subscription, deleted} = await createWebhook({
      client,
      url: this.flags.url,
      eventType: this.flags['event-type'],
      events: this.flags['v2-events']?.split(','),
      another: this.flags.another,
      replace: this.flags.replace,
      knownSecrets: new Set(Object.keys(profile.credentials.webhookSecrets ?? {})),
      notice: message => this.out.warn(message),
    })
    const secret = subscription.signingSecret
    if (secret) {
      const {CredentialStore} = await import('../../config/credentials.js')
      await new CredentialStore(this.config.configDir).update(profile.name, c => {
        const secrets = {...c.webhookSecrets, [subscription.id]: secret}
        for (const id of deleted) delete secrets[id]
        return {...c, webhookSecrets: secrets}
      })
    } else {
      this.out.warn('the service did not return a signing secret for this subscription')
    }
    const {localTime} = await import('../../cli/output/format.js')
    return shown(subscription, {
      view: (created, out) => {
        out.keyValue([
          ['ID', created.id],
          ['URL', created.targetUrl],
          ['Event type', created.eventType],
          ['Created', created.createdAt ? localTime(created.createdAt) : undefined],
          ['Signing secret', secret],
        ])
        if (secret)
          out.info(
            `The secret is shown only now. It is stored in profile "${profile.name}", so "${this.config.bin} webhooks listen" verifies with it.`,
          )
      },
    })
  }
}
