/**
 * Sandbox claim details per payout method (spec section 1), for `emulator claim` and `emulator trigger`:
 * regular details settle the payout; the failure variant carries the method's failure trigger.
 */

import type {ClaimMethod} from '../../contract/claim-methods.js'

export {CLAIM_METHODS, type ClaimMethod} from '../../contract/claim-methods.js'

const HOLDER = 'Ada Lovelace'
const FAILING_HOLDER = 'SANDBOX FAIL Ada Lovelace'
const US_BANK = {routingNumber: '021000021', accountNumber: '000123456789'}

const SUCCESS: Record<ClaimMethod, Record<string, string>> = {
  'bank-iban': {accountHolderName: HOLDER, iban: 'DE89370400440532013000'},
  'bank-swift': {accountHolderName: HOLDER, bic: 'DEUTDEFF', accountNumber: '0532013000'},
  'bank-ach': {accountHolderName: HOLDER, ...US_BANK},
  'bank-wire': {accountHolderName: HOLDER, ...US_BANK},
  'bank-uk': {accountHolderName: HOLDER, sortCode: '12-34-56', accountNumber: '12345678'},
  paypal: {email: 'ada@example.com'},
  venmo: {phone: '+15555550123'},
  crypto: {address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'},
}

/** The failure triggers of spec section 1, one per method. */
const FAILURE: Record<ClaimMethod, Record<string, string>> = {
  'bank-iban': {...SUCCESS['bank-iban'], accountHolderName: FAILING_HOLDER},
  'bank-swift': {...SUCCESS['bank-swift'], accountHolderName: FAILING_HOLDER},
  'bank-ach': {...SUCCESS['bank-ach'], accountHolderName: FAILING_HOLDER},
  'bank-wire': {...SUCCESS['bank-wire'], accountHolderName: FAILING_HOLDER},
  'bank-uk': {...SUCCESS['bank-uk'], accountHolderName: FAILING_HOLDER},
  paypal: {email: 'sandbox-fail@example.com'},
  venmo: {phone: '+15555550000'},
  crypto: {address: '0x000000000000000000000000000000000000dEaD'},
}

/** The details to claim with: the sample (or failure trigger) of the method, then `overrides` (`--detail k=v`). */
export function claimDetails(
  method: ClaimMethod,
  options: {fail?: boolean; overrides?: Record<string, string>} = {},
): Record<string, string> {
  const base = options.fail ? FAILURE[method] : SUCCESS[method]
  const details = {...base}
  for (const [key, value] of Object.entries(options.overrides ?? {})) {
    if (!Object.hasOwn(base, key))
      throw new Error(`--detail ${key} is not a field of ${method}; its fields are ${Object.keys(base).join(', ')}`)
    details[key] = value
  }
  return details
}

/** `--detail name=value` items as an object; a malformed item is an error naming it. */
export function parseDetailFlags(items: string[] = [], flag = 'detail'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const item of items) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(item)
    if (!match) throw new Error(`--${flag} "${item}" must be NAME=VALUE, e.g. accountHolderName="Ada Lovelace"`)
    out[match[1]] = match[2]
  }
  return out
}

/** --tax-residence and --tax-identity as the claim's `taxResidence`; undefined when neither is given. */
export function taxResidenceOf(
  country: string | undefined,
  identity: string[] | undefined,
): {country: string; taxIdentity?: Record<string, string>} | undefined {
  const taxIdentity = parseDetailFlags(identity, 'tax-identity')
  if (country === undefined) {
    if (Object.keys(taxIdentity).length) throw new Error('--tax-identity needs --tax-residence')
    return undefined
  }
  return Object.keys(taxIdentity).length ? {country, taxIdentity} : {country}
}
