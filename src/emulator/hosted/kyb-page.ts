import type {Reply} from '../http/request-context.js'
import {html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {doneLink, postForm} from './page-layout.js'
import {teamGate} from './team-gate.js'

/**
 * The KYB page (`POST /session/kyb`): a member of the team completes the business verification with one
 * click (spec 1: "KYB completes with one click" in the sandbox); `kybStatus` goes from `pending` to
 * `verified` in `GET /api/v1/team` and `GET /api/v2/team`.
 */

export const KYB_VERIFIED = 'verified'

export function kybPage(ctx: PageContext): Reply {
  const gate = teamGate(ctx)
  if (!gate.ok) return gate.reply
  const {team} = gate
  if (team.kyb_status === KYB_VERIFIED)
    return ctx.render(
      'Business verified',
      html`<div class="alert ok" role="status"><p>${team.name} is verified. Payouts can go out without limits.</p></div>
<div class="actions">${doneLink(ctx.claims.redirectUrl)}</div>`,
    )
  return ctx.render(
    'Verify your business',
    html`<dl class="summary"><dt>Business</dt><dd>${team.name}</dd><dt>Status</dt><dd id="kyb-status">${team.kyb_status}</dd></dl>
<p>A real verification asks for company documents and the people behind the business. In the sandbox it
completes with one click.</p>
${postForm(
  ctx.action('kyb'),
  ctx.csrf,
  html`<div class="actions"><button type="submit" class="primary">Complete verification</button></div>`,
)}`,
  )
}

/** POST kyb: marks the team verified. */
export function completeKyb(ctx: PageContext): Reply {
  const gate = teamGate(ctx)
  if (!gate.ok) return gate.reply
  if (gate.team.kyb_status !== KYB_VERIFIED)
    ctx.services.store.teams.patchTeam(gate.team.id, {kyb_status: KYB_VERIFIED})
  return ctx.redirect()
}
