import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import type {Body} from './helpers.js'

/** Spec 2.1 `url`, 2.2 `availableOn` and invoice fields, 2.6 `documents`: filled where they apply, and they resolve. */
describe('links and documents the representations carry', () => {
  const ctx = useEmulator()
  const fetchPage = async (url: string) => {
    const response = await request(url, {method: 'GET'})
    return {status: response.statusCode, headers: response.headers, text: await response.body.text()}
  }

  it('v1 url is a claim link: it mints a fresh claim session and redirects to its page', async () => {
    const payout = await ctx.api.v1Create({customId: 'link-1'})
    expect(payout.url).toBe(`${ctx.api.url}/links/claim/${payout.id}`)
    const listed = (await ctx.api.get('/api/v1/payouts')).body.find((p: Body) => p.id === payout.id)
    expect(listed.url).toBe(payout.url)
    const first = await fetchPage(payout.url)
    expect(first.status).toBe(303)
    expect(first.headers.location).toMatch(/^\/hosted\/payout\/[^/]+$/)
    const second = await fetchPage(payout.url)
    expect(second.headers.location).not.toBe(first.headers.location)
    const claimPage = await fetchPage(`${ctx.api.url}${first.headers.location}`)
    expect(claimPage.status).toBe(200)
    expect(claimPage.text).toContain('<form')
    await ctx.api.delete(`/api/v1/payout/${payout.id}`)
    expect((await fetchPage(payout.url)).status).toBe(404)
    expect((await fetchPage(`${ctx.api.url}/links/claim/not-a-uuid`)).status).toBe(404)
  })

  it('a completed v2 payout has availableOn, both invoice URLs and recipientInvoiceSource self_billing; a created one none of them', async () => {
    const created = await ctx.api.v1Create({customId: 'doc-created'})
    const fresh = (await ctx.api.get(`/api/v2/payouts/payout_${created.id}`)).body
    for (const field of ['availableOn', 'senderInvoiceUrl', 'recipientInvoiceUrl', 'recipientInvoiceSource'])
      expect(fresh).not.toHaveProperty(field)

    const payout = await ctx.api.v1Create({customId: 'doc-1', preApproved: true})
    const claimed = await ctx.api.claim(`payout_${payout.id}`, 'bank-iban', {
      accountHolderName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    })
    expect(claimed.status, claimed.text).toBe(200)
    const v2 = (await ctx.api.get(`/api/v2/payouts/payout_${payout.id}`)).body
    expect(v2.status).toBe('completed')
    expect(v2.availableOn).toBe(v2.completedAt.slice(0, 10))
    expect(v2.recipientInvoiceSource).toBe('self_billing')
    expect(v2.senderInvoiceUrl).toBe(`${ctx.api.url}/documents/sender-invoice/${payout.id}`)
    expect(v2.recipientInvoiceUrl).toBe(`${ctx.api.url}/documents/self-billing-invoice/${payout.id}`)
    const invoice = await fetchPage(v2.recipientInvoiceUrl)
    expect(invoice.status).toBe(200)
    expect(invoice.headers['content-type']).toMatch(/text\/html/)
    expect(invoice.text).toContain(`SB-${v2.completedAt.slice(0, 4)}-${payout.id.slice(0, 8).toUpperCase()}`)
    expect((await fetchPage(v2.senderInvoiceUrl)).status).toBe(200)
    expect((await fetchPage(`${ctx.api.url}/documents/sender-invoice/${created.id}`)).status).toBe(404)
    expect((await fetchPage(`${ctx.api.url}/documents/receipt/${payout.id}`)).status).toBe(404)

    const transactions = (await ctx.api.get('/api/v2/transactions', {query: {payoutId: `payout_${payout.id}`}})).body
    const transfer = transactions.data.find((t: Body) => t.type === 'payout')
    expect(transfer.status).toBe('completed')
    expect(transfer.documents).toEqual([
      {
        type: 'self_billing_invoice',
        number: `SB-${v2.completedAt.slice(0, 4)}-${payout.id.slice(0, 8).toUpperCase()}`,
        url: v2.recipientInvoiceUrl,
        issuedAt: transfer.completedAt,
      },
    ])
    const deposits = (await ctx.api.get('/api/v2/transactions', {query: {type: 'deposit'}})).body.data
    for (const deposit of deposits) expect(deposit.documents).toEqual([])
  })

  it('a declined transfer has availableOn but no invoices and no documents', async () => {
    const payout = await ctx.api.v1Create({customId: 'doc-fail', preApproved: true})
    await ctx.api.claim(`payout_${payout.id}`, 'bank-iban', {
      accountHolderName: 'SANDBOX FAIL Ada',
      iban: 'DE89370400440532013000',
    })
    const v2 = (await ctx.api.get(`/api/v2/payouts/payout_${payout.id}`)).body
    expect(v2.status).toBe('failed')
    expect(v2.availableOn).toBe(v2.requestedAt.slice(0, 10))
    expect(v2).not.toHaveProperty('recipientInvoiceUrl')
    const transactions = (await ctx.api.get('/api/v2/transactions', {query: {payoutId: `payout_${payout.id}`}})).body
    for (const transaction of transactions.data) expect(transaction.documents).toEqual([])
  })
})
