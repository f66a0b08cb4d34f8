import {describe, expect, it} from 'vitest'
import type * as z from 'zod/mini'
import {claimBody} from '../../src/contract/claim-bodies.js'
import {
  advanceClockBody,
  createTeamBody,
  faultInputBody,
  oauthClientBody,
  revokeKeyBody,
  varianceBody,
  whiteLabelBody,
} from '../../src/contract/control-bodies.js'
import {checkPath, checkQuery} from '../../src/contract/operation-input.js'
import {fillPath} from '../../src/contract/operation-path.js'
import {OPERATIONS, operations} from '../../src/contract/operations.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {
  clientRegistrationBody,
  createCounterpartyBody,
  createWebhookBody,
  listPayoutsV1Query,
  patchCounterpartyBody,
  patchTeamBody,
  SESSION_BODIES,
  sandboxDepositBody,
} from '../../src/contract/requests/index.js'
import {useEmulator} from '../helpers/emulator.js'
import {counterpartyBody} from './helpers.js'

/**
 * The emulator checks every body the contract has a schema for with that schema: a body that breaks only
 * contract rules gets a 400 whose `details` are exactly the contract formatter's problems, path and wording.
 */
describe('the emulator answers contract problems with the contract schemas', () => {
  const ctx = useEmulator()
  const ESC = '\u001b'
  const redirectUrl = 'https://app.example.com/done'

  type Case = [label: string, method: string, path: string, schema: z.ZodMiniType, body: unknown]
  const cases = (payoutId: string, counterpartyId: string): Case[] => {
    const counterparty = `/api/v2/counterparties/${counterpartyId}`
    return [
      [
        'counterparty, name with ESC',
        'POST',
        '/api/v2/counterparties',
        createCounterpartyBody,
        counterpartyBody({identity: {type: 'individual', firstName: `A${ESC}`, lastName: 'B'}}),
      ],
      [
        'counterparty, bad IBAN and email',
        'POST',
        '/api/v2/counterparties',
        createCounterpartyBody,
        counterpartyBody({email: 'nope', paymentMethod: {type: 'bank_iban', iban: 'DE00', currency: 'EUR'}}),
      ],
      [
        'counterparty, lowercase currency',
        'POST',
        '/api/v2/counterparties',
        createCounterpartyBody,
        counterpartyBody({paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'eu'}}),
      ],
      [
        'counterparty, customId too long',
        'POST',
        '/api/v2/counterparties',
        createCounterpartyBody,
        counterpartyBody({customId: 'x'.repeat(256)}),
      ],
      [
        'counterparty, no identity',
        'POST',
        '/api/v2/counterparties',
        createCounterpartyBody,
        counterpartyBody({identity: undefined}),
      ],
      [
        'counterparty patch, address line with NUL',
        'PATCH',
        counterparty,
        patchCounterpartyBody,
        {address: {line1: 'a\u0000', city: 'Berlin', postalCode: '1', country: 'DE'}},
      ],
      ['counterparty patch, null identity', 'PATCH', counterparty, patchCounterpartyBody, {identity: null}],
      [
        'payout session, no UUID',
        'POST',
        '/api/v1/session/payout',
        SESSION_BODIES.payout,
        {redirectUrl, payoutId: 'x'},
      ],
      [
        'approval session, empty list',
        'POST',
        '/api/v1/session/approval',
        SESSION_BODIES.approval,
        {redirectUrl, payoutIds: []},
      ],
      [
        'approval session, bad item',
        'POST',
        '/api/v1/session/approval',
        SESSION_BODIES.approval,
        {redirectUrl, payoutIds: [payoutId, 7]},
      ],
      [
        'kyb session, ftp URL and bad hint',
        'POST',
        '/api/v1/session/kyb',
        SESSION_BODIES.kyb,
        {redirectUrl: 'ftp://x', loginHint: 'nope'},
      ],
      [
        'allowance session, unknown branding',
        'POST',
        '/api/v1/session/allowance',
        SESSION_BODIES.allowance,
        {redirectUrl, branding: 'acme'},
      ],
      [
        'webhook, bad event names',
        'POST',
        '/api/v1/webhook',
        createWebhookBody,
        {targetUrl: 'https://hooks.example.com', events: ['Payout']},
      ],
      [
        'webhook, eventType',
        'POST',
        '/api/v1/webhook',
        createWebhookBody,
        {targetUrl: 'https://hooks.example.com', eventType: 'team'},
      ],
      ['team, text flag', 'PATCH', '/api/v1/team', patchTeamBody, {dac7ReportingRequired: 'yes'}],
      [
        'deposit, too many decimals',
        'POST',
        '/api/v2/team/sandbox-deposit',
        sandboxDepositBody,
        {currency: 'EUR', amount: '1.001'},
      ],
      ['deposit, array', 'POST', '/api/v2/team/sandbox-deposit', sandboxDepositBody, []],
    ]
  }

  it('for counterparties, sessions, webhooks, the team and the sandbox deposit', async () => {
    const payout = await ctx.api.post('/api/v1/payout', {
      payoutAmount: '10.00',
      currency: 'EUR',
      email: 'ada@example.com',
      description: 'x',
    })
    const counterparty = await ctx.api.counterparty()
    for (const [label, method, path, schema, body] of cases(payout.body.id, counterparty.id)) {
      const expected = checkRequest(schema, body)
      expect(expected.ok, label).toBe(false)
      const res = await ctx.api.call(method, path, {body})
      expect(res.status, `${label}: ${res.text}`).toBe(400)
      expect(res.body.error.code, label).toBe('VALIDATION_ERROR')
      expect(res.body.error.details, label).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it('for OAuth client registration: the first problem as the RFC 7591 error', async () => {
    for (const body of [
      {redirect_uris: ['http://127.0.0.1/cb'], grant_types: ['password']},
      {redirect_uris: ['http://127.0.0.1/cb'], client_name: '  '},
      {redirect_uris: 'http://127.0.0.1/cb'},
      {redirect_uris: ['http://127.0.0.1/cb'], response_types: ['token']},
    ]) {
      const expected = checkRequest(clientRegistrationBody, body)
      if (expected.ok) throw new Error(`${JSON.stringify(body)} passes the contract`)
      const [problem] = expected.details
      const res = await ctx.api.call('POST', '/api/auth/oauth2/register', {body, key: null})
      expect(res.status, res.text).toBe(400)
      expect(res.body.error).toBe(
        problem.path.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      )
      expect(res.body.error_description).toBe(`${problem.path} ${problem.message}`)
    }
  })

  it('for the v1 list query', async () => {
    for (const query of [
      {limit: '0'},
      {offset: '-1', order_by: 'amount'},
      {order_direction: 'up', limit: '1.5'},
    ] as Record<string, string>[]) {
      const expected = checkRequest(listPayoutsV1Query, query)
      const res = await ctx.api.get('/api/v1/payouts', {query})
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.details).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it('for the fault-injection control body (unknown fields named, C1 controls refused in a message)', async () => {
    for (const body of [
      {method: 'GET', path: 'x', action: 'status', status: 500, after: 1},
      {method: 'GET', path: '/x', action: 'status', status: 500, message: 'a\u0085b'},
      {method: 'GET', path: '/x', action: 'delay'},
    ]) {
      const expected = checkRequest(faultInputBody, body)
      const res = await ctx.api.post('/_emulator/faults', body, {key: null})
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.details).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it('for the team, key-revocation, clock, white-label, variance and OAuth client control bodies', async () => {
    const cases: Array<[path: string, schema: z.ZodMiniType, body: unknown]> = [
      ['/_emulator/teams', createTeamBody, {name: 'x', scopes: ['root'], wallet: 'no', extra: 1}],
      ['/_emulator/teams', createTeamBody, {}],
      ['/_emulator/keys/revoke', revokeKeyBody, {key: 'k'.repeat(201)}],
      ['/_emulator/clock', advanceClockBody, {advanceSeconds: -1, by: 2}],
      ['/_emulator/clock', advanceClockBody, ['x']],
      ['/_emulator/teams/00000000-0000-4000-8000-000000000000/white-label', whiteLabelBody, {enabled: 'yes'}],
      ['/_emulator/variance', varianceBody, {seed: ''}],
      ['/_emulator/oauth/clients', oauthClientBody, {redirectUris: [], scopes: ['root'], x: 1}],
      ['/_emulator/oauth/clients', oauthClientBody, {redirectUris: [''], teamId: 'team'}],
    ]
    for (const [path, schema, body] of cases) {
      const expected = checkRequest(schema, body)
      const res = await ctx.api.post(path, body, {key: null})
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.details, path).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it("for every query: the details are the row's schema's, all at once", async () => {
    const payout = await ctx.api.v1Create()
    const cases: Array<[operation: keyof typeof operations, path: string, query: string]> = [
      ['getPayoutV1', `/api/v1/payout/${payout.id}`, 'id_type=uuid'],
      ['listPayoutsV2', '/api/v2/payouts', 'limit=0&status=created&status=paid&cursor='],
      ['listCounterparties', '/api/v2/counterparties', 'limit=x&cursor='],
      [
        'listTransactions',
        '/api/v2/transactions',
        'type=refund&currency=EUR&currency=eur&createdFrom=2026-01-31t00:00:00z',
      ],
    ]
    for (const [operation, path, query] of cases) {
      const expected = checkQuery(operations[operation], new URLSearchParams(query))
      expect(expected.ok, operation).toBe(false)
      const res = await ctx.api.get(`${path}?${query}`)
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.details, operation).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it("for every path parameter: the row's schema and rule refuse it, before anything is looked up", async () => {
    const rows = OPERATIONS.filter(row => row.pathParameters?.length)
    expect(rows.map(row => row.operationId)).toContain('deleteWebhook')
    const refused = ['a\u001bb', 'bidi\u202eexe', 'x'.repeat(256), '\u{1F3AC}'.repeat(256), 'not-a-uuid']
    for (const row of rows)
      for (const id of refused) {
        const query = new URLSearchParams(id === 'not-a-uuid' ? '' : 'id_type=custom_id')
        const expected = checkPath(row, {id}, checkQuery(row, query))
        if (expected.ok) continue
        const label = `${row.operationId} ${JSON.stringify(id.slice(0, 12))}`
        const res = await ctx.api.call(row.method.toUpperCase(), `${fillPath(row.path, {id})}?${query}`)
        expect(res.status, `${label}: ${res.text}`).toBe(400)
        expect(res.body.error.code, label).toBe('VALIDATION_ERROR')
        expect(res.body.error.details, label).toEqual(expected.details)
      }
    const v1 = operations.getPayoutV1
    expect(checkPath(v1, {id: 'not-a-uuid'}, checkQuery(v1, new URLSearchParams())).ok).toBe(false)
    expect(checkPath(v1, {id: 'not-a-uuid'}, checkQuery(v1, new URLSearchParams('id_type=custom_id'))).ok).toBe(true)
  })

  it('for a path parameter and the query at once; a customId of 255 characters is looked up (404)', async () => {
    const both = await ctx.api.get('/api/v1/payout/a%07b?id_type=uuid')
    expect(both.status, both.text).toBe(400)
    expect(both.body.error.details.map((detail: {path: string}) => detail.path)).toEqual(['id', 'id_type'])
    const longest = '\u{1F3AC}'.repeat(255)
    const lookedUp = await ctx.api.get(fillPath(operations.getPayoutV2.path, {id: longest}))
    expect([lookedUp.status, lookedUp.body.error.code]).toEqual([404, 'PAYOUT_NOT_FOUND'])
  })

  it('for the claim control route: method and details by claimBody, unknown fields named', async () => {
    const payout = await ctx.api.v1Create()
    for (const body of [
      {method: 'fax'},
      {method: 'paypal', details: {email: 'nope', phone: '+4915112345678'}},
      {method: 'bank-iban', details: {accountHolderName: '', iban: 'DE00'}, extra: 1},
    ]) {
      const expected = checkRequest(claimBody, body)
      const res = await ctx.api.post(`/_emulator/payouts/${payout.id}/claim`, body, {key: null})
      expect(res.status, res.text).toBe(400)
      expect(res.body.error.details).toEqual(expected.ok ? [] : expected.details)
    }
  })

  it("names the service's own refusals in the same 400 as the contract's, a batch its first item with either", async () => {
    const item = {description: 'x', amount: '1.00', currency: 'EUR', recipient: {type: 'email', email: 'a@b.example'}}
    const paths = (res: {body: {error: {details: {path: string}[]}}}) => res.body.error.details.map(d => d.path)
    const v2 = await ctx.api.post('/api/v2/payouts', {...item, description: '', currency: 'CAD'})
    expect(v2.status, v2.text).toBe(400)
    expect(paths(v2)).toEqual(['description', 'currency'])
    const v1 = await ctx.api.post('/api/v1/payout', {
      description: '',
      payoutAmount: '0.05',
      currency: 'EUR',
      verificationMethod: 'a',
      handleType: 'b',
    })
    expect(v1.status, v1.text).toBe(400)
    expect(paths(v1).sort()).toEqual(['description', 'handleType', 'payoutAmount'])
    const batch = await ctx.api.post('/api/v2/payouts/batch', {
      items: [item, {...item, currency: 'CAD'}, {...item, amount: '1,5'}],
    })
    expect(batch.status, batch.text).toBe(400)
    expect(paths(batch)).toEqual(['items.2.amount', 'items.1.currency'])
    expect(batch.body.error.index).toBe(1)
    const good = 'payout_00000000-0000-4000-8000-000000000000'
    for (const route of ['approve', 'pay', 'send-claim-link']) {
      const ids = await ctx.api.post(`/api/v2/payouts/${route}`, {ids: [good, good, '', 7]})
      expect(ids.status, ids.text).toBe(400)
      expect(paths(ids)).toEqual(['ids.2', 'ids.3'])
      expect(ids.body.error.index, route).toBe(2)
    }
  })
})
