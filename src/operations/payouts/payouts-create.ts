import {createInputOf, createInputs} from '../inputs/payout-create-inputs.js'
import {operation} from '../operation.js'

/**
 * `payouts create`: the payout planned from its inputs (v2, or v1 where a v1 input asks for it), money movement
 * confirmed on production after a warning when the balance is short, created safe to re-run, then (--wait) followed
 * until its step is final. The run ends with the failure of the payout, once it is shown.
 */
export const payoutsCreate = operation({
  id: 'payouts:create',
  summary: 'Create a payout (pending until approved).',
  result: 'payout',
  inputs: createInputs,
  async run(input, context) {
    const {planCreate, createConfirmation} = await import('../../services/payouts/payout-plans.js')
    const wanted = createInputOf(input)
    const plan = planCreate(wanted)
    const confirmation = createConfirmation(wanted)
    const client = await context.session.client()
    if (confirmation) {
      const {warnIfShort} = await import('../../services/payouts/balance-check.js')
      const accounts = () => client.v2.team.accounts()
      await warnIfShort({accounts, totals: confirmation.totals, warn: line => context.report.warn(line)})
      await context.confirm(confirmation)
    }
    const [{createPayout}, {runWithKeptKeys}] = await Promise.all([
      import('../../services/payouts/create-payout.js'),
      import('./kept-key-run.js'),
    ])
    const kept = {dataDir: context.session.dataDir, origin: client.transport.origin, report: context.report}
    const {warnIfBlocked, withPayabilityFix} = await import('./payability-advice.js')
    const sent = await runWithKeptKeys(kept, run =>
      createPayout(client, plan, {idempotencyKey: input['idempotency-key'], ...run}),
    ).catch(async (error: unknown) => {
      throw plan.api === 'v2' ? await withPayabilityFix(error, client, plan.body) : error
    })
    if (sent.api === 'v1') {
      const {withPayoutId} = await import('./payout-display-id.js')
      return {api: 'v1' as const, sent, value: withPayoutId(sent.payout)}
    }
    const [{followPayouts}, {goalOf}, {failureOf}, {payoutDestinations}, {readEachOnce}] = await Promise.all([
      import('./follow-payouts.js'),
      import('../../services/payouts/goals.js'),
      import('../../services/payouts/payout-failures.js'),
      import('./payout-destinations.js'),
      import('../../services/counterparties/counterparty-reads.js'),
    ])
    // --wait: until the --and-then step is final for this payout.
    const {payouts, error} = input.wait
      ? await followPayouts({
          client,
          report: context.report,
          payouts: [sent.payout],
          goal: goalOf('approve', input['and-then']),
          timeoutMs: input.timeout,
        })
      : {payouts: [sent.payout], error: undefined}
    const readCounterparty = readEachOnce(client)
    const [destinations] = await Promise.all([
      payoutDestinations(context, client, payouts, readCounterparty),
      warnIfBlocked(context, client, payouts[0], readCounterparty),
    ])
    return {api: 'v2' as const, sent, value: payouts[0], destinations, error: error ?? failureOf(payouts)}
  },
})
