import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {buildUrl, urlBuilder} from '../../src/client/request-url.js'
import {fillPath} from '../../src/contract/operation-path.js'

/**
 * The transport joins a plain path to its origin without a URL parser (request-url.ts, `urlBuilder`): for every
 * path and origin it must answer what `buildUrl` answers, or refuse what it refuses, and send node:http the
 * path of that URL.
 */

const origins = [
  'http://127.0.0.1:4010',
  'https://api.example.com',
  'https://api.example.com/base/',
  'http://[::1]:8080',
]
const pathChars = fc.constantFrom(...'/abcXYZ019-._~!$&\'()*+,;=:@%2eE?#[]{}^`|\\ "<>\u0000\u007f\u00e9'.split(''))
const path = fc.oneof(
  fc.array(pathChars, {maxLength: 24}).map(chars => `/${chars.join('')}`),
  fc.array(pathChars, {maxLength: 24}).map(chars => chars.join('')),
  fc.constantFrom('/a/../b', '/a/%2E%2e/b', '/.', '/..', '//evil.example', '/\\evil', '/a//b', '/%zz', '/a/./b'),
)
const outcome = (build: () => string) => {
  try {
    return {url: build()}
  } catch (error) {
    return {refused: (error as Error).name}
  }
}

describe('urlBuilder', () => {
  it('answers what buildUrl answers for any path, and node:http the path of that URL', () => {
    fc.assert(
      fc.property(fc.constantFrom(...origins), path, (origin, p) => {
        const expected = outcome(() => buildUrl(origin, p))
        const built = outcome(() => urlBuilder(origin)(p).url)
        expect(built).toEqual(expected)
        if (!expected.url) return
        const {pathname, search, hostname, port} = new URL(expected.url)
        const {target} = urlBuilder(origin)(p)
        expect(target.path).toBe(`${pathname}${search}`)
        expect(target.hostname).toBe(hostname.replace(/^\[|\]$/g, ''))
        expect(target.port ?? '').toBe(port)
      }),
      {numRuns: 3000},
    )
  })

  it('takes any parameter value fillPath encodes, and a query through buildUrl', () => {
    fc.assert(
      fc.property(fc.constantFrom(...origins), fc.string({unit: 'binary', maxLength: 20}), (origin, id) => {
        const p = fillPath('/api/v2/payouts/{id}/approve', {id})
        expect(outcome(() => urlBuilder(origin)(p).url)).toEqual(outcome(() => buildUrl(origin, p)))
        const query = {limit: 5, status: ['a b', id]}
        expect(urlBuilder(origin)(p, query).url).toBe(buildUrl(origin, p, query))
      }),
      {numRuns: 1000},
    )
  })
})
