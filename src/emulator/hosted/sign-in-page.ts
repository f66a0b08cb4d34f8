import {controlOperations} from '../../contract/control-operations.js'
import {compactPhone, EMAIL, PHONE} from '../../contract/primitives.js'
import type {Reply} from '../http/request-context.js'
import type {PayoutRow} from '../store/row-types.js'
import {html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {errorSummary, type FieldError, field, postForm} from './page-layout.js'
import {authCookieValue, CODE_LIFETIME_MS, COOKIE, clearCookie, setCookie} from './page-security.js'

/**
 * Sign-in with a one-time code (spec 4.2: "each screen authenticates the visitor"). The visitor gives an
 * e-mail address, the emulator shows the code it would have e-mailed in an "Emulator inbox" box, the visitor
 * types it. Claim pages accept only the payout's e-mail address when the payout has one; a payout to a phone number
 * signs in with that number, and its code goes by text message (the emulator's text outbox, the control table's `listTexts`,
 * never the page), so only whoever holds the phone can claim. Team pages accept anyone (membership is checked after
 * sign-in, so a non-member gets the request-access prompt).
 */

/** The claim session's payout (of the session's team), if it still exists. */
export function sessionPayout(ctx: PageContext): PayoutRow | undefined {
  return ctx.services.store.payouts.byUuid(ctx.claims.teamId, String(ctx.claims.payload.payoutId))
}

/** Who a claim must be signed in as: the payout's e-mail address or phone number, when it has one. */
export function recipientIdentity(ctx: PageContext): string | undefined {
  const row = sessionPayout(ctx)
  const contact = row ? ctx.services.payouts.contactOf(row) : undefined
  if (contact && EMAIL.test(contact)) return contact.toLowerCase()
  return contact && PHONE.test(contact) ? contact : undefined
}

/** The phone number a claim signs in with (its code goes by text message), when the payout was sent to one. */
function recipientPhone(ctx: PageContext): string | undefined {
  const identity = ctx.kind === 'payout' ? recipientIdentity(ctx) : undefined
  return identity && PHONE.test(identity) ? identity : undefined
}

/** The address the form starts with: the payout's, the `loginHint`, or the team owner (the session's creator). */
function suggestedEmail(ctx: PageContext): string {
  if (ctx.kind === 'payout') return recipientIdentity(ctx) ?? ''
  const hint = ctx.claims.payload.loginHint
  if (typeof hint === 'string') return hint
  return ctx.services.store.teams.members(ctx.claims.teamId).find(m => m.role === 'owner')?.email ?? ''
}

function purpose(ctx: PageContext): string {
  const team = ctx.team()?.name ?? 'the team'
  switch (ctx.kind) {
    case 'payout':
      return `Sign in to claim the payout ${team} sent you.`
    case 'approval':
      return `Sign in as a member of ${team} to review and approve payouts.`
    case 'kyb':
      return `Sign in as a member of ${team} to complete the business verification.`
    case 'allowance':
      return `Sign in as the owner of ${team} to set the daily spending allowance.`
  }
}

function pendingChallenge(ctx: PageContext) {
  const challenge = ctx.state.codes.get(ctx.cookies.get(COOKIE.challenge), ctx.nowMs)
  return challenge && challenge.jti === ctx.claims.jti ? challenge : undefined
}

/** The code's box: shown on the page for an e-mail address; for a phone, where the text message went. */
function inbox(challenge: {email: string; code: string}, minutes: number) {
  if (PHONE.test(challenge.email))
    return html`<div class="inbox" role="status">
  <h2>Code sent by text message</h2>
  <p>We sent a 6-digit code to <strong>${challenge.email}</strong>. The emulator sends nothing: the message is in its
  text outbox (<code>GET ${controlOperations.listTexts.path}</code>).</p>
  <p class="hint">Valid for ${minutes} minutes, once.</p>
</div>`
  return html`<div class="inbox" role="status">
  <h2>Emulator inbox</h2>
  <p>The emulator e-mails nothing. This is the code it would have sent to <strong>${challenge.email}</strong>:</p>
  <p class="code" id="sign-in-code">${challenge.code}</p>
  <p class="hint">Valid for ${minutes} minutes, once.</p>
</div>`
}

function phoneForm(ctx: PageContext, errors: FieldError[], status: number, phone: string): Reply {
  return ctx.render(
    'Sign in',
    html`${errorSummary(errors)}
<p>${purpose(ctx)} The payout was sent to a phone number: we send a one-time code to it by text message.</p>
${postForm(
  ctx.action('sign-in'),
  ctx.csrf,
  html`${field({
    name: 'phone',
    label: 'Phone number',
    type: 'tel',
    value: ctx.form.has('phone') ? ctx.value('phone') : phone,
    autocomplete: 'tel',
    inputmode: 'tel',
    verbatim: true,
    errors,
  })}
<div class="actions"><button type="submit" class="primary">Send code</button></div>`,
)}`,
    status,
  )
}

export function signInPage(ctx: PageContext, errors: FieldError[] = [], status = 200): Reply {
  const challenge = pendingChallenge(ctx)
  if (challenge) {
    const minutes = Math.round(CODE_LIFETIME_MS / 60_000)
    return ctx.render(
      'Enter your sign-in code',
      html`${errorSummary(errors)}
${inbox(challenge, minutes)}
${postForm(
  ctx.action('verify'),
  ctx.csrf,
  html`${field({
    name: 'code',
    label: 'Sign-in code',
    hint: `The 6 digits sent to ${challenge.email}`,
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    verbatim: true,
    errors,
  })}
<div class="actions"><button type="submit" class="primary">Sign in</button></div>`,
)}
${postForm(ctx.action('sign-out'), ctx.csrf, html`<button type="submit" class="link">Use another e-mail address</button>`)}`,
      status,
    )
  }
  const phone = recipientPhone(ctx)
  if (phone) return phoneForm(ctx, errors, status, phone)
  return ctx.render(
    'Sign in',
    html`${errorSummary(errors)}
<p>${purpose(ctx)} We send a one-time code to your e-mail address.</p>
${postForm(
  ctx.action('sign-in'),
  ctx.csrf,
  html`${field({
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    value: ctx.form.has('email') ? ctx.value('email') : suggestedEmail(ctx),
    autocomplete: 'email',
    inputmode: 'email',
    verbatim: true,
    errors,
  })}
<div class="actions"><button type="submit" class="primary">Send code</button></div>`,
)}`,
    status,
  )
}

/** The sign-in page again, naming what is wrong with one field. */
const refused = (ctx: PageContext, field: string, message: string, status: number) =>
  signInPage(ctx, [{field, message}], status)

/** A new code for the address or number, its challenge in a cookie (an earlier one is forgotten). */
function issueCode(ctx: PageContext, address: string) {
  ctx.state.codes.forget(ctx.cookies.get(COOKIE.challenge))
  const challenge = ctx.state.codes.issue(address, ctx.claims.jti, ctx.nowMs)
  ctx.setCookies.push(setCookie(COOKIE.challenge, challenge.id))
  return challenge
}

/** POST sign-in of a phone payout's claim: only its number, and the code goes there by text message. */
function signInByPhone(ctx: PageContext, expected: string): Reply {
  const phone = compactPhone(ctx.value('phone'))
  if (!PHONE.test(phone)) return refused(ctx, 'phone', 'Enter the phone number with + and the country code', 400)
  if (phone !== expected)
    return refused(ctx, 'phone', 'This payout was sent to another phone number: sign in with that number', 403)
  const challenge = issueCode(ctx, phone)
  ctx.services.texts.send({
    to: phone,
    code: challenge.code,
    body: `${challenge.code} is your code to claim the payout from ${ctx.team()?.name ?? 'the team'}.`,
    sentAt: new Date(ctx.nowMs).toISOString(),
  })
  return ctx.redirect()
}

/** POST sign-in: issue a code for the address (claim pages: only the payout's address or phone). */
export function signIn(ctx: PageContext): Reply {
  const phone = recipientPhone(ctx)
  if (phone) return signInByPhone(ctx, phone)
  const email = ctx.value('email').toLowerCase()
  if (!email) return refused(ctx, 'email', 'Enter your e-mail address', 400)
  if (!EMAIL.test(email)) return refused(ctx, 'email', 'Enter an e-mail address like name@example.com', 400)
  if (ctx.kind === 'payout') {
    const expected = recipientIdentity(ctx)
    if (expected && expected !== email)
      return refused(ctx, 'email', 'This payout was sent to another e-mail address: sign in with that address', 403)
  }
  issueCode(ctx, email)
  return ctx.redirect()
}

/** POST verify: the code; on success the visitor is signed in. */
export function verifyCode(ctx: PageContext): Reply {
  const code = ctx.value('code').replace(/\s+/g, '')
  const challenge = pendingChallenge(ctx)
  if (!challenge) {
    ctx.setCookies.push(clearCookie(COOKIE.challenge))
    return signInPage(ctx, [{message: 'Your sign-in code expired or was already used: ask for a new code'}], 400)
  }
  if (!code) return refused(ctx, 'code', 'Enter the 6-digit code', 400)
  if (!/^\d{6}$/.test(code)) return refused(ctx, 'code', 'The code is 6 digits', 400)
  const verdict = ctx.state.codes.verify(challenge.id, code, ctx.nowMs)
  if (verdict.ok) {
    ctx.setCookies.push(
      setCookie(COOKIE.auth, authCookieValue(verdict.email, ctx.services.store.secret(), ctx.nowMs)),
      clearCookie(COOKIE.challenge),
    )
    return ctx.redirect()
  }
  if (verdict.reason === 'wrong')
    return refused(
      ctx,
      'code',
      `That code is not correct: ${verdict.attemptsLeft} ${verdict.attemptsLeft === 1 ? 'try' : 'tries'} left`,
      400,
    )
  ctx.setCookies.push(clearCookie(COOKIE.challenge))
  ctx.cookies.delete(COOKIE.challenge)
  return signInPage(ctx, [{message: 'Too many wrong codes: ask for a new code'}], 400)
}

/** POST sign-out: forgets the sign-in and any pending code. */
export function signOut(ctx: PageContext): Reply {
  ctx.state.codes.forget(ctx.cookies.get(COOKIE.challenge))
  ctx.setCookies.push(clearCookie(COOKIE.auth), clearCookie(COOKIE.challenge))
  return ctx.redirect()
}
