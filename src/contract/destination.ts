import {lookAlikeOf, nameLookAlikeOf} from './look-alike.js'

/**
 * Where a payout's money goes, as one line a person can check: the approval page, `payouts get` and the MCP
 * answers all show this line, so what the person approves reads the same everywhere. For a counterparty: its
 * payment method (an IBAN masked to its country and last four) and the account holder; for an e-mail or phone
 * recipient: the address. A look-alike address or holder name (src/contract/look-alike.ts) is marked, an address
 * with its domain in punycode.
 */

export interface DestinationPayout {
  recipient?: {type?: string; email?: string; phone?: string}
  counterpartyId?: string
  /** v1: the handle, e-mail or wallet address. */
  creatorHandle?: string
  email?: string
  phone?: string
}

/** A counterparty as either side holds it (the v2 view, or the emulator's row parsed). */
export interface DestinationCounterparty {
  identity?: Readonly<Record<string, unknown>>
  email?: string
  paymentMethod?: Readonly<Record<string, unknown>> | null
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

/** Why a destination could pass for another: a look-alike address (with its domain in punycode) or holder name. */
export interface DestinationLookAlike {
  reason: string
  /** The address's domain as DNS sees it; absent for a name. */
  punycode?: string
}

export interface Destination {
  line: string
  lookAlike?: DestinationLookAlike
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

function methodLine(counterparty: DestinationCounterparty): string {
  const method = counterparty.paymentMethod
  if (!method) return 'counterparty without a payment method'
  const iban = text(method.iban)
  const number = text(method.accountNumber)
  const account = iban ? maskIban(iban) : number ? maskAccount(number) : text(method.address)
  const holder = holderOf(counterparty)
  return [text(method.type) ?? 'payment method', account, holder && `(holder ${holder})`].filter(Boolean).join(' ')
}

const addressMark = (address: string | undefined): DestinationLookAlike | undefined => {
  const found = address === undefined ? undefined : lookAlikeOf(address)
  return found && {reason: found.reason, punycode: found.punycode}
}

const nameMark = (name: string | undefined): DestinationLookAlike | undefined => {
  const reason = name === undefined ? undefined : nameLookAlikeOf(name)
  return reason ? {reason} : undefined
}

/** The line with every look-alike it shows marked: `[LOOK-ALIKE: <reason>; domain <punycode>]`. */
function marked(line: string, ...marks: Array<DestinationLookAlike | undefined>): Destination {
  const found = marks.filter(mark => mark !== undefined)
  if (!found.length) return {line}
  const words = found.map(mark => (mark.punycode ? `${mark.reason}; domain ${mark.punycode}` : mark.reason))
  return {line: `${line} [LOOK-ALIKE: ${words.join('; ')}]`, lookAlike: found[0]}
}

/**
 * The destination of a payout (either generation's view). A counterparty payout needs its counterparty; without it
 * (not readable) the line names the counterparty id.
 */
export function destinationOf(payout: DestinationPayout, counterparty?: DestinationCounterparty): Destination {
  if (payout.counterpartyId || counterparty) {
    if (!counterparty) return {line: `counterparty ${payout.counterpartyId} (its details could not be read)`}
    const line = methodLine(counterparty)
    const holder = nameMark(counterparty.paymentMethod ? holderOf(counterparty) : undefined)
    const email = counterparty.email
    return email ? marked(`${line}, e-mail ${email}`, holder, addressMark(email)) : marked(line, holder)
  }
  const email = payout.recipient?.email ?? payout.email
  if (email) return marked(`e-mail ${email}`, addressMark(email))
  const phone = payout.recipient?.phone ?? payout.phone
  if (phone) return {line: `phone ${phone}`}
  if (payout.creatorHandle) return marked(`handle ${payout.creatorHandle}`, addressMark(payout.creatorHandle))
  return {line: payout.recipient?.type ? `${payout.recipient.type} recipient` : 'no recipient'}
}
