import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {webhooksList} from '../../operations/webhooks/webhooks-list.js'

export default commandOf(webhooksList, {
  result: 'webhooks',
  description:
    'The "Secret" column says whether the signing secret of the subscription is stored in this profile (by "webhooks create"). Secrets are never shown again.',
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json'],
  view: () => import('../../cli/output/webhook-view.js'),
  show: (listed, {showWebhooks}, {bin}) =>
    shownAnswer(listed, {view: (subscriptions, out) => showWebhooks(out, subscriptions, listed.secretStored, bin)}),
})
