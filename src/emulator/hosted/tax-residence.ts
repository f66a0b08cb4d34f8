import {present} from '../../shared/present.js'
import {taxIdentityProblems} from '../domain/counterparty-registry.js'
import {isEuCountry, OTHER_COUNTRY, owesTaxResidence, residenceCountry, taxIdentityOf} from '../domain/dac7-step.js'
import {COUNTRIES, countryByCode, type TaxField} from '../domain/reference-data.js'
import type {Reply} from '../http/request-context.js'
import type {PayoutRow} from '../store/row-types.js'
import {type Html, html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {errorSummary, type FieldError, field, fieldId, postForm} from './page-layout.js'

/**
 * The DAC7 step of the claim page: the rule is `domain/dac7-step.ts` (shared with the control route's claim);
 * here the recipient says where they live and, for an EU country, gives the tax identity, in two forms.
 */

const OTHER = 'other'

/** Whether the signed-in recipient still owes the DAC7 step before claiming a payout of this team. */
export function needsTaxResidence(ctx: PageContext, row: PayoutRow): boolean {
  if (!ctx.user) return false
  return owesTaxResidence(ctx.team(), ctx.services.counterparties.taxResidence(row.team_id, ctx.user))
}

export function residencePage(ctx: PageContext, summary: Html, errors: FieldError[] = [], status = 200): Reply {
  const error = errors.find(e => e.field === 'country')
  const countries = [...COUNTRIES.map(c => ({code: c.code, name: c.name})), {code: OTHER, name: 'Another country'}]
  const form = postForm(
    ctx.action('residence'),
    ctx.csrf,
    html`<fieldset${error ? html` aria-describedby="${fieldId('country')}-error"` : ''}>
  <legend id="${fieldId('country')}">Where do you live?</legend>
  <p class="hint">${ctx.team()?.name ?? 'The team'} reports its payouts under the EU's DAC7 rules: residents of the EU
  give their tax identity before they are paid.</p>
  ${error ? html`<p class="field-error" id="${fieldId('country')}-error">${error.message}</p>` : ''}
  ${countries.map(
    ({code, name}) => html`<div class="choice">
    <input type="radio" name="country" value="${code}" id="country-${code}"><label for="country-${code}">${name}</label>
  </div>`,
  )}
</fieldset>
<div class="actions"><button type="submit" class="primary">Continue</button></div>`,
  )
  return ctx.render('Your tax residence', html`${errorSummary(errors)}${summary}${form}`, status)
}

const label = (rule: TaxField) => (rule.required ? rule.description : `${rule.description} (optional)`)

function taxIdentityPage(ctx: PageContext, summary: Html, code: string, errors: FieldError[] = [], status = 200) {
  const country = present(countryByCode(code))
  const form = postForm(
    ctx.action('tax-identity'),
    ctx.csrf,
    html`<input type="hidden" name="country" value="${code}">
<fieldset>
  <legend>Your tax identity in ${country.name}</legend>
  ${country.taxFields.individual.map(rule =>
    field({name: rule.field, label: label(rule), value: ctx.form.get(rule.field) ?? '', verbatim: true, errors}),
  )}
</fieldset>
<div class="actions"><button type="submit" class="primary">Continue</button></div>`,
  )
  return ctx.render('Your tax identity', html`${errorSummary(errors)}${summary}${form}`, status)
}

/** POST residence: a non-EU country is recorded at once; an EU country asks for the tax identity next. */
export function submitResidence(ctx: PageContext, summary: Html): Reply {
  const code = ctx.value('country')
  const country = code === OTHER_COUNTRY ? undefined : residenceCountry(code)
  if (!country) return residencePage(ctx, summary, [{field: 'country', message: 'Choose the country you live in'}], 400)
  if (isEuCountry(country)) return taxIdentityPage(ctx, summary, country)
  recordResidence(ctx, country, undefined)
  return ctx.redirect()
}

/** POST tax-identity: checked against the country's rules, then recorded. */
export function submitTaxIdentity(ctx: PageContext, summary: Html): Reply {
  const code = ctx.value('country')
  if (!isEuCountry(code)) return residencePage(ctx, summary, [], 400)
  const country = present(countryByCode(code))
  const taxIdentity = taxIdentityOf(code, field => ctx.value(field))
  const errors: FieldError[] = taxIdentityProblems(taxIdentity, code, 'individual').map(problem => ({
    field: problem.field,
    message:
      problem.kind === 'missing'
        ? `Enter your ${present(problem.rule).description}`
        : problem.kind === 'format'
          ? `${present(problem.rule).description}: this does not look right for ${country.name}`
          : 'Enter a real date, like 1990-04-30',
  }))
  if (errors.length) return taxIdentityPage(ctx, summary, code, errors, 400)
  recordResidence(ctx, code, taxIdentity)
  return ctx.redirect()
}

function recordResidence(ctx: PageContext, country: string, taxIdentity: Record<string, string> | undefined) {
  ctx.services.store.transaction(() =>
    ctx.services.counterparties.recordTaxResidence(ctx.claims.teamId, present(ctx.user), country, taxIdentity),
  )
}
