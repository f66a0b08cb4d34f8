import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class WebhooksDelete extends BaseCommand<typeof WebhooksDelete, 'webhookDeleted'> {
  static override summary = 'Delete a webhook subscription.'
  static override description =
    "Deliveries to its URL stop, and the signing secret stored for it in this profile is removed. The id is checked against the team's subscriptions first (GET /webhook): one the team does not have (a typo, deleted elsewhere, or after the receiver answered 410) exits 4 naming them, nothing deleted, and a secret stored for it is removed all the same. On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise."

  static override examples = ['<%= config.bin %> <%= command.id %> 5b0c2f0e-8d1a-4c8e-9a55-0f1e2d3c4b5a']

  static override args = {
    id: Args.string({description: 'Subscription id (see "webhooks list").', required: true}),
  }

  static override flags = {yes: yesFlag}

  async run(): Promise<Answer<'webhookDeleted'>> {
    const {id} = this.args
    await this.context().confirm({action: `delete webhook subscription ${id}`, count: 1})
    const client = await this.session.client()
    const {ApiError} = await import('../../client/api-errors.js')
    const {deleteWebhook} = await import('../../services/webhooks/delete-webhook.js')
    try {
      await deleteWebhook(client, id, () => this.forgetSecret(id))
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) await this.forgetSecret(id)
      throw error
    }
    await this.forgetSecret(id)
    return shown({id, deleted: true as const}, {view: (_, out) => out.line(`Deleted webhook subscription ${id}.`)})
  }

  private async forgetSecret(id: string): Promise<void> {
    const profile = await this.session.profile()
    if (!profile.credentials.webhookSecrets?.[id]) return
    const {CredentialStore} = await import('../../config/credentials.js')
    await new CredentialStore(this.config.configDir).update(profile.name, c => {
      const {webhookSecrets, ...others} = c
      const {[id]: _removed, ...rest} = webhookSecrets ?? {}
      return Object.keys(rest).length ? {...others, webhookSecrets: rest} : others
    })
  }
}
