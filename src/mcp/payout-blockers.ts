import {isApprovable} from '../contract/lifecycle.js'
import {
  counterpartiesCountries,
  counterpartiesGet,
  counterpartiesPaymentMethodTypes,
} from '../operations/counterparties/counterparties-read.js'
import {payoutsGet} from '../operations/payouts/payouts-get.js'
import type {SessionOptions} from '../operations/session.js'
import {
  type InputToSupply,
  missingInputs,
  type PayabilityFix,
  type PayabilityReads,
  payabilityFixes,
} from '../services/payouts/payability-fixes.js'
import {counterpartyOf, countriesOf, methodTypesOf} from '../services/payouts/payability-reads.js'
import {ExitCode} from '../shared/exit-codes.js'
import {fieldOf} from '../shared/json-object.js'
import type {CallSlots} from './call-slots.js'
import type {NextCall, ToolAnswer, ToolRun} from './tool-answer.js'
import type {ToolArguments} from './tool-call-key.js'
import {runTool} from './tool-run.js'

/**
 * A payout the create tool made that cannot be paid as it stands (src/contract/payability.ts: its counterparty lacks
 * what a direct payment needs, or holds a method that does not pay in the payout's currency) is flagged in the
 * answer, with the calls that fix it. No approval page is made for it yet: once a page covers a payout, no tool
 * changes its counterparty (approval-guard.ts), so the fix comes first, then the same create again, which answers
 * the same payout and asks for its approval.
 */

type PayoutData = {id?: string; status?: string; currency?: string; counterpartyId?: string}

/** What a read needs: the server's session and its call slots. */
export interface ReadContext {
  session: SessionOptions
  slots: CallSlots
}

const read = (context: ReadContext, step: Parameters<typeof runTool>[1], input: ToolArguments): Promise<ToolRun> =>
  context.slots.run(() => runTool(context.session, step, input))

/** The tool that lists an input's choices. */
const TOOL_OF = {
  'counterparties:countries': 'counterparties_countries',
  'counterparties:payment-method-types': 'counterparties_payment_method_types',
} as const

/** The reads of the payability checks, through the tools' operations (the server's call slots). */
function readsOf(context: ReadContext): PayabilityReads {
  return {
    async counterparty(id) {
      const found = await read(context, counterpartiesGet, {id})
      if (!found.error) return counterpartyOf(found.data)
      return found.error.exitCode === ExitCode.notFound ? {deleted: true} : undefined
    },
    countries: async () => countriesOf((await read(context, counterpartiesCountries, {})).data),
    methodTypes: async () => methodTypesOf((await read(context, counterpartiesPaymentMethodTypes, {})).data),
  }
}

/** An input to supply, in an agent's words: the tool that lists its choices by name. */
const supplied = ({input, about, see}: InputToSupply) => ({
  input,
  ...(about || see ? {about: [about, see && `see ${TOOL_OF[see]}`].filter(Boolean).join('; ')} : {}),
})

/** The call that applies a fix. */
function nextOf(fix: PayabilityFix): NextCall {
  if (fix.kind === 'deleted')
    return {
      tool: 'payouts_update',
      arguments: fix.payoutId ? {id: fix.payoutId} : {},
      supply: [{input: 'counterparty', about: 'another counterparty (or give email or phone instead)'}],
      why: 'give the payout another recipient',
    }
  return {
    tool: 'counterparties_update',
    arguments: {id: fix.counterpartyId},
    supply: fix.supply.map(supplied),
    why: fix.purpose,
  }
}

/**
 * Flags a created payout that cannot be paid as it stands: a warning per blocker, the calls that fix them and then
 * the same create again. Answers whether it flagged one (then no approval page is made).
 */
export async function flagBlockers(context: ReadContext, answer: ToolAnswer, args: ToolArguments): Promise<boolean> {
  const payout = answer.data as PayoutData | undefined
  const fixes = payout ? await payabilityFixes(readsOf(context), payout) : []
  if (!payout || !fixes.length) return false
  for (const fix of fixes)
    answer.warnings.push(`payout ${payout.id} cannot be paid as it stands: ${fix.why}; no approval page yet`)
  const again: NextCall = {
    tool: 'payouts_create',
    arguments: args,
    why: 'then the same call again: it answers this payout (no second one) and asks for its approval',
  }
  answer.next = [...(answer.next ?? []), ...fixes.map(nextOf), again]
  return true
}

/**
 * A pay the service refused as the payout stands (INVALID_STATE, naming the payout it stopped at): its next step is
 * what lets it be paid, a team member's approval of a payout still awaiting it, or the fix of what keeps it from
 * being paid, rather than a look at the payout.
 */
export async function payRefusalStep(context: ReadContext, answer: ToolAnswer, redirectUrl: string): Promise<void> {
  const error = answer.error
  const failedId = fieldOf(error?.data, 'failedId')
  if (error?.code !== 'INVALID_STATE' || typeof failedId !== 'string') return
  const found = await read(context, payoutsGet, {id: [failedId]})
  const payout = found.error ? undefined : (found.data as PayoutData)
  if (!payout?.id) return
  if (isApprovable(payout.status)) {
    error.next = {
      tool: 'sessions_approval',
      arguments: {payout: [payout.id], 'redirect-url': redirectUrl},
      why: 'a team member approves it on the hosted page first',
    }
    return
  }
  const [fix] = await payabilityFixes(readsOf(context), payout)
  if (fix) error.next = nextOf(fix)
}

/** A counterparty a tool created or changed that still lacks what a direct payment needs: said, with the fix. */
export async function flagMissing(context: ReadContext, answer: ToolAnswer): Promise<void> {
  const counterparty = counterpartyOf(answer.data)
  if (!counterparty?.id || !counterparty.missing?.length) return
  for (const field of counterparty.missing) {
    answer.warnings.push(`counterparty ${counterparty.id} cannot be paid directly yet: it still needs its ${field}`)
    answer.next = [
      ...(answer.next ?? []),
      {
        tool: 'counterparties_update',
        arguments: {id: counterparty.id},
        supply: (await missingInputs(readsOf(context), field, counterparty)).map(supplied),
        why: `give the counterparty its ${field}`,
      },
    ]
  }
}
