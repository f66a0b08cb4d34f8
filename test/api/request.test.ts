import {describe, expect, it} from 'vitest'
import {apiMethod, buildApiRequest} from '../../src/services/api/request.js'

const origin = 'http://127.0.0.1:4010'

describe('the request payctl api sends', () => {
  it('-f fields are the body of a POST, and the query of a GET (added to the query string of the path)', async () => {
    const post = await buildApiRequest({method: 'POST', path: '/api/v2/payouts', origin, 'raw-field': ['a[b]=1']})
    expect(post).toMatchObject({path: '/api/v2/payouts', query: {}, body: {a: {b: '1'}}})
    const get = await buildApiRequest({method: 'GET', path: '/api/v2/transactions?limit=5', origin, field: ['n=2']})
    expect(get).toMatchObject({path: '/api/v2/transactions', query: {limit: ['5'], n: ['2']}, body: undefined})
  })

  it('with -d the body is the JSON given and fields go to the query; headers are lower-cased names', async () => {
    const request = await buildApiRequest({
      method: 'POST',
      path: `${origin}/api/v1/payout`,
      origin,
      data: '{"x":1}',
      'raw-field': ['dry=yes'],
      header: ['X-Trace:  abc'],
    })
    expect(request).toEqual({
      method: 'POST',
      path: '/api/v1/payout',
      query: {dry: ['yes']},
      body: {x: 1},
      headers: {'x-trace': 'abc'},
    })
  })

  it('refuses what would send credentials elsewhere or cannot be sent, as usage errors', async () => {
    expect(() => apiMethod('FETCH')).toThrow('method "FETCH" must be one of GET, POST, PATCH, PUT, DELETE')
    expect(apiMethod('get')).toBe('GET')
    await expect(buildApiRequest({method: 'GET', path: 'https://evil.example/api', origin})).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("is not on the profile's origin"),
    })
    await expect(buildApiRequest({method: 'GET', path: '//evil.example/x', origin})).rejects.toThrow(/another host/)
    await expect(buildApiRequest({method: 'POST', path: '/x', origin, paginate: true})).rejects.toThrow(
      '--paginate follows GET lists only',
    )
    await expect(buildApiRequest({method: 'POST', path: '/x', origin, data: '{'})).rejects.toThrow(
      /--data is not valid JSON/,
    )
  })
})
