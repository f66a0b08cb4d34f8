import {isDeleted} from '../../contract/lifecycle.js'
import {isUuid} from '../../contract/primitives.js'
import type {Clock} from '../domain/clock.js'
import {type DocumentKind, hasInvoices, selfBillingNumber} from '../domain/public-links.js'
import {createSessionToken} from '../domain/session-tokens.js'
import {serviceBrand} from '../hosted/branding.js'
import {html} from '../hosted/hosted-html.js'
import {page, seeOther} from '../hosted/page-layout.js'
import type {Reply} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import type {Store} from '../store/index.js'
import type {PayoutRow} from '../store/row-types.js'

/**
 * What the URLs of the API representations resolve to (`domain/public-links.ts`):
 * - `GET /links/claim/<payout uuid>` (v1 `url`): mints a fresh claim session and redirects to its page;
 * - `GET /documents/<kind>/<payout uuid>`: the sender's invoice or the self-billing invoice of a completed
 *   payout, as a small HTML page. Like the real service's document links they need no credentials: the
 *   payout's random UUID is the secret part.
 */

const KINDS: Record<DocumentKind, string> = {
  'sender-invoice': 'Invoice to the sending team',
  'self-billing-invoice': 'Self-billing invoice',
}

const isKind = (kind: string): kind is DocumentKind => Object.hasOwn(KINDS, kind)

function notFoundPage(what: string): Reply {
  return page({
    brand: serviceBrand(),
    title: `No such ${what}`,
    body: html`<p>Check that you opened the whole link.</p>`,
    status: 404,
  })
}

function invoicePage(kind: DocumentKind, row: PayoutRow): Reply {
  const number = kind === 'self-billing-invoice' ? selfBillingNumber(row) : `INV-${row.uuid.slice(0, 8).toUpperCase()}`
  return page({
    brand: serviceBrand(),
    title: `${KINDS[kind]} ${number}`,
    body: html`<dl class="invoice">
  <dt>Number</dt><dd>${number}</dd>
  <dt>Issued</dt><dd>${row.completed_at ?? ''}</dd>
  <dt>Payout</dt><dd>${row.uuid}</dd>
  <dt>Description</dt><dd>${row.description}</dd>
  <dt>Amount</dt><dd>${row.amount} ${row.currency}</dd>
</dl>`,
    status: 200,
  })
}

export function documentRoutes({clock, store}: {clock: Clock; store: Store}): Route[] {
  const access = {kind: 'public'} as const
  const payout = (uuid: string) => (isUuid(uuid) ? store.payouts.byUuidAnyTeam(uuid) : undefined)
  return [
    {
      method: 'GET',
      path: '/links/claim/:uuid',
      access,
      handler: ({origin, params}) => {
        const row = payout(params.uuid)
        if (!row || isDeleted(row.status)) return notFoundPage('payout')
        const link = `${origin}/links/claim/${row.uuid}`
        const token = createSessionToken(
          {
            kind: 'payout',
            teamId: row.team_id,
            payload: {payoutId: row.uuid},
            redirectUrl: link,
            branding: 'talentir',
            createdBy: {kind: 'api_key'},
          },
          store.secret(),
          clock.nowMs(),
        )
        return seeOther(`/hosted/payout/${token}`)
      },
    },
    {
      method: 'GET',
      path: '/documents/:kind/:uuid',
      access,
      handler: ({params}) => {
        const row = payout(params.uuid)
        if (!isKind(params.kind) || !row || !hasInvoices(row)) return notFoundPage('document')
        return invoicePage(params.kind, row)
      },
    },
  ]
}
