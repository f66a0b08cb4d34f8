import {commandOf} from '../../cli/command-of.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {isDeletable, isDeleted, namedStates, PAYOUT_STATES, statesFrom} from '../../contract/lifecycle.js'
import {payoutsDelete} from '../../operations/payouts/payouts-delete.js'

export default commandOf(payoutsDelete, {
  result: 'deletedPayouts',
  description: `Allowed while a payout is ${namedStates(statesFrom('delete'))}; a ${namedStates(PAYOUT_STATES.filter(state => !isDeletable(state) && !isDeleted(state)))} payout cannot be deleted (exit 5). Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE, or "-" for stdin. They are deleted one by one, stopping at the first failure (the error says which were deleted before it). On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise.

v2 (default): a deleted payout is gone from the API; its customId stays taken. --api v1 keeps it visible with status deleted, and deleting it again succeeds.

--json prints what the API answered for each payout, as a JSON array.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001 --api v1',
    '<%= config.bin %> <%= command.id %> --ids-file stale.txt --json',
  ],
  flags: {yes: yesFlag},
  view: () => import('../../cli/output/item-stream.js'),
  show: (deleted, {listed}, {out}) =>
    listed(deleted, {
      columns: [],
      // --json (and the script flags): a JSON array whatever -o says.
      format: out.json ? 'json' : undefined,
      line: item => `Deleted ${item.id}${'status' in item && item.status ? ` (status ${item.status})` : ''}`,
    }),
})
