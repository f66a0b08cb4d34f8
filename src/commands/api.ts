import {commandOf} from '../cli/command-of.js'
import {yesFlag} from '../cli/flags/common-flags.js'
import {operations} from '../contract/operations.js'
import {isItemSource} from '../operations/item-source.js'
import {apiRequest} from '../operations/raw/raw-request.js'

export default commandOf(apiRequest, {
  result: 'apiAnswer',
  description: `Like \`gh api\`: authenticated with the profile, retried by the client rules, the exit code follows the HTTP status (see README "Exit codes"). The body comes from -d (JSON, @FILE or @- for stdin), --input FILE, or -f/-F key=value fields (for a GET the fields become the query).

--paginate follows a v1 list (offset/limit, pages of 100) or a v2 list (nextCursor) and prints every item as one JSON line, page by page, so memory stays flat; --jq then runs on each item. -i prints the status line and the response headers first.

On a production profile every method but GET asks first (--yes in scripts), as money-moving commands do.

Safe to re-run for GET; a POST is safe to re-run only with the same --idempotency-key (v2) or customId (v1 payouts).`,
  examples: [
    `<%= config.bin %> <%= command.id %> GET ${operations.getTeamV1.path}`,
    `<%= config.bin %> <%= command.id %> GET "${operations.listTransactions.path}?limit=5"`,
    `<%= config.bin %> <%= command.id %> POST ${operations.createPayoutV2.path} -d @payout.json`,
    `<%= config.bin %> <%= command.id %> POST ${operations.approvePayoutsV2.path} -d @ids.json --idempotency-key 7d1c…`,
    `<%= config.bin %> <%= command.id %> GET ${operations.listTransactions.path} --paginate -f type=deposit --jq .amount`,
    `<%= config.bin %> <%= command.id %> POST ${operations.createPayoutV2.path} -f description=May -f amount=10.00 -f currency=EUR -f recipient[type]=email -f recipient[email]=a@example.com`,
    `<%= config.bin %> <%= command.id %> GET ${operations.getTeamV1.path} -i`,
  ],
  flags: {yes: yesFlag},
  view: () => import('../cli/output/api-response.js'),
  show: (answer, print, {flags, out}) => {
    if (isItemSource(answer)) return print.shownPages(out, answer, flags.include)
    return print.shownResponse(answer.response, flags.include)
  },
})
