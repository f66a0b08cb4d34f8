import {randomBytes, randomInt} from 'node:crypto'
import type {IncomingHttpHeaders} from 'node:http'
import {EMAIL} from '../../contract/primitives.js'
import {present} from '../../shared/present.js'
import type {Clock} from '../domain/clock.js'
import {createTeam} from '../domain/seed.js'
import {header, type Reply} from '../http/request-context.js'
import type {Store} from '../store/index.js'
import {
  type AuthorizationRequest,
  issuerFor,
  responseLocation,
  validateAuthorizationRequest,
} from './authorization-request.js'
import type {Grants} from './grants.js'
import {errorPage, redirect} from './oauth-html.js'
import {codePage, consentPage, createTeamPage, emailPage, finishedPage, switchPage, teamPage} from './oauth-pages.js'
import type {InteractionRow, OAuthStore} from './oauth-store.js'

/**
 * The browser side of `authorize`: a validated request becomes an interaction (a row keyed by a random id,
 * bound to the browser's cookie), which moves through sign-in (e-mail, then a one-time code that the
 * emulator shows on the page), the team choice and consent, then redirects to the client with a code.
 * Each step is a GET of `/api/auth/oauth2/interaction/{id}` (rendered from the row) and a POST of its form
 * (post/redirect/get). With auto-consent, a `login_hint` of a team member skips the pages altogether.
 */

export const INTERACTION_PATH = '/api/auth/oauth2/interaction'
const COOKIE = 'payctl_emu_oauth'
const INTERACTION_LIFETIME_MS = 30 * 60_000
const SIGNIN_CODE_LIFETIME_MS = 10 * 60_000
const MAX_CODE_ATTEMPTS = 5

const newId = () => randomBytes(24).toString('base64url')

function cookieValue(headers: IncomingHttpHeaders): string | undefined {
  for (const part of (header(headers, 'cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === COOKIE && /^[A-Za-z0-9_-]{32}$/.test(value.join('='))) return value.join('=')
  }
  return undefined
}

const setCookie = (id: string) => `${COOKIE}=${id}; Path=/api/auth; HttpOnly; SameSite=Lax`

/** One submitted form of an interaction. */
interface Step {
  id: string
  headers: IncomingHttpHeaders
  row: InteractionRow
  request: AuthorizationRequest
  form: URLSearchParams
  now: number
  origin: string
}

/** Post/redirect/get: back to the page of the current step. */
const again = (id: string) => redirect(`${INTERACTION_PATH}/${id}`)

export class AuthorizationFlow {
  constructor(
    private readonly apiStore: Store,
    private readonly clock: Clock,
    private readonly store: OAuthStore,
    private readonly grants: Grants,
    private readonly autoConsent: boolean,
  ) {}

  private now = () => this.clock.nowMs()

  /** `GET /api/auth/oauth2/authorize`. */
  authorize(query: URLSearchParams, headers: IncomingHttpHeaders, origin: string): Reply {
    const outcome = validateAuthorizationRequest(this.store, query, origin)
    if (outcome.kind === 'page-error') return errorPage(outcome.message)
    if (outcome.kind === 'redirect-error') return redirect(outcome.location)
    const {request} = outcome
    if (this.autoConsent && request.loginHint) {
      const teams = this.store.memberTeams(request.loginHint)
      if (teams.length) {
        const team = teams.find(t => t.team_id === request.teamHint) ?? teams[0]
        return redirect(this.grants.issueCode(request, request.loginHint, team.team_id, origin))
      }
    }
    let browserId = cookieValue(headers)
    const fresh = !browserId
    browserId ??= newId()
    const browser = this.store.browser(browserId, this.now())
    const id = newId()
    this.store.transaction(() => {
      this.store.interactions.insert({
        id,
        browser_id: browserId,
        request: JSON.stringify(request),
        expires_at: this.now() + INTERACTION_LIFETIME_MS,
      })
      const hint = request.loginHint
      if (browser.email && (!hint || hint === browser.email)) this.signedIn(id, browser.email)
      else if (!browser.email && hint) this.startSignIn(id, hint)
    })
    return redirect(`${INTERACTION_PATH}/${id}`, fresh ? {'set-cookie': setCookie(browserId)} : {})
  }

  /** `GET /api/auth/oauth2/interaction/{id}`: the page of the current step. */
  show(id: string, headers: IncomingHttpHeaders, error?: string): Reply {
    const found = this.load(id, headers)
    if ('status' in found) return found
    const {row, request} = found
    const ctx = {action: `${INTERACTION_PATH}/${id}`, clientName: request.clientName, error}
    if (!row.email) {
      if (row.signin_email && row.signin_code) return codePage({...ctx, email: row.signin_email, code: row.signin_code})
      const signedIn = this.store.browser(row.browser_id, this.now()).email
      if (signedIn && request.loginHint && signedIn !== request.loginHint)
        return switchPage({...ctx, signedIn, hint: request.loginHint})
      return emailPage({...ctx, email: request.loginHint})
    }
    const teams = this.store.memberTeams(row.email)
    if (!row.team_id) {
      if (!teams.length) return createTeamPage({...ctx, email: row.email, teamName: request.teamName})
      return teamPage({
        ...ctx,
        email: row.email,
        teams: teams.map(t => ({id: t.team_id, name: t.name, role: t.role})),
        selected: teams.some(t => t.team_id === request.teamHint) ? request.teamHint : undefined,
      })
    }
    const team = this.apiStore.teams.team(row.team_id)
    return consentPage({
      ...ctx,
      email: row.email,
      team: {id: row.team_id, name: team?.name ?? row.team_id},
      scopes: request.scope,
      resource: request.resource,
      canChangeTeam: teams.length > 1,
    })
  }

  /** `POST /api/auth/oauth2/interaction/{id}`: one form of the flow. */
  submit(id: string, headers: IncomingHttpHeaders, rawBody: string, origin: string): Reply {
    const found = this.load(id, headers)
    if ('status' in found) return found
    const {row, request} = found
    const contentType = header(headers, 'content-type') ?? ''
    if (!contentType.startsWith('application/x-www-form-urlencoded'))
      return errorPage('The form must be sent as application/x-www-form-urlencoded.')
    const form = new URLSearchParams(rawBody)
    const step: Step = {id, headers, row, request, form, now: this.now(), origin}
    switch (form.get('action')) {
      case 'email':
        return this.submitEmail(step)
      case 'code':
        return this.submitCode(step)
      case 'restart':
        this.store.interactions.patch(id, {signin_email: null, signin_code: null, signin_expires_at: null, email: null})
        return again(id)
      case 'switch':
        if (request.loginHint) this.startSignIn(id, request.loginHint)
        return again(id)
      case 'continue': {
        const signedIn = this.store.browser(row.browser_id, step.now).email
        if (signedIn) this.signedIn(id, signedIn)
        return again(id)
      }
      case 'team':
        return this.submitTeam(step)
      case 'create-team':
        return this.submitCreateTeam(step)
      case 'change-team':
        this.store.interactions.patch(id, {team_id: null})
        return again(id)
      case 'allow':
        return this.submitAllow(step)
      case 'deny':
        this.store.interactions.patch(id, {completed_at: step.now})
        return redirect(
          responseLocation(request.redirectUri, {
            error: 'access_denied',
            error_description: 'the user denied the request',
            state: request.state,
            iss: issuerFor(origin),
          }),
        )
      default:
        return this.show(id, headers, 'Unknown action.')
    }
  }

  private submitEmail({id, request, form}: Step): Reply {
    const email = form.get('email')?.trim().toLowerCase() ?? ''
    if (!EMAIL.test(email))
      return emailPage({
        action: `${INTERACTION_PATH}/${id}`,
        clientName: request.clientName,
        email,
        error: 'Enter an e-mail address like name@example.com.',
      })
    this.startSignIn(id, email)
    return again(id)
  }

  private submitCode({id, headers, row, form, now}: Step): Reply {
    if (!row.signin_email || !row.signin_code) return again(id)
    if ((row.signin_expires_at ?? 0) <= now) {
      this.startSignIn(id, row.signin_email)
      return this.show(id, headers, 'That code expired. A new code was sent.')
    }
    if ((form.get('code') ?? '').trim() !== row.signin_code) return this.wrongCode(id, headers, row)
    this.store.transaction(() => {
      this.store.setBrowserEmail(row.browser_id, row.signin_email)
      this.signedIn(id, present(row.signin_email))
    })
    return again(id)
  }

  /** Counts a wrong code; too many of them send a new one. */
  private wrongCode(id: string, headers: IncomingHttpHeaders, row: InteractionRow): Reply {
    const attempts = row.signin_attempts + 1
    if (attempts >= MAX_CODE_ATTEMPTS) {
      this.startSignIn(id, present(row.signin_email))
      return this.show(id, headers, 'Too many wrong codes. A new code was sent.')
    }
    this.store.interactions.patch(id, {signin_attempts: attempts})
    return this.show(id, headers, 'That code is not right. Check it and try again.')
  }

  private submitTeam({id, headers, row, form}: Step): Reply {
    const teamId = form.get('team_id') ?? ''
    if (!row.email) return again(id)
    if (!this.store.memberTeams(row.email).some(t => t.team_id === teamId))
      return this.show(id, headers, 'Choose one of your teams.')
    this.store.interactions.patch(id, {team_id: teamId})
    return again(id)
  }

  private submitCreateTeam({id, headers, row, form}: Step): Reply {
    const name = form.get('team_name')?.trim() ?? ''
    if (!row.email || this.store.memberTeams(row.email).length) return again(id)
    if (!name || name.length > 200) return this.show(id, headers, 'Enter a team name (1 to 200 characters).')
    const {teamId} = createTeam(this.apiStore, this.clock, {
      name,
      owner: {email: row.email, name: row.email.split('@')[0]},
      wallet: false,
    })
    this.store.interactions.patch(id, {team_id: teamId})
    return again(id)
  }

  private submitAllow({id, headers, row, request, now, origin}: Step): Reply {
    if (!row.email || !row.team_id) return again(id)
    if (!this.store.memberTeams(row.email).some(t => t.team_id === row.team_id)) {
      this.store.interactions.patch(id, {team_id: null})
      return this.show(id, headers, 'You are no longer a member of that team. Choose another.')
    }
    this.store.interactions.patch(id, {completed_at: now})
    return redirect(this.grants.issueCode(request, row.email, row.team_id, origin))
  }

  /** The interaction, if this browser may continue it; else the error page to answer. */
  private load(id: string, headers: IncomingHttpHeaders): {row: InteractionRow; request: AuthorizationRequest} | Reply {
    const row = this.store.interactions.get(id)
    if (!row) return errorPage('This sign-in request is unknown. Start again from the application.', 404)
    if (cookieValue(headers) !== row.browser_id)
      return errorPage(
        'This sign-in request was started in another browser, or the browser does not keep cookies. Start again from the application.',
        403,
      )
    if (row.completed_at !== null) return finishedPage()
    if (row.expires_at <= this.now())
      return errorPage('This sign-in request expired. Start again from the application.', 410)
    return {row, request: JSON.parse(row.request) as AuthorizationRequest}
  }

  /** Sends (shows) a fresh one-time code for `email`. */
  private startSignIn(id: string, email: string): void {
    this.store.interactions.patch(id, {
      email: null,
      team_id: null,
      signin_email: email,
      signin_code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      signin_expires_at: this.now() + SIGNIN_CODE_LIFETIME_MS,
      signin_attempts: 0,
    })
  }

  /** The account is known; a member of a single team needs no team choice. */
  private signedIn(id: string, email: string): void {
    const teams = this.store.memberTeams(email)
    this.store.interactions.patch(id, {
      email,
      signin_email: null,
      signin_code: null,
      signin_expires_at: null,
      signin_attempts: 0,
      team_id: teams.length === 1 ? teams[0].team_id : null,
    })
  }
}
