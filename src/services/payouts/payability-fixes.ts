import type {Country} from '../../client/schemas.js'
import {type Blocker, payoutBlockers} from '../../contract/payability.js'
import type {NextStep} from '../../shared/errors.js'
import {COUNTERPARTY_FIELDS} from '../counterparties/counterparty-input.js'
import {taxRulesOf} from '../counterparties/tax-rules.js'

/**
 * What keeps a payout from being paid as it stands (src/contract/payability.ts), each with what fixes it, in the
 * inputs of the command or tool that does (their names are one: `tax-id` is `--tax-id` and the tool's `tax-id`).
 * The terminal words a fix as a command line, an agent's answer as its next tool call.
 */

/** A counterparty as the checks read it; `{deleted: true}` when the service no longer finds it. */
export type CounterpartyRead = {
  id?: string
  deleted?: boolean
  missing?: string[]
  identity?: {type?: string}
  address?: {country?: string}
  paymentMethod?: Record<string, unknown> | null
}

/** The reads the checks make, through whichever way the caller reads (the client, an agent's tool run). */
export interface PayabilityReads {
  counterparty(id: string): Promise<CounterpartyRead | undefined>
  countries(): Promise<Country[] | undefined>
  methodTypes(): Promise<Array<{type: string; currencies?: string[]}> | undefined>
}

/** An input to give, with what it is about; `see` names the command or tool that lists the choices. */
export interface InputToSupply {
  input: string
  about?: string
  see?: 'counterparties:countries' | 'counterparties:payment-method-types'
}

export type PayabilityFix =
  | {kind: 'deleted'; why: string; payoutId?: string}
  | {kind: 'missing' | 'currency'; why: string; counterpartyId: string; supply: InputToSupply[]; purpose: string}

/** The input that sets a counterparty's field: `taxIdentity.taxId` is `tax-id`. */
const inputOf = (group: string, field: string) =>
  COUNTERPARTY_FIELDS.find(([g, f]) => g === group && f === field)?.[2] ?? field

/** The inputs that give a counterparty what `missing` names, as far as payctl can tell them. */
export async function missingInputs(
  reads: PayabilityReads,
  field: string,
  counterparty: CounterpartyRead,
): Promise<InputToSupply[]> {
  if (field === 'taxIdentity') {
    const country = (await reads.countries())?.find(c => c.code === counterparty.address?.country)
    const rules = country ? taxRulesOf(country, counterparty.identity?.type ?? 'individual') : undefined
    const required = (rules ?? []).filter(rule => rule.required)
    return required.length
      ? required.map(rule => ({input: inputOf('taxIdentity', rule.field), about: rule.description}))
      : [{input: 'tax-id', about: 'what the country needs', see: 'counterparties:countries'}]
  }
  if (field === 'address')
    return ['line1', 'city', 'postalCode', 'country'].map(name => ({input: inputOf('address', name)}))
  if (field === 'paymentMethod')
    return [
      {input: 'payment-method', about: 'a payment-method type', see: 'counterparties:payment-method-types'},
      {input: 'payment-currency'},
    ]
  return []
}

async function fixOf(
  reads: PayabilityReads,
  blocker: Blocker,
  payoutId: string | undefined,
  counterpartyId: string,
  counterparty: CounterpartyRead,
): Promise<PayabilityFix> {
  if (blocker.kind === 'deleted') return {kind: 'deleted', why: 'its counterparty was deleted', payoutId}
  if (blocker.kind === 'missing')
    return {
      kind: 'missing',
      why: `its counterparty ${counterpartyId} still needs its ${blocker.field} before it can be paid`,
      counterpartyId,
      supply: await missingInputs(reads, blocker.field, counterparty),
      purpose: `give the counterparty its ${blocker.field}`,
    }
  return {
    kind: 'currency',
    why: `its counterparty's ${blocker.method} does not pay in ${blocker.currency} (it pays in ${blocker.supported.join(', ')})`,
    counterpartyId,
    supply: [
      {
        input: 'payment-method',
        about: `a type that pays in ${blocker.currency}`,
        see: 'counterparties:payment-method-types',
      },
      {input: 'payment-currency', about: blocker.currency},
    ],
    purpose: `give the counterparty a payment method that pays in ${blocker.currency}`,
  }
}

/**
 * What keeps a counterparty payout from being paid, each with its fix; none for other payouts or unread ones. A
 * payout not created yet (a create the service refused) has no id.
 */
export async function payabilityFixes(
  reads: PayabilityReads,
  payout: {id?: string; status?: string; currency?: string; counterpartyId?: string},
): Promise<PayabilityFix[]> {
  const {id, counterpartyId} = payout
  if (!counterpartyId) return []
  const [counterparty, methodTypes] = await Promise.all([reads.counterparty(counterpartyId), reads.methodTypes()])
  if (!counterparty) return []
  const blockers = payoutBlockers({payout, counterparty, methodTypes})
  return Promise.all(blockers.map(blocker => fixOf(reads, blocker, id, counterpartyId, counterparty)))
}

/** A fix as the step that applies it (an operation and its input): MCP words it as a tool call. */
export function fixStep(fix: PayabilityFix): NextStep {
  if (fix.kind === 'deleted') return {operation: 'payouts:update', input: fix.payoutId ? {id: fix.payoutId} : {}}
  return {operation: 'counterparties:update', input: {id: fix.counterpartyId}}
}

/** A fix as the command line a person types: `payctl counterparties update ID --tax-id <tax-id>` and what it is about. */
export function fixLine(fix: PayabilityFix): string {
  if (fix.kind === 'deleted')
    return `give the payout another recipient: payctl payouts update ${fix.payoutId ?? 'ID'} --counterparty <id> (or --email, --phone)`
  const flags = fix.supply.map(({input}) => `--${input} <${input}>`).join(' ')
  const notes = fix.supply.flatMap(({input, about, see}) =>
    about || see
      ? [`--${input}: ${[about, see && `see payctl ${see.replace(':', ' ')}`].filter(Boolean).join(', ')}`]
      : [],
  )
  return `${fix.purpose}: payctl counterparties update ${fix.counterpartyId} ${flags}${notes.length ? ` (${notes.join('; ')})` : ''}`
}
