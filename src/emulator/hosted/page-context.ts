import type {Clock} from '../domain/clock.js'
import type {CounterpartyRegistry} from '../domain/counterparty-registry.js'
import type {PayoutService} from '../domain/payout-service.js'
import type {SessionClaims, SessionKind} from '../domain/session-tokens.js'
import type {Settlement} from '../domain/settlement.js'
import type {TextOutbox} from '../domain/text-outbox.js'
import {header, type Reply, type RequestContext} from '../http/request-context.js'
import type {Store} from '../store/index.js'
import type {TeamRow} from '../store/row-types.js'
import type {Brand, Brands} from './branding.js'
import type {Html} from './hosted-html.js'
import {page, seeOther} from './page-layout.js'
import {
  browserId,
  COOKIE,
  csrfToken,
  formIsGenuine,
  parseCookies,
  type SignInCodes,
  setCookie,
  signedInEmail,
} from './page-security.js'

/** What the hosted pages use of the emulator. */
export interface HostedServices {
  store: Store
  /** Where a phone recipient's sign-in code goes. */
  texts: TextOutbox
  clock: Clock
  payouts: PayoutService
  settlement: Settlement
  counterparties: CounterpartyRegistry
  brands: Brands
}

/** Per-emulator state of the hosted pages (kept by the routes' closure). */
export interface HostedState {
  codes: SignInCodes
}

/**
 * One request to a hosted page whose session token verified: the claims, the brand, the visitor (browser
 * id, signed-in e-mail), the form token, and helpers to answer with a page or a redirect.
 */
export class PageContext {
  readonly brand: Brand
  readonly base: string
  readonly cookies: Map<string, string>
  readonly browser: string
  readonly csrf: string
  /** Cookies to set on the answer. */
  readonly setCookies: string[] = []
  user: string | undefined

  constructor(
    readonly services: HostedServices,
    readonly state: HostedState,
    readonly kind: SessionKind,
    readonly token: string,
    readonly claims: SessionClaims,
    readonly request: RequestContext,
  ) {
    this.brand = services.brands.brandFor(claims)
    this.base = `/hosted/${kind}/${token}`
    this.cookies = parseCookies(request.headers)
    const browser = browserId(this.cookies)
    this.browser = browser.id
    if (browser.isNew) this.setCookies.push(setCookie(COOKIE.browser, browser.id))
    this.csrf = csrfToken(services.store.secret(), this.browser, claims.jti)
    this.user = signedInEmail(this.cookies, services.store.secret(), services.clock.nowMs())
  }

  get nowMs(): number {
    return this.services.clock.nowMs()
  }

  get form(): URLSearchParams {
    return this.request.form ?? new URLSearchParams()
  }

  get query(): URLSearchParams {
    return this.request.query
  }

  /** A trimmed form value ('' when absent). */
  value(name: string): string {
    return (this.form.get(name) ?? '').trim()
  }

  action(name: string): string {
    return `${this.base}/${name}`
  }

  /** Whether this POST came from our own form in this browser. */
  formIsGenuine(): boolean {
    return formIsGenuine({
      secret: this.services.store.secret(),
      cookies: this.cookies,
      form: this.request.form,
      jti: this.claims.jti,
      originHeader: header(this.request.headers, 'origin'),
      origin: this.request.origin,
    })
  }

  team(): TeamRow | undefined {
    return this.services.store.teams.team(this.claims.teamId)
  }

  render(title: string, body: Html, status = 200): Reply {
    return page({
      brand: this.brand,
      title,
      body,
      status,
      goBack: this.claims.redirectUrl,
      account: this.user ? {email: this.user, action: this.action('sign-out'), csrf: this.csrf} : undefined,
      cookies: this.setCookies,
    })
  }

  /** Back to the page (after a POST), with an optional query such as `?approved=3`. */
  redirect(query = ''): Reply {
    return seeOther(`${this.base}${query}`, this.setCookies)
  }
}
