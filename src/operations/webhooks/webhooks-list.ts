import {operation} from '../operation.js'

/** `webhooks list`: the team's subscriptions, and which of them have their signing secret stored in this profile. */
export const webhooksList = operation({
  id: 'webhooks:list',
  summary: "List the team's webhook subscriptions.",
  result: 'webhooks',
  inputs: {},
  async run(_, context) {
    const client = await context.session.client()
    const subscriptions = await client.v1.webhooks.list()
    const stored = (await context.session.profile()).credentials.webhookSecrets ?? {}
    return {value: subscriptions, secretStored: (id: string) => Boolean(stored[id])}
  },
})
