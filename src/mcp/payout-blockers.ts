import type {Country} from '../client/schemas.js'
import {isApprovable} from '../contract/lifecycle.js'
import {type Blocker, payoutBlockers} from '../contract/payability.js'
import {
  counterpartiesCountries,
  counterpartiesGet,
  counterpartiesPaymentMethodTypes,
} from '../operations/counterparties/counterparties-read.js'
import {payoutsGet} from '../operations/payouts/payouts-get.js'
import type {SessionOptions} from '../operations/session.js'
import {COUNTERPARTY_FIELDS} from '../services/counterparties/counterparty-input.js'
import {taxRulesOf} from '../services/counterparties/tax-rules.js'
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

type Counterparty = {
  id?: string
  deleted?: boolean
  missing?: string[]
  identity?: {type?: string}
  address?: {country?: string}
  paymentMethod?: Record<string, unknown> | null
}
type PayoutData = {id?: string; status?: string; currency?: string; counterpartyId?: string}

/** What a read needs: the server's session and its call slots. */
export interface ReadContext {
  session: SessionOptions
  slots: CallSlots
}

const read = (context: ReadContext, step: Parameters<typeof runTool>[1], input: ToolArguments): Promise<ToolRun> =>
  context.slots.run(() => runTool(context.session, step, input))

/** The tool inputs of a counterparty's fields: `taxIdentity.taxId` is `tax-id`. */
const inputOf = (group: string, field: string) =>
  COUNTERPARTY_FIELDS.find(([g, f]) => g === group && f === field)?.[2] ?? field

/** The inputs that give a counterparty what `missing` names, as far as payctl can tell them. */
async function missingInputs(context: ReadContext, field: string, counterparty: Counterparty) {
  if (field === 'taxIdentity') {
    const countries = await read(context, counterpartiesCountries, {})
    const country = (countries.data as Country[] | undefined)?.find(c => c.code === counterparty.address?.country)
    const rules = country ? taxRulesOf(country, counterparty.identity?.type ?? 'individual') : undefined
    const required = (rules ?? []).filter(rule => rule.required)
    return required.length
      ? required.map(rule => ({input: inputOf('taxIdentity', rule.field), about: rule.description}))
      : [{input: 'tax-id', about: 'see counterparties_countries for what the country needs'}]
  }
  if (field === 'address')
    return ['line1', 'city', 'postalCode', 'country'].map(name => ({input: inputOf('address', name)}))
  if (field === 'paymentMethod')
    return [
      {input: 'payment-method', about: 'a type of counterparties_payment_method_types'},
      {input: 'payment-currency'},
    ]
  return []
}

/** The call that removes one blocker. */
async function fixOf(context: ReadContext, blocker: Blocker, payout: PayoutData, counterparty: Counterparty) {
  const id = payout.counterpartyId
  if (blocker.kind === 'deleted')
    return {
      why: 'its counterparty was deleted',
      next: {
        tool: 'payouts_update',
        arguments: {id: payout.id},
        supply: [{input: 'counterparty', about: 'another counterparty (or give email or phone instead)'}],
        why: 'give the payout another recipient',
      },
    }
  if (blocker.kind === 'missing')
    return {
      why: `its counterparty ${id} still needs its ${blocker.field} before it can be paid`,
      next: {
        tool: 'counterparties_update',
        arguments: {id},
        supply: await missingInputs(context, blocker.field, counterparty),
        why: `give the counterparty its ${blocker.field}`,
      },
    }
  return {
    why: `its counterparty's ${blocker.method} does not pay in ${blocker.currency} (it pays in ${blocker.supported.join(', ')})`,
    next: {
      tool: 'counterparties_update',
      arguments: {id},
      supply: [
        {
          input: 'payment-method',
          about: `a type that pays in ${blocker.currency} (counterparties_payment_method_types)`,
        },
        {input: 'payment-currency', about: blocker.currency},
      ],
      why: `give the counterparty a payment method that pays in ${blocker.currency}`,
    },
  }
}

/**
 * Flags a created payout that cannot be paid as it stands: a warning per blocker, the calls that fix them and then
 * the same create again. Answers whether it flagged one (then no approval page is made).
 */
export async function flagBlockers(context: ReadContext, answer: ToolAnswer, args: ToolArguments): Promise<boolean> {
  const payout = answer.data as PayoutData | undefined
  const fixes = payout ? await fixesOf(context, payout) : []
  if (!payout || !fixes.length) return false
  for (const fix of fixes)
    answer.warnings.push(`payout ${payout.id} cannot be paid as it stands: ${fix.why}; no approval page yet`)
  const again: NextCall = {
    tool: 'payouts_create',
    arguments: args,
    why: 'then the same call again: it answers this payout (no second one) and asks for its approval',
  }
  answer.next = [...(answer.next ?? []), ...fixes.map(fix => fix.next), again]
  return true
}

/** What keeps a counterparty payout from being paid, each with the call that fixes it; none for other payouts. */
async function fixesOf(context: ReadContext, payout: PayoutData) {
  if (!payout.id || !payout.counterpartyId) return []
  const [found, types] = await Promise.all([
    read(context, counterpartiesGet, {id: payout.counterpartyId}),
    read(context, counterpartiesPaymentMethodTypes, {}),
  ])
  const counterparty: Counterparty | undefined = found.error
    ? found.error.exitCode === ExitCode.notFound
      ? {deleted: true}
      : undefined
    : (found.data as Counterparty)
  if (!counterparty) return []
  const blockers = payoutBlockers({
    payout,
    counterparty,
    methodTypes: types.data as Array<{type: string; currencies?: string[]}> | undefined,
  })
  return Promise.all(blockers.map(blocker => fixOf(context, blocker, payout, counterparty)))
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
  const [fix] = await fixesOf(context, payout)
  if (fix) error.next = fix.next
}

/** A counterparty a tool created or changed that still lacks what a direct payment needs: said, with the fix. */
export async function flagMissing(context: ReadContext, answer: ToolAnswer): Promise<void> {
  const counterparty = answer.data as Counterparty | undefined
  if (!counterparty?.id || !counterparty.missing?.length) return
  for (const field of counterparty.missing) {
    answer.warnings.push(`counterparty ${counterparty.id} cannot be paid directly yet: it still needs its ${field}`)
    answer.next = [
      ...(answer.next ?? []),
      {
        tool: 'counterparties_update',
        arguments: {id: counterparty.id},
        supply: await missingInputs(context, field, counterparty),
        why: `give the counterparty its ${field}`,
      },
    ]
  }
}
