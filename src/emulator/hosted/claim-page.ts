import {CLAIM_FIELDS, type ClaimMethod, isClaimMethod} from '../../contract/claim-methods.js'
import {
  isApprovable,
  isClaimable,
  isDeclined,
  isDeleted,
  isExpired,
  isInTransfer,
  isSettled,
} from '../../contract/lifecycle.js'
import {formatAmount} from '../../shared/money.js'
import {checkedClaim, claimRecord} from '../domain/claim-input.js'
import {isPaidDirectly} from '../domain/settlement.js'
import {ApiFailure} from '../http/api-failure.js'
import type {Reply} from '../http/request-context.js'
import type {PaymentMethodRecord, PayoutRow} from '../store/row-types.js'
import {type Html, html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {doneLink, errorSummary, type FieldError, type FieldOptions, field, fieldId, postForm} from './page-layout.js'
import {recipientIdentity, sessionPayout} from './sign-in-page.js'
import {needsTaxResidence, residencePage, submitResidence, submitTaxIdentity} from './tax-residence.js'

/**
 * The claim page (`POST /session/payout`): the recipient, signed in with the payout's e-mail address, picks
 * a payout method from spec section 1's list, fills its fields and claims. Validation is the emulator's own
 * (`claimRecord`, shared with the control table's `claimPayout`), and so is the money movement
 * (`Settlement.claim`): an approved payout is requested and settles at once, `completed` or, on a failure
 * trigger, declined (v1 `requested`, v2 `failed`), after which the recipient may try other details; a
 * `created` payout keeps the method and is paid when the team approves it. Choosing the method is a plain GET
 * form (`?method=`), so the page needs no script.
 */

const METHODS: Record<string, {label: string; hint: string}> = {
  'bank-iban': {label: 'Bank transfer (SEPA, IBAN)', hint: 'Euro bank accounts'},
  'bank-swift': {label: 'International bank transfer (SWIFT)', hint: 'Any bank with a BIC'},
  'bank-ach': {label: 'US bank transfer (ACH)', hint: 'US accounts, 1–3 business days'},
  'bank-wire': {label: 'US wire transfer (Fedwire)', hint: 'US accounts, same day'},
  'bank-uk': {label: 'UK bank transfer (Faster Payments)', hint: 'UK accounts with a sort code'},
  paypal: {label: 'PayPal', hint: 'Paid to your PayPal e-mail address'},
  venmo: {label: 'Venmo', hint: 'Paid to your Venmo phone number'},
  crypto: {label: 'Crypto wallet (USDC or EURC)', hint: 'An Ethereum address'},
}

/** SEPA is euro-only: a payout in another currency to an IBAN is a bank transfer by IBAN. */
const IBAN_OUTSIDE_EURO = {label: 'Bank transfer (IBAN)', hint: 'Bank accounts with an IBAN'}

/** The payout methods as the page names them for a payout in `currency`. */
export function methodsFor(currency: string): Record<string, {label: string; hint: string}> {
  return currency === 'EUR' ? METHODS : {...METHODS, 'bank-iban': IBAN_OUTSIDE_EURO}
}

type FieldSpec = Omit<FieldOptions, 'name' | 'value' | 'errors'> & {
  /** What the error says when the field is empty. */
  missing: string
  normalize?: (value: string) => string
}

const compact = (value: string) => value.replace(/\s+/g, '')
const upperCompact = (value: string) => compact(value).toUpperCase()

const FIELDS: Record<string, FieldSpec> = {
  accountHolderName: {
    label: 'Account holder name',
    missing: 'Enter the account holder name',
    autocomplete: 'name',
    hint: 'As your bank knows it',
  },
  iban: {
    label: 'IBAN',
    missing: 'Enter the IBAN',
    hint: 'For example DE89 3704 0044 0532 0130 00',
    verbatim: true,
    normalize: upperCompact,
  },
  bic: {
    label: 'BIC (SWIFT code)',
    missing: 'Enter the BIC',
    hint: '8 or 11 characters, for example DEUTDEFF',
    verbatim: true,
    normalize: upperCompact,
  },
  accountNumber: {
    label: 'Account number',
    missing: 'Enter the account number',
    verbatim: true,
    inputmode: 'numeric',
    normalize: upperCompact,
  },
  routingNumber: {
    label: 'Routing number (ABA)',
    missing: 'Enter the routing number',
    hint: '9 digits',
    verbatim: true,
    inputmode: 'numeric',
    normalize: compact,
  },
  sortCode: {
    label: 'Sort code',
    missing: 'Enter the sort code',
    hint: '6 digits, for example 12-34-56',
    verbatim: true,
    inputmode: 'numeric',
    normalize: compact,
  },
  email: {
    label: 'PayPal e-mail address',
    missing: 'Enter your PayPal e-mail address',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    verbatim: true,
  },
  phone: {
    label: 'Venmo phone number',
    missing: 'Enter your Venmo phone number',
    type: 'tel',
    autocomplete: 'tel',
    inputmode: 'tel',
    hint: 'With the country code, for example +15555550123',
    verbatim: true,
    normalize: value => value.replace(/[\s()-]/g, ''),
  },
  address: {
    label: 'Wallet address',
    missing: 'Enter the wallet address',
    hint: '0x followed by 40 hexadecimal characters',
    verbatim: true,
    normalize: compact,
  },
}

const amountOf = (row: PayoutRow) => `${row.currency} ${formatAmount(row.amount, row.currency)}`

function summary(ctx: PageContext, row: PayoutRow): Html {
  return html`<dl class="summary">
  <dt>From</dt><dd>${ctx.team()?.name ?? 'The team'}</dd>
  <dt>Amount</dt><dd id="payout-amount">${amountOf(row)}</dd>
  <dt>For</dt><dd>${row.description}</dd>
</dl>`
}

/** "PayPal, ada@example.com" or "Bank transfer (SEPA, IBAN), ending 3000": the method and where the money went. */
function destination(record: PaymentMethodRecord): string {
  const label = methodsFor(record.currency)[record.method]?.label ?? record.method
  const {details} = record
  if (details.email) return `${label}, ${details.email}`
  const target = details.iban ?? details.accountNumber ?? details.phone ?? details.address
  return target ? `${label}, ending ${target.slice(-4)}` : label
}

/** Errors of `claimRecord` (paths `method`, `details.<field>`) as messages on the page's fields. */
function fieldErrors(failure: ApiFailure): FieldError[] {
  return (failure.details ?? []).map(({path, message}) => {
    const name = path.startsWith('details.') ? path.slice('details.'.length) : path
    const spec = FIELDS[name]
    if (!spec) return {field: 'method', message: 'Choose how you want to be paid'}
    if (message === 'is required' || message === 'must not be empty') return {field: name, message: spec.missing}
    if (name === 'iban' && message === 'is not a valid IBAN')
      return {field: name, message: 'This IBAN is not valid: check it for typos (the check digits do not match)'}
    return {field: name, message: `${spec.label} ${message}`}
  })
}

function chooser(ctx: PageContext, row: PayoutRow, errors: FieldError[], selected?: string): Html {
  const error = errors.find(e => e.field === 'method')
  return html`<form method="get" action="${ctx.base}" novalidate>
<input type="hidden" name="step" value="details">
<fieldset${error ? html` aria-describedby="${fieldId('method')}-error"` : ''}>
  <legend id="${fieldId('method')}">How do you want to be paid?</legend>
  ${error ? html`<p class="field-error" id="${fieldId('method')}-error">${error.message}</p>` : ''}
  ${Object.entries(methodsFor(row.currency)).map(
    ([method, {label, hint}]) => html`<div class="choice">
    <input type="radio" name="method" value="${method}" id="method-${method}" aria-describedby="method-${method}-hint"${
      method === selected ? html` checked` : ''
    }>
    <label for="method-${method}">${label}</label> <span class="hint" id="method-${method}-hint">· ${hint}</span>
  </div>`,
  )}
</fieldset>
<div class="actions"><button type="submit" class="primary">Continue</button></div>
</form>`
}

function detailsForm(ctx: PageContext, row: PayoutRow, method: ClaimMethod, errors: FieldError[]): Html {
  const fields = CLAIM_FIELDS[method]
  return html`${postForm(
    ctx.action('claim'),
    ctx.csrf,
    html`<input type="hidden" name="method" value="${method}">
<fieldset>
  <legend>${methodsFor(row.currency)[method].label}</legend>
  ${fields.map(name => field({...FIELDS[name], name, value: ctx.form.get(name) ?? '', errors}))}
</fieldset>
<div class="actions">
  <button type="submit" class="primary">Claim ${amountOf(row)}</button>
  <a href="${ctx.base}?step=method&amp;method=${method}">Choose another method</a>
</div>`,
  )}`
}

/**
 * The method chooser or the details form: `?step=details&method=X` (the chooser's GET) shows X's fields;
 * after a refused POST the posted method's fields come back with the errors.
 */
function claimForm(
  ctx: PageContext,
  row: PayoutRow,
  errors: FieldError[],
  postedMethod?: string,
): {body: Html; status?: number} {
  const method = postedMethod ?? ctx.query.get('method') ?? ''
  if (postedMethod !== undefined || ctx.query.get('step') === 'details') {
    if (isClaimMethod(method)) return {body: html`${errorSummary(errors)}${detailsForm(ctx, row, method, errors)}`}
    if (!errors.length) errors = [{field: 'method', message: 'Choose how you want to be paid'}]
    return {body: html`${errorSummary(errors)}${chooser(ctx, row, errors)}`, status: 400}
  }
  return {body: html`${errorSummary(errors)}${chooser(ctx, row, errors, isClaimMethod(method) ? method : undefined)}`}
}

/** The page of a payout past claiming: withdrawn, expired, paid, or on its way. */
function closedPage(ctx: PageContext, row: PayoutRow, record: PaymentMethodRecord | undefined): Reply | undefined {
  if (isDeleted(row.status))
    return ctx.render(
      'This payout was withdrawn',
      html`${summary(ctx, row)}<p>The sender deleted this payout.</p>`,
      410,
    )
  if (isExpired(row.status))
    return ctx.render('This payout expired', html`${summary(ctx, row)}<p>Ask the sender to send it again.</p>`, 410)
  if (isSettled(row.status))
    return ctx.render(
      'You have been paid',
      html`<div class="alert ok" role="status"><p>${amountOf(row)} was sent to ${record ? destination(record) : 'you'}.</p></div>
${summary(ctx, row)}<div class="actions">${doneLink(ctx.claims.redirectUrl)}</div>`,
    )
  if (isInTransfer(row.status))
    return ctx.render(
      'Your payout is on its way',
      html`${summary(ctx, row)}<div class="actions">${doneLink(ctx.claims.redirectUrl)}</div>`,
    )
  return undefined
}

export function claimPage(ctx: PageContext, errors: FieldError[] = [], status = 200, method?: string): Reply {
  const row = sessionPayout(ctx)
  if (!row) return ctx.render('Payout not found', html`<p>This payout no longer exists.</p>`, 404)
  if (isPaidDirectly(row))
    return ctx.render(
      'Nothing to claim here',
      html`<p>${ctx.team()?.name ?? 'The team'} pays this payout directly to the account it holds for you; it cannot
be claimed. Ask the team if your account details need to change.</p>`,
      409,
    )
  const expected = recipientIdentity(ctx)
  if (expected && ctx.user !== expected)
    return ctx.render(
      'This payout is for someone else',
      html`<div class="alert error" role="alert"><p>You are signed in as <strong>${ctx.user}</strong>, but this payout
was sent to someone else. Sign out and sign in with the e-mail address or phone number the payout was sent to.</p></div>`,
      403,
    )
  const record: PaymentMethodRecord | undefined = row.payment_method ? JSON.parse(row.payment_method) : undefined
  const closed = closedPage(ctx, row, record)
  if (closed) return closed
  if (!isClaimable(row.status)) return ctx.render('This payout cannot be claimed', summary(ctx, row), 409)
  if (needsTaxResidence(ctx, row)) return residencePage(ctx, summary(ctx, row), [], status)
  const declined = isDeclined(row.status)
    ? html`<div class="alert error" role="alert" id="declined"><h2>The transfer was declined</h2>
<p>${row.failure_reason ?? 'The provider declined the transfer.'}${record ? ` (${destination(record)})` : ''}</p>
<p>Check the details or choose another payout method, then claim again.</p></div>`
    : ''
  if (isApprovable(row.status) && record && !ctx.query.has('step') && method === undefined)
    return ctx.render(
      'Payout claimed',
      html`<div class="alert ok" role="status"><p>You chose ${destination(record)}. You are paid as soon as
${ctx.team()?.name ?? 'the team'} approves the payout.</p></div>
${summary(ctx, row)}
<div class="actions">${doneLink(ctx.claims.redirectUrl)}<a href="${ctx.base}?step=method">Use another payout method</a></div>`,
    )
  const form = claimForm(ctx, row, errors, method)
  return ctx.render(
    isDeclined(row.status) ? 'Claim your payout again' : 'Claim your payout',
    html`${declined}${summary(ctx, row)}${form.body}`,
    form.status ?? status,
  )
}

/** POST claim: validate, then settle through the emulator's own claim logic. */
export function claim(ctx: PageContext): Reply {
  const row = claimablePayout(ctx)
  if (!row) return claimPage(ctx, [], 409)
  if (needsTaxResidence(ctx, row))
    return residencePage(ctx, summary(ctx, row), [{message: 'Tell us where you live before you claim'}], 409)
  const method = ctx.value('method')
  if (!isClaimMethod(method))
    return claimPage(ctx, [{field: 'method', message: 'Choose how you want to be paid'}], 400, method)
  const details: Record<string, string> = {}
  for (const name of CLAIM_FIELDS[method]) {
    const value = ctx.value(name)
    details[name] = FIELDS[name]?.normalize ? FIELDS[name].normalize(value) : value
  }
  let record: PaymentMethodRecord
  try {
    record = claimRecord(checkedClaim({method, details}), row.currency)
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    return claimPage(ctx, fieldErrors(error), 400, method)
  }
  try {
    ctx.services.store.transaction(() => ctx.services.settlement.claim(row, record))
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    return claimPage(ctx, [{message: error.message}], error.status, method)
  }
  return ctx.redirect()
}

/** The claimable payout of the session for its signed-in recipient, or undefined. */
function claimablePayout(ctx: PageContext): PayoutRow | undefined {
  const row = sessionPayout(ctx)
  const expected = recipientIdentity(ctx)
  if (!row || isPaidDirectly(row) || (expected && ctx.user !== expected) || !isClaimable(row.status)) return undefined
  return row
}

/** POST residence (the DAC7 step): where the recipient lives. */
export function residence(ctx: PageContext): Reply {
  const row = claimablePayout(ctx)
  return row ? submitResidence(ctx, summary(ctx, row)) : claimPage(ctx, [], 409)
}

/** POST tax-identity (the DAC7 step): an EU resident's tax identity. */
export function taxIdentity(ctx: PageContext): Reply {
  const row = claimablePayout(ctx)
  return row ? submitTaxIdentity(ctx, summary(ctx, row)) : claimPage(ctx, [], 409)
}
