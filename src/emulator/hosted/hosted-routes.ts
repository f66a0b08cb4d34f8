import {type SessionKind, verifySessionToken} from '../domain/session-tokens.js'
import type {Reply, RequestContext} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import {allowancePage, setAllowance} from './allowance-page.js'
import {approvalPage, approve} from './approval-page.js'
import {serviceBrand} from './branding.js'
import {claim, claimPage, residence, taxIdentity} from './claim-page.js'
import {html} from './hosted-html.js'
import {completeKyb, kybPage} from './kyb-page.js'
import {type HostedServices, type HostedState, PageContext} from './page-context.js'
import {page, STYLESHEET, STYLESHEET_PATH, seeOther} from './page-layout.js'
import {SignInCodes} from './page-security.js'
import {signIn, signInPage, signOut, verifyCode} from './sign-in-page.js'
import {createWallet, requestAccess} from './team-gate.js'

/**
 * The hosted pages behind the URLs that `POST /api/v1/session/*` mints (`/hosted/<kind>/<token>`):
 * - `GET /hosted/<kind>/<token>`: sign-in until the visitor is signed in, then the page of the kind;
 * - `POST /hosted/<kind>/<token>/<action>`: the forms (sign-in, verify, sign-out, and per kind claim,
 *   approve, kyb, allowance, wallet, request-access), each checked for its form token, each answering
 *   with a redirect back to the page (post/redirect/get) or the page with its errors;
 * - `GET /hosted/<kind>/<token>/<action>`: back to the page (303);
 * - `GET /hosted/assets/hosted.css`: the stylesheet.
 * Every request verifies the session token (signature, kind, expiry on the emulator clock) first: an
 * expired or altered link shows an error page and changes nothing. See docs/hosted-pages.md.
 */

type Handler = (ctx: PageContext) => Reply

const PAGES: Record<SessionKind, Handler> = {
  payout: ctx => claimPage(ctx),
  approval: ctx => approvalPage(ctx),
  kyb: kybPage,
  allowance: ctx => allowancePage(ctx),
}

const TEAM_ACTIONS: Record<string, Handler> = {wallet: createWallet, 'request-access': requestAccess}

const ACTIONS: Record<SessionKind, Record<string, Handler>> = {
  payout: {claim, residence, 'tax-identity': taxIdentity},
  approval: {approve, ...TEAM_ACTIONS},
  kyb: {kyb: completeKyb, ...TEAM_ACTIONS},
  allowance: {allowance: setAllowance, ...TEAM_ACTIONS},
}

const SIGN_IN_ACTIONS: Record<string, Handler> = {'sign-in': signIn, verify: verifyCode, 'sign-out': signOut}

const isKind = (kind: string): kind is SessionKind => Object.hasOwn(PAGES, kind)

function invalidLink(): Reply {
  return page({
    brand: serviceBrand(),
    title: 'This link is not valid',
    body: html`<p>Check that you opened the whole link, or ask whoever sent it for a new one.</p>`,
    status: 404,
  })
}

function handle(services: HostedServices, state: HostedState, request: RequestContext): Reply {
  const {kind, token, action} = request.params
  if (!isKind(kind)) return invalidLink()
  const verdict = verifySessionToken(token, services.store.secret(), services.clock.nowMs(), kind)
  if (!verdict.ok) {
    if (verdict.reason !== 'expired') return invalidLink()
    return page({
      brand: services.brands.brandFor(verdict.claims),
      title: 'This link has expired',
      body: html`<div class="alert error" role="alert"><p>Links to this page are valid for one hour. Ask for a new
link; nothing was changed.</p></div>`,
      status: 410,
      goBack: verdict.claims.redirectUrl,
    })
  }
  const ctx = new PageContext(services, state, kind, token, verdict.claims, request)
  if (request.method === 'GET') return ctx.user ? PAGES[kind](ctx) : signInPage(ctx)

  const handler = SIGN_IN_ACTIONS[action] ?? ACTIONS[kind][action]
  if (!handler)
    return ctx.render(
      'Page not found',
      html`<p>There is no such form. <a href="${ctx.base}">Back to the page</a></p>`,
      404,
    )
  if (!ctx.formIsGenuine())
    return ctx.render(
      'This form has expired',
      html`<div class="alert error" role="alert"><p>The form could not be checked, so nothing was changed.
<a href="${ctx.base}">Reload the page</a> and try again.</p></div>`,
      403,
    )
  if (!SIGN_IN_ACTIONS[action] && !ctx.user)
    return signInPage(ctx, [{message: 'Your sign-in expired: sign in again'}], 401)
  return handler(ctx)
}

export function hostedRoutes(services: HostedServices): Route[] {
  const state: HostedState = {codes: new SignInCodes()}
  const access = {kind: 'public'} as const
  return [
    {
      method: 'GET',
      path: STYLESHEET_PATH,
      access,
      handler: () => ({
        status: 200,
        headers: {'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300'},
        raw: STYLESHEET,
      }),
    },
    {method: 'GET', path: '/hosted/:kind/:token', access, handler: request => handle(services, state, request)},
    {
      method: 'POST',
      path: '/hosted/:kind/:token/:action',
      access,
      handler: request => handle(services, state, request),
    },
    // A form's address opened directly (a bookmark, a reload after an error page): back to the page.
    {
      method: 'GET',
      path: '/hosted/:kind/:token/:action',
      access,
      handler: ({params}) => seeOther(`/hosted/${encodeURIComponent(params.kind)}/${encodeURIComponent(params.token)}`),
    },
  ]
}
