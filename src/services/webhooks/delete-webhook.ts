import type {PayoutClient} from '../../client/index.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'

/** Subscriptions named in the error; the rest are counted. */
const NAMED = 5

/**
 * Deletes a webhook subscription the team has. Subscription ids have no documented form (spec 4.4), so none is
 * refused for its look: the id is checked against GET /webhook first, and one the team does not have ends the
 * command with exit 4 naming the team's subscriptions, with no DELETE sent. `gone` is called for an id the
 * service does not know (deleted elsewhere, or after a 410), before the error is thrown.
 */
export async function deleteWebhook(client: PayoutClient, id: string, gone: () => Promise<void>): Promise<void> {
  const subscriptions = await client.v1.webhooks.list()
  if (!subscriptions.some(subscription => subscription.id === id)) {
    await gone()
    const named = subscriptions.slice(0, NAMED).map(s => `${s.id} (${s.targetUrl ?? 'no URL'})`)
    const more = subscriptions.length > NAMED ? ` and ${subscriptions.length - NAMED} more` : ''
    throw new PayctlError(`the team has no webhook subscription ${JSON.stringify(id)}`, {
      exitCode: ExitCode.notFound,
      code: 'NOT_FOUND',
      suggestions: [
        subscriptions.length
          ? `its subscriptions: ${named.join(', ')}${more} ("payctl webhooks list")`
          : 'it has none ("payctl webhooks create --url URL" makes one)',
      ],
    })
  }
  await client.v1.webhooks.delete(id)
}
