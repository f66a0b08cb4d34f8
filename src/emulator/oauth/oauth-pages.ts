import type {Reply} from '../http/request-context.js'
import {html, page, type Raw} from './oauth-html.js'
import {SCOPE_TEXT} from './oauth-scopes.js'

/** The pages of the authorization flow: e-mail, one-time code, account switch, team, consent. */

export interface PageContext {
  /** The interaction URL the forms post to. */
  action: string
  clientName: string
  error?: string
}

const errorBlock = (error?: string) =>
  error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : html``

const form = (ctx: PageContext, body: Raw) => html`<form method="post" action="${ctx.action}">${body}</form>`

const button = (action: string, label: string, secondary = false) =>
  html`<button type="submit" name="action" value="${action}"${secondary ? html` class="secondary"` : html``}>${label}</button>`

const status = (ctx: PageContext) => (ctx.error ? 400 : 200)

export function emailPage(ctx: PageContext & {email?: string}): Reply {
  const invalid = ctx.error ? html` aria-invalid="true" aria-describedby="form-error"` : html``
  return page(
    'Sign in',
    html`<p><strong>${ctx.clientName}</strong> asks to access the Payout Service for you. Sign in with your e-mail address; a one-time code will be shown next.</p>
${errorBlock(ctx.error)}
${form(
  ctx,
  html`<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${ctx.email ?? ''}"${invalid}>
${button('email', 'Send code')}`,
)}`,
    {status: status(ctx)},
  )
}

export function codePage(ctx: PageContext & {email: string; code: string}): Reply {
  const invalid = ctx.error ? html` aria-invalid="true" aria-describedby="form-error"` : html``
  return page(
    'Enter your sign-in code',
    html`<p>A one-time code was sent to <strong>${ctx.email}</strong>.</p>
<div class="note" role="status"><p>Emulator: nothing is e-mailed. The code for ${ctx.email} is
<output id="signin-code" class="code">${ctx.code}</output></p></div>
${errorBlock(ctx.error)}
${form(
  ctx,
  html`<label for="code">One-time code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${invalid}>
${button('code', 'Sign in')}${button('restart', 'Use another e-mail', true)}`,
)}`,
    {status: status(ctx)},
  )
}

export function switchPage(ctx: PageContext & {signedIn: string; hint: string}): Reply {
  return page(
    'Switch account?',
    html`<p>You are signed in as <strong>${ctx.signedIn}</strong>. <strong>${ctx.clientName}</strong> asked to sign in as <strong>${ctx.hint}</strong>.</p>
${form(ctx, html`${button('switch', `Sign in as ${ctx.hint}`)}${button('continue', `Continue as ${ctx.signedIn}`, true)}`)}`,
  )
}

export function teamPage(
  ctx: PageContext & {email: string; teams: Array<{id: string; name: string; role: string}>; selected?: string},
): Reply {
  const selected = ctx.selected ?? ctx.teams[0]?.id
  return page(
    'Choose a team',
    html`<p>Signed in as <strong>${ctx.email}</strong>. Which team should <strong>${ctx.clientName}</strong> act for?</p>
${errorBlock(ctx.error)}
${form(
  ctx,
  html`<fieldset><legend>Team</legend>
${ctx.teams.map(
  (team, i) =>
    html`<div class="choice"><input type="radio" id="team-${i}" name="team_id" value="${team.id}"${team.id === selected ? html` checked` : html``} required>
<label for="team-${i}">${team.name} <span class="muted">(${team.role}, ${team.id})</span></label></div>`,
)}
</fieldset>
${button('team', 'Continue')}`,
)}`,
    {status: status(ctx)},
  )
}

export function createTeamPage(ctx: PageContext & {email: string; teamName?: string}): Reply {
  return page(
    'Create your team',
    html`<p><strong>${ctx.email}</strong> is not a member of any team yet. Create one to continue; you will be its owner.</p>
${errorBlock(ctx.error)}
${form(
  ctx,
  html`<label for="team-name">Team name</label>
<input id="team-name" name="team_name" type="text" autocomplete="organization" required maxlength="200" autofocus value="${ctx.teamName ?? ''}">
${button('create-team', 'Create team')}`,
)}`,
    {status: status(ctx)},
  )
}

export function consentPage(
  ctx: PageContext & {
    email: string
    team: {id: string; name: string}
    scopes: string[]
    resource: string
    canChangeTeam: boolean
  },
): Reply {
  return page(
    `Authorize ${ctx.clientName}`,
    html`<p><strong>${ctx.clientName}</strong> wants to act for the team <strong>${ctx.team.name}</strong> (${ctx.team.id}) as <strong>${ctx.email}</strong>, on the API ${ctx.resource}. It will be able to:</p>
<ul>${ctx.scopes.map(scope => html`<li>${SCOPE_TEXT[scope] ?? scope} <span class="muted">(${scope})</span></li>`)}</ul>
${form(
  ctx,
  html`${button('allow', 'Allow')}${button('deny', 'Deny', true)}${ctx.canChangeTeam ? button('change-team', 'Choose another team', true) : html``}`,
)}`,
  )
}

export const finishedPage = () =>
  page(
    'Already finished',
    html`<p>This authorization request was already answered. Return to the application, or start again from it.</p>`,
    {status: 410},
  )
