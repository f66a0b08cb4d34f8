import {describe, expect, it} from 'vitest'
import {palette} from '../../src/cli/output/colors.js'
import type {Delivery} from '../../src/services/webhooks/listener.js'
import {clockTime, deliveryLine} from '../../src/cli/output/webhook-delivery-line.js'

const plain = palette(false)
const at = '2026-11-21T12:03:07.000Z'
const base: Delivery = {receivedAt: at, verified: true, body: {}, response: 200}
const id = '6f1c2d4e-0b7a-4c55-9a0e-2d3f4a5b6c7d'

describe('listen lines', () => {
  it('shows local time, status, payout id, amount with its currency decimals, answer and verdict, aligned', () => {
    const time = clockTime(at)
    expect(time).toMatch(/^\d\d:\d\d:\d\d$/)
    const lines = [
      deliveryLine({...base, status: 'completed', payoutId: id, amount: '1250.5', currency: 'EUR'}, plain),
      deliveryLine({...base, status: 'created', payoutId: id, amount: '7', currency: 'JPY'}, plain),
      deliveryLine(
        {...base, verified: false, reason: 'stale_timestamp', detail: 'the timestamp is 412 s old', response: 401},
        plain,
      ),
    ]
    lines.push(
      deliveryLine({...base, status: 'payout.failed', payoutId: `payout_${id}`, amount: '7', currency: 'EUR'}, plain),
    )
    expect(lines[0]).toBe(`${time}  completed         ${id}              1250.50 EUR  -> 200  verified`)
    expect(lines[1]).toBe(`${time}  created           ${id}                    7 JPY  -> 200  verified`)
    expect(lines[2]).toBe(
      `${time}  -                 ${'-'.padEnd(43)}                    -> 401  REJECTED stale_timestamp: the timestamp is 412 s old`,
    )
    expect(lines[3]).toBe(`${time}  payout.failed     payout_${id}          7.00 EUR  -> 200  verified`)
    expect(new Set(lines.map(line => line.indexOf('->'))).size).toBe(1)
  })

  it('marks a repeated delivery (same signature and timestamp as an earlier one)', () => {
    expect(deliveryLine({...base, status: 'created', duplicate: true}, plain)).toMatch(
      /-> 200 {2}verified {2}REPEATED \(same signature and timestamp as before\)$/,
    )
  })

  it('a valid signature on a body that is not JSON is shown as rejected, with the reason', () => {
    const line = deliveryLine({...base, reason: 'invalid_json', detail: 'the body is not JSON', response: 400}, plain)
    expect(line).toMatch(/-> 400 {2}REJECTED invalid_json: the body is not JSON$/)
  })

  it("shows the app's answer with --forward-to, or why it could not be reached", () => {
    expect(deliveryLine({...base, forward: {url: 'http://x', status: 500}}, plain)).toMatch(
      /verified {2}\(app -> 500\)$/,
    )
    expect(deliveryLine({...base, response: 502, forward: {url: 'http://x', error: 'ECONNREFUSED'}}, plain)).toMatch(
      /-> 502 {2}verified {2}\(app unreachable: ECONNREFUSED\)$/,
    )
  })
})
