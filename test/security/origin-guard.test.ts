import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {buildUrl} from '../../src/client/transport.js'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

/** Credentials go to the profile's origin and nowhere else, whatever path or redirect is involved. */

let service: FakeServer
let attacker: FakeServer
let env: Record<string, string>
const KEY = 'sk_test_origin_guard_secret'

beforeAll(async () => {
  service = await new FakeServer().start()
  attacker = await new FakeServer().start()
  env = {...isolatedHome().env, PAYCTL_ORIGIN: service.origin, PAYCTL_API_KEY: KEY}
})

afterAll(async () => {
  await service.stop()
  await attacker.stop()
})

const attackerHost = () => attacker.origin.replace('http://', '')

describe('api paths', () => {
  it.each([
    ['a protocol-relative path', () => `//${attackerHost()}/steal`],
    ['a backslash path', () => `/\\${attackerHost()}/x`],
    ['an absolute URL on another origin', () => `${attacker.origin}/x`],
    ['a relative path', () => 'api/v1/team'],
  ])('%s is refused with exit 2 and nothing is sent', async (_name, target) => {
    const before = service.requests.length
    const result = await runCommand(['api', 'GET', target(), '--debug'], {env})
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toMatch(/^Error: /)
    expect(result.stderr).not.toContain(KEY)
    expect(attacker.requests).toHaveLength(0)
    expect(service.requests.length).toBe(before)
  })

  it('an absolute URL on the profile origin is sent there', async () => {
    service.next((_req, res) => json(res, 200, {ok: true}))
    const result = await runCommand(['api', 'GET', `${service.origin}/api/v1/team?x=1`], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(service.requests.at(-1)?.url).toBe('/api/v1/team?x=1')
    expect(service.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('a redirect to another origin is not followed: the credentials stay home', async () => {
    service.next((_req, res) => {
      res.writeHead(302, {location: `${attacker.origin}/collect`})
      res.end()
    })
    const result = await runCommand(['api', 'GET', '/api/v1/team'], {env})
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('REDIRECT_REFUSED')
    expect(attacker.requests).toHaveLength(0)
  })
})

describe('the transport boundary', () => {
  it.each(['//evil.example/x', '/\\evil.example/x', '/\\/evil.example', 'x', '/a\nb'])(
    'buildUrl refuses %j for every caller',
    path => {
      expect(() => buildUrl('https://api.example.com', path)).toThrow()
    },
  )

  it('keeps ordinary paths and queries below the origin', () => {
    expect(buildUrl('https://api.example.com', '/api/v1/payouts/a%2Fb', {q: '//x'})).toBe(
      'https://api.example.com/api/v1/payouts/a%2Fb?q=%2F%2Fx',
    )
  })
})
