import Big from 'big.js'
import {amountProblem, formatAmount} from '../../shared/money.js'
import {nextMidnightUtc} from '../allowance.js'
import type {Reply} from '../http.js'
import type {AccountRow} from '../store/types.js'
import type {PageContext} from './context.js'
import {html} from './html.js'
import {doneLink, errorSummary, type FieldError, field, fieldId, postForm} from './layout.js'
import {teamGate} from './team-gate.js'

/**
 * The allowance page (`POST /session/allowance`): the team owner sets the daily spending allowance of an
 * account, which `GET /api/v1/team` shows as `balances[].allowance` (`limit`, `used`, `remaining`,
 * `nextResetAt`) and `GET /api/v2/accounts` as `allowance` (`limit`, `used`, `resetsAt`). Other members see
 * that only the owner can. The allowance resets at midnight UTC of the emulator clock and caps automated
 * approvals and payments (src/emulator/allowance.ts).
 */

const OWNER_ONLY = 'Only the team owner can set the daily spending allowance.'

export {nextMidnightUtc} from '../allowance.js'

const limitOf = (account: AccountRow) =>
  account.allowance_limit ? `${account.currency} ${formatAmount(account.allowance_limit, account.currency)}` : 'None'

export function allowancePage(ctx: PageContext, errors: FieldError[] = [], status = 200): Reply {
  const gate = teamGate(ctx, {ownerOnly: OWNER_ONLY})
  if (!gate.ok) return gate.reply
  const accounts = ctx.app.store.teams.accounts(gate.team.id)
  const saved = ctx.query.get('saved')
  const savedAccount = accounts.find(account => account.currency === saved)
  const selected = ctx.form.get('currency') ?? saved ?? accounts[0]?.currency
  const currencyError = errors.find(e => e.field === 'currency')
  return ctx.render(
    'Daily spending allowance',
    html`${errorSummary(errors)}
${
  savedAccount && !errors.length
    ? html`<div class="alert ok" role="status"><p>The daily limit for ${savedAccount.currency} is now ${limitOf(savedAccount)}.</p></div>`
    : ''
}
<p>Cap what automated payouts of ${gate.team.name} may spend per day and currency. The limit resets every day at
midnight UTC.</p>
<table>
<caption>Accounts</caption>
<thead><tr><th scope="col">Currency</th><th scope="col" class="num">Balance</th><th scope="col" class="num">Daily limit</th><th scope="col" class="num">Used today</th></tr></thead>
<tbody>${accounts.map(
      account => html`<tr><td>${account.currency}</td><td class="num">${formatAmount(account.total, account.currency)}</td>
<td class="num" data-limit="${account.currency}">${limitOf(account)}</td><td class="num">${formatAmount(account.allowance_used, account.currency)}</td></tr>`,
    )}</tbody>
</table>
${postForm(
  ctx.action('allowance'),
  ctx.csrf,
  html`<div class="field${currencyError ? ' has-error' : ''}">
  <label for="${fieldId('currency')}">Currency</label>
  ${currencyError ? html`<p class="field-error" id="${fieldId('currency')}-error">${currencyError.message}</p>` : ''}
  <select id="${fieldId('currency')}" name="currency"${currencyError ? html` aria-invalid="true" aria-describedby="${fieldId('currency')}-error"` : ''}>
    ${accounts.map(
      account =>
        html`<option value="${account.currency}"${account.currency === selected ? html` selected` : ''}>${account.currency}</option>`,
    )}
  </select>
</div>
${field({
  name: 'limit',
  label: 'Daily limit',
  hint: 'An amount such as 500.00',
  inputmode: 'decimal',
  verbatim: true,
  value: ctx.form.get('limit') ?? '',
  errors,
})}
<div class="actions"><button type="submit" class="primary">Save allowance</button>${doneLink(ctx.claims.redirectUrl, false)}</div>`,
)}`,
    status,
  )
}

/** POST allowance: the owner sets one account's daily limit. */
export function setAllowance(ctx: PageContext): Reply {
  const gate = teamGate(ctx, {ownerOnly: OWNER_ONLY})
  if (!gate.ok) return gate.reply
  const currency = ctx.value('currency')
  const account = ctx.app.store.teams.account(gate.team.id, currency)
  const limit = ctx.value('limit')
  const errors: FieldError[] = []
  if (!account) errors.push({field: 'currency', message: 'Choose one of the team’s currencies'})
  if (!limit) errors.push({field: 'limit', message: 'Enter a daily limit'})
  else {
    const problem = amountProblem(limit, account ? currency : undefined)
    if (problem) errors.push({field: 'limit', message: `Enter the limit as an amount like 500.00 (${problem})`})
  }
  if (errors.length || !account) return allowancePage(ctx, errors, 400)
  ctx.app.store.teams.setAllowance(gate.team.id, currency, new Big(limit).toFixed(), nextMidnightUtc(ctx.nowMs))
  return ctx.redirect(`?saved=${encodeURIComponent(currency)}`)
}
