import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class WebhooksDelete extends BaseCommand<typeof WebhooksDelete, 'webhookDeleted'> {
  static override summary = 'Delete a webhook subscription.'
  static override description =
    'Deliveries to its URL stop, and the signing secret stored for it in this profile is removed. When the service no longer knows the id (deleted elsewhere, or after the receiver answered 410) the stored secret is removed all the same and the command exits 4. On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise.'

  static override examples = ['<%= config.bin %> <%= command.id %> 5b0c2f0e-8d1a-4c8e-9a55-0f1e2d3c4b5a']

  static override args = {
    id: Args.string({description: 'Subscription id (see "webhooks list").', required: true}),
  }

  static override flags = {yes: yesFlag}

  async run(): Promise<Answer<'webhookDeleted'>> {
    const {id} = this.args
    await this.confirmOnProduction({action: `delete webhook subscription ${id}`, count: 1})
    const client = await this.client()
    const {ApiError} = await import('../../client/api-errors.js')
    try {
      await client.v1.webhooks.delete(id)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) await this.forgetSecret(id)
      throw error
    }
    await this.forgetSecret(id)
    return shown({id, deleted: true as const}, {view: (_, out) => out.line(`Deleted webhook subscription ${id}.`)})
  }

  private async forgetSecret(id: string): Promise<void> {
    const profile = await this.profile()
    if (!profile.credentials.webhookSecrets?.[id]) return
    const {CredentialStore} = await import('../../config/credentials.js')
    await new CredentialStore(this.config.configDir).update(profile.name, c => {
      const {webhookSecrets, ...others} = c
      const {[id]: _removed, ...rest} = webhookSecrets ?? {}
      return Object.keys(rest).length ? {...others, webhookSecrets: rest} : others
    })
  }
}
