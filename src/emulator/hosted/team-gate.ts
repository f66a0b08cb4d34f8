import {newWalletAddress} from '../domain/seed.js'
import type {Reply} from '../http/request-context.js'
import type {MemberRow, TeamRow} from '../store/row-types.js'
import {html} from './hosted-html.js'
import type {PageContext} from './page-context.js'
import {postForm} from './page-layout.js'

/**
 * Who may use the team-member pages (approval, KYB, allowance; spec 4.2): a member of the session's team
 * (others get the request-access prompt), once the team wallet exists (spec 1: the screens prompt the
 * owner to create it; only the owner can); the allowance page only for the owner.
 */

export type Gate = {ok: true; team: TeamRow; member: MemberRow} | {ok: false; reply: Reply}

export function teamGate(ctx: PageContext, options: {ownerOnly?: string} = {}): Gate {
  const team = ctx.team()
  if (!team) return {ok: false, reply: ctx.render('Team not found', html`<p>This team no longer exists.</p>`, 404)}
  const member = ctx.services.store.teams.members(team.id).find(m => m.email.toLowerCase() === ctx.user)
  if (!member) return {ok: false, reply: requestAccessPage(ctx, team)}
  if (options.ownerOnly && member.role !== 'owner')
    return {
      ok: false,
      reply: ctx.render(
        'Only the team owner can do this',
        html`<div class="alert error" role="alert"><p>${options.ownerOnly} You are signed in as
<strong>${member.email}</strong> (${member.role}); ask ${ownerOf(ctx, team)} to do it.</p></div>`,
        403,
      ),
    }
  if (!team.wallet_address) return {ok: false, reply: walletPage(ctx, team, member)}
  return {ok: true, team, member}
}

function ownerOf(ctx: PageContext, team: TeamRow): string {
  const owner = ctx.services.store.teams.members(team.id).find(m => m.role === 'owner')
  return owner ? `${owner.name} (${owner.email})` : 'the team owner'
}

function requestAccessPage(ctx: PageContext, team: TeamRow): Reply {
  return ctx.render(
    'Request access',
    html`<p>You are signed in as <strong>${ctx.user}</strong>, who is not a member of <strong>${team.name}</strong>.
Only members of the team can use this page.</p>
${postForm(
  ctx.action('request-access'),
  ctx.csrf,
  html`<div class="actions"><button type="submit" class="primary">Request access</button></div>`,
)}`,
    403,
  )
}

function walletPage(ctx: PageContext, team: TeamRow, member: MemberRow): Reply {
  if (member.role !== 'owner')
    return ctx.render(
      'The team wallet is not set up yet',
      html`<div class="alert info" role="status"><p>Payouts of ${team.name} run against the team wallet, which
${ownerOf(ctx, team)} must set up first. Ask them to open this page, then come back.</p></div>`,
      409,
    )
  return ctx.render(
    'Set up the team wallet',
    html`<p>Payouts of ${team.name} run against the team wallet, a passkey wallet held by you as the owner. Set it
up before payouts can be approved or paid. In the sandbox the passkey is simulated.</p>
${postForm(
  ctx.action('wallet'),
  ctx.csrf,
  html`<div class="actions"><button type="submit" class="primary">Create the wallet</button></div>`,
)}`,
    409,
  )
}

/** POST request-access: confirms the request (the emulator keeps no access requests; add members by seed). */
export function requestAccess(ctx: PageContext): Reply {
  const team = ctx.team()
  const member = team && ctx.services.store.teams.members(team.id).find(m => m.email.toLowerCase() === ctx.user)
  if (!team || member) return ctx.redirect()
  return ctx.render(
    'Access requested',
    html`<div class="alert ok" role="status"><p>The owners of ${team.name} were asked to add
<strong>${ctx.user}</strong> to the team.</p></div>`,
  )
}

/** POST wallet: the owner creates the team wallet. */
export function createWallet(ctx: PageContext): Reply {
  const team = ctx.team()
  const member = team && ctx.services.store.teams.members(team.id).find(m => m.email.toLowerCase() === ctx.user)
  if (!team || !member || member.role !== 'owner') {
    const gate = teamGate(ctx, {ownerOnly: 'Only the team owner can set up the team wallet.'})
    return gate.ok ? ctx.redirect() : gate.reply
  }
  if (!team.wallet_address) ctx.services.store.teams.patchTeam(team.id, {wallet_address: newWalletAddress()})
  return ctx.redirect()
}
