import {isDeclined, isOpen} from './lifecycle.js'
import {type LookAlike, lookAlikeOf} from './look-alike.js'

/**
 * Where a payout's money goes, as one line a person can check: the approval page, `payouts get` and the MCP
 * answers all show this line, so what the person approves reads the same everywhere. The payment method the
 * payout itself carries (chosen by the recipient on the claim page, or set) decides first; then a counterparty's
 * saved payment method (an IBAN masked to its country and last four) and the account holder; then the e-mail or
 * phone recipient's address. A look-alike address is marked, with its domain in punycode.
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
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

export interface Destination {
  line: string
  lookAlike?: LookAlike
}

/** `GB33BUKB20201555555555` as `GB•• •••• 5555`: the country and the last four, never the rest. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s/g, '').toUpperCase()
  return `${compact.slice(0, 2)}•• •••• ${compact.slice(-4)}`
}

/** An account number as `••••6789`. */
const maskAccount = (number: string) => `••••${number.replace(/\s/g, '').slice(-4)}`

function holderOf(counterparty: DestinationCounterparty): string | undefined {
  const identity = counterparty.identity
  const person = [text(identity?.firstName), text(identity?.lastName)].filter(Boolean).join(' ')
  return text(counterparty.paymentMethod?.accountHolderName) ?? text(identity?.businessName) ?? (person || undefined)
}

/** A payment method as `type account (holder …)`: the account masked, a PayPal e-mail or wallet address in full. */
function methodLine(method: Readonly<Record<string, unknown>>, holder: string | undefined): string {
  const iban = text(method.iban)
  const number = text(method.accountNumber)
  const account = iban ? maskIban(iban) : number ? maskAccount(number) : (text(method.address) ?? text(method.email))
  return [text(method.type) ?? 'payment method', account ?? text(method.phone), holder && `(holder ${holder})`]
    .filter(Boolean)
    .join(' ')
}

const counterpartyLine = (counterparty: DestinationCounterparty): string =>
  counterparty.paymentMethod
    ? methodLine(counterparty.paymentMethod, holderOf(counterparty))
    : 'counterparty without a payment method'

/** The line, marked by the first look-alike among the addresses it shows. */
const marked = (line: string, ...addresses: Array<string | undefined>): Destination => {
  const lookAlike = addresses.flatMap(address => (address === undefined ? [] : (lookAlikeOf(address) ?? [])))[0]
  return lookAlike
    ? {line: `${line} [LOOK-ALIKE: ${lookAlike.reason}; domain ${lookAlike.punycode}]`, lookAlike}
    : {line}
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
): Destination {
  const method = `${methodLine(own, text(own.accountHolderName))}${isOpen(payout.status) ? ' (chosen by the recipient)' : ''}`
  const address = text(own.email)
  if (payout.counterpartyId || counterparty) {
    const instead = counterparty ? counterpartyLine(counterparty) : `counterparty ${payout.counterpartyId}`
    return marked(`${method} [NOT the counterparty's ${instead}]`, address)
  }
  const recipient = payout.recipient?.email ?? payout.email
  const phone = payout.recipient?.phone ?? payout.phone
  const who = recipient
    ? `e-mail ${recipient}`
    : phone
      ? `phone ${phone}`
      : payout.creatorHandle && `handle ${payout.creatorHandle}`
  const line = who ? `${method}, ${who}` : method
  return marked(line, address, recipient, payout.creatorHandle)
}

/**
 * The destination of a payout (either generation's view). A counterparty payout needs its counterparty; without it
 * (not readable) the line names the counterparty id.
 */
export function destinationOf(payout: DestinationPayout, counterparty?: DestinationCounterparty): Destination {
  if (payout.paymentMethod && payoutMethodDecides(payout, counterparty))
    return ownMethodDestination(payout, payout.paymentMethod, counterparty)
  if (payout.counterpartyId || counterparty) {
    if (!counterparty) return {line: `counterparty ${payout.counterpartyId} (its details could not be read)`}
    const line = counterpartyLine(counterparty)
    return counterparty.email ? marked(`${line}, e-mail ${counterparty.email}`, counterparty.email) : {line}
  }
  const email = payout.recipient?.email ?? payout.email
  if (email) return marked(`e-mail ${email}`, email)
  const phone = payout.recipient?.phone ?? payout.phone
  if (phone) return {line: `phone ${phone}`}
  if (payout.creatorHandle) return marked(`handle ${payout.creatorHandle}`, payout.creatorHandle)
  return {line: payout.recipient?.type ? `${payout.recipient.type} recipient` : 'no recipient'}
}
