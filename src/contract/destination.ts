import {isDeclined, isOpen} from './lifecycle.js'
import {lookAlikeOf, nameLookAlikeOf} from './look-alike.js'

/**
 * Where a payout's money goes, as one line a person can check: the approval page, `payouts get` and the MCP
 * answers all show this line, so what the person approves reads the same everywhere. The payment method the
 * payout itself carries (chosen by the recipient on the claim page, or set) decides first; then a counterparty's
 * saved payment method (an IBAN masked to its country and last four) and the account holder; then the e-mail or
 * phone recipient's address. A look-alike address or holder name (src/contract/look-alike.ts) is marked, an address
 * with its domain in punycode.
 */

export interface DestinationPayout {
  status?: string
  recipient?: {type?: string; email?: string; phone?: string}
  counterpartyId?: string
  /** v1: the handle, e-mail or wallet address. */
  creatorHandle?: string
  email?: string
  phone?: string
  /**
   * The payout's own payment method (v2 `paymentMethod`): the API shows its `type` and `currency`; the emulator's
   * page also knows the details the recipient typed (`iban`, `email`, `accountHolderName`, ...).
   */
  paymentMethod?: Readonly<Record<string, unknown>> | null
}

/** A counterparty as either side holds it (the v2 view, or the emulator's row parsed). */
export interface DestinationCounterparty {
  identity?: Readonly<Record<string, unknown>>
  email?: string
  paymentMethod?: Readonly<Record<string, unknown>> | null
  /** The counterparty was deleted (the API answers 404): nothing can be paid to it. */
  deleted?: boolean
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

/**
 * What a reader knows of a counterparty's past, for the marks a person needs before its money goes out: a
 * counterparty no payout went to since its details last changed, and one an agent created or changed.
 */
export interface CounterpartyHistory {
  /** No payout to it completed since its details last changed; `among`: only that many recent payouts were read. */
  unpaid?: {among?: number}
  /** A tool of payctl's MCP server created or changed it, at that time. */
  agent?: {tool: string; at: string}
}

/** Why a destination could pass for another: a look-alike address (with its domain in punycode) or holder name. */
export interface DestinationLookAlike {
  reason: string
  /** The address's domain as DNS sees it; absent for a name. */
  punycode?: string
}

export interface Destination {
  line: string
  lookAlike?: DestinationLookAlike
  /** The counterparty's history as marked in the line, for a page to highlight. */
  history?: CounterpartyHistory
}

/** The shortest IBAN (Norway's) has 15 characters; a shorter value shows its country and last four only. */
const SHORTEST_IBAN = 15

/**
 * `DE89370400440532013000` as `DE89 3704 •••• 3000`: the country and check digits, the first four of the account
 * part (where every country's IBAN starts its bank code) and the last four, in a fixed shape (the length is not
 * told). Two accounts at different banks, or with other check digits, read differently; the rest is never shown.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s/g, '').toUpperCase()
  if (compact.length < SHORTEST_IBAN) return `${compact.slice(0, 2)}•• •••• ${compact.slice(-4)}`
  return `${compact.slice(0, 4)} ${compact.slice(4, 8)} •••• ${compact.slice(-4)}`
}

/** An account number as `••••6789`. */
const maskAccount = (number: string) => `••••${number.replace(/\s/g, '').slice(-4)}`

function holderOf(counterparty: DestinationCounterparty): string | undefined {
  const identity = counterparty.identity
  const person = [text(identity?.firstName), text(identity?.lastName)].filter(Boolean).join(' ')
  return text(counterparty.paymentMethod?.accountHolderName) ?? text(identity?.businessName) ?? (person || undefined)
}

/** How a line names a payment method's type: its id (`bank_iban`) unless the reader knows the type's name. */
export type MethodName = (type: string) => string | undefined

/** A payment method as `type account (holder …)`: the account masked, a PayPal e-mail or wallet address in full. */
function methodLine(method: Readonly<Record<string, unknown>>, holder: string | undefined, name: MethodName): string {
  const iban = text(method.iban)
  const number = text(method.accountNumber)
  const account = iban ? maskIban(iban) : number ? maskAccount(number) : (text(method.address) ?? text(method.email))
  const type = text(method.type)
  const label = (type && name(type)) || type || 'payment method'
  return [label, account ?? text(method.phone), holder && `(holder ${holder})`].filter(Boolean).join(' ')
}

const counterpartyLine = (counterparty: DestinationCounterparty, name: MethodName): string =>
  counterparty.deleted
    ? 'counterparty deleted'
    : counterparty.paymentMethod
      ? methodLine(counterparty.paymentMethod, holderOf(counterparty), name)
      : 'counterparty without a payment method'

const addressMark = (address: string | undefined): DestinationLookAlike | undefined => {
  const found = address === undefined ? undefined : lookAlikeOf(address)
  return found && {reason: found.reason, punycode: found.punycode}
}

const nameMark = (name: string | undefined): DestinationLookAlike | undefined => {
  const reason = name === undefined ? undefined : nameLookAlikeOf(name)
  return reason ? {reason} : undefined
}

/** The line with every look-alike address and holder name it shows marked: `[LOOK-ALIKE: <reason>; domain <punycode>]`. */
function marked(line: string, ...marks: Array<DestinationLookAlike | undefined>): Destination {
  const found = marks.filter(mark => mark !== undefined)
  if (!found.length) return {line}
  const words = found.map(mark => (mark.punycode ? `${mark.reason}; domain ${mark.punycode}` : mark.reason))
  return {line: `${line} [LOOK-ALIKE: ${words.join('; ')}]`, lookAlike: found[0]}
}

/**
 * Whether the payout's own payment method is where its money goes (rather than its counterparty's saved one). It
 * is, for a payout to an e-mail, phone or handle, and for a counterparty payout not yet paid (a method it carries
 * then was claimed or set, and the transfer takes it). A failed counterparty payout is paid again to the
 * counterparty's current method (spec section 3); one in transfer or settled went to the method it carries, which
 * is the counterparty's unless the types differ.
 */
export function payoutMethodDecides(payout: DestinationPayout, counterparty?: DestinationCounterparty): boolean {
  const own = payout.paymentMethod
  if (!own) return false
  if (!payout.counterpartyId && !counterparty) return true
  if (isOpen(payout.status)) return true
  if (isDeclined(payout.status)) return false
  return text(own.type) !== text(counterparty?.paymentMethod?.type)
}

/** The line of a payout whose own payment method decides; a counterparty's saved method it overrides is named. */
function ownMethodDestination(
  payout: DestinationPayout,
  own: Readonly<Record<string, unknown>>,
  counterparty: DestinationCounterparty | undefined,
  name: MethodName,
): Destination {
  const holder = text(own.accountHolderName)
  const method = `${methodLine(own, holder, name)}${isOpen(payout.status) ? ' (chosen by the recipient)' : ''}`
  const address = text(own.email)
  if (payout.counterpartyId || counterparty) {
    const instead = counterparty ? counterpartyLine(counterparty, name) : `counterparty ${payout.counterpartyId}`
    return marked(`${method} [NOT the counterparty's ${instead}]`, nameMark(holder), addressMark(address))
  }
  const recipient = payout.recipient?.email ?? payout.email
  const phone = payout.recipient?.phone ?? payout.phone
  const who = recipient
    ? `e-mail ${recipient}`
    : phone
      ? `phone ${phone}`
      : payout.creatorHandle && `handle ${payout.creatorHandle}`
  const line = who ? `${method}, ${who}` : method
  return marked(line, nameMark(holder), ...[address, recipient, payout.creatorHandle].map(addressMark))
}

/** The marks of a counterparty's history, as the line shows them. */
function historyMarks(history: CounterpartyHistory | undefined): string {
  const marks = []
  if (history?.unpaid)
    marks.push(
      history.unpaid.among === undefined ? 'NOT PAID BEFORE' : `NOT PAID IN THE LAST ${history.unpaid.among} PAYOUTS`,
    )
  if (history?.agent) marks.push(`SET BY AN AGENT: ${history.agent.tool} at ${history.agent.at}`)
  return marks.map(mark => ` [${mark}]`).join('')
}

/** A counterparty payout paid as the counterparty stands: its saved method, its e-mail and the marks of its history. */
function counterpartyDestination(
  counterpartyId: string | undefined,
  counterparty: DestinationCounterparty | undefined,
  {history, methodName = () => undefined}: DestinationOptions,
): Destination {
  const named = counterpartyId ? `counterparty ${counterpartyId}` : 'counterparty'
  if (!counterparty) return {line: `${named} (its details could not be read)`}
  if (counterparty.deleted) return {line: `${named} deleted: it cannot be paid`}
  const line = `${counterpartyLine(counterparty, methodName)}${counterparty.email ? `, e-mail ${counterparty.email}` : ''}`
  const marks = historyMarks(history)
  const holder = nameMark(counterparty.paymentMethod ? holderOf(counterparty) : undefined)
  return {...marked(`${line}${marks}`, holder, addressMark(counterparty.email)), ...(marks ? {history} : {})}
}

/** A payout to an address: the e-mail, the phone or the v1 handle. */
function addressDestination(payout: DestinationPayout): Destination {
  const email = payout.recipient?.email ?? payout.email
  if (email) return marked(`e-mail ${email}`, addressMark(email))
  const phone = payout.recipient?.phone ?? payout.phone
  if (phone) return {line: `phone ${phone}`}
  if (payout.creatorHandle) return marked(`handle ${payout.creatorHandle}`, addressMark(payout.creatorHandle))
  return {line: payout.recipient?.type ? `${payout.recipient.type} recipient` : 'no recipient'}
}

export interface DestinationOptions {
  /** What the reader knows of the counterparty's past: marked in the line. */
  history?: CounterpartyHistory
  /** The names of payment-method types (the page has them); the line shows the type's id otherwise. */
  methodName?: MethodName
}

/**
 * The destination of a payout (either generation's view). A counterparty payout needs its counterparty; without it
 * (not readable) the line names the counterparty id. Its history, when the reader knows it, marks a counterparty not
 * paid since its details changed and one an agent set.
 */
export function destinationOf(
  payout: DestinationPayout,
  counterparty?: DestinationCounterparty,
  options: DestinationOptions = {},
): Destination {
  if (payout.paymentMethod && payoutMethodDecides(payout, counterparty))
    return ownMethodDestination(payout, payout.paymentMethod, counterparty, options.methodName ?? (() => undefined))
  if (payout.counterpartyId || counterparty)
    return counterpartyDestination(payout.counterpartyId, counterparty, options)
  return addressDestination(payout)
}
