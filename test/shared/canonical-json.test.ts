import {describe, expect, it} from 'vitest'
import {toolCallKey} from '../../src/mcp/tool-call-key.js'
import {canonicalJson} from '../../src/shared/canonical-json.js'

describe('canonical JSON, the one', () => {
  it('prints values JSON reads alike the same way: keys sorted, undefined fields left out, undefined items null', () => {
    expect(canonicalJson({b: 1, a: {d: [2, undefined], c: undefined}})).toBe('{"a":{"d":[2,null]},"b":1}')
    expect(canonicalJson({a: 1, gone: undefined})).toBe(
      canonicalJson(JSON.parse(JSON.stringify({gone: undefined, a: 1}))),
    )
    expect(canonicalJson(undefined)).toBe('null')
  })

  it('gives an MCP tool call the same key whatever the arguments order or their undefined ones', () => {
    expect(toolCallKey('payouts_create', {amount: '1.00', currency: 'EUR', note: undefined} as never, 's1')).toBe(
      toolCallKey('payouts_create', {currency: 'EUR', amount: '1.00'}, 's1'),
    )
  })

  it('scopes it to the MCP session, unless the client gave its own idempotency-key', () => {
    const call = {currency: 'EUR', amount: '1.00'}
    expect(toolCallKey('payouts_create', call, 's1')).not.toBe(toolCallKey('payouts_create', call, 's2'))
    const keyed = {...call, 'idempotency-key': 'invoice-7'}
    expect(toolCallKey('payouts_create', keyed, 's1')).toBe(toolCallKey('payouts_create', keyed, 's2'))
  })
})
