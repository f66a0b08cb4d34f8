import {BaseCommand} from '../../cli/base-command.js'
import type {Column} from '../../cli/output/columns.js'
import type {Output} from '../../cli/output/output.js'
import {type Answer, shown} from '../../cli/shown.js'
import type {WebhookSubscription} from '../../client/schemas.js'

export default class WebhooksList extends BaseCommand<typeof WebhooksList, 'webhooks'> {
  static override summary = "List the team's webhook subscriptions."
  static override description =
    'The "Secret" column says whether the signing secret of the subscription is stored in this profile (by "webhooks create"). Secrets are never shown again.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'webhooks'>> {
    const client = await this.session.client()
    const subscriptions = await client.v1.webhooks.list()
    return shown(subscriptions, {view: (listed, out) => this.showTable(listed, out)})
  }

  private async showTable(subscriptions: WebhookSubscription[], out: Output): Promise<void> {
    if (!subscriptions.length) {
      out.info(`No webhook subscriptions. Create one with "${this.config.bin} webhooks create --url URL".`)
      return
    }
    const stored = (await this.session.profile()).credentials.webhookSecrets ?? {}
    const {localTime, orDash} = await import('../../cli/output/format.js')
    const columns: Column<WebhookSubscription>[] = [
      {header: 'ID', value: s => s.id},
      {header: 'URL', key: 'targetUrl', value: s => orDash(s.targetUrl)},
      {header: 'Event type', value: s => orDash(s.eventType), drop: 1},
      {header: 'Created', key: 'createdAt', value: s => localTime(s.createdAt), drop: 2},
      {header: 'Secret', value: s => (stored[s.id] ? 'stored' : '-')},
    ]
    await out.table(subscriptions, columns)
  }
}
