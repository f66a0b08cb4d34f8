import {createHash} from 'node:crypto'
import {request} from 'undici'
import {afterEach, describe, expect, it} from 'vitest'
import {teamIdFromToken} from '../../src/services/auth/jwt-claims.js'
import {LoopbackReceiver} from '../../src/services/auth/loopback.js'
import {createPkce, createState} from '../../src/services/auth/pkce.js'
import {rawGet} from '../helpers/raw-request.js'

const get = async (url: string) => {
  const res = await request(url)
  return {status: res.statusCode, text: await res.body.text()}
}

describe('PKCE', () => {
  it('makes an S256 challenge that is the base64url SHA-256 of a 43-character verifier', () => {
    const pkce = createPkce()
    expect(pkce.method).toBe('S256')
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(pkce.challenge).toBe(createHash('sha256').update(pkce.verifier).digest('base64url'))
    expect(createPkce().verifier).not.toBe(pkce.verifier)
    expect(createState()).not.toBe(createState())
  })
})

describe('LoopbackReceiver', () => {
  let receiver: LoopbackReceiver | undefined
  afterEach(async () => receiver?.close())

  it('listens on 127.0.0.1 only and resolves with the callback carrying the right state', async () => {
    receiver = new LoopbackReceiver({state: 's-123'})
    const redirect = await receiver.listen(0)
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const waiting = receiver.wait(5_000)
    expect((await get(redirect.replace('/callback', '/favicon.ico'))).status).toBe(404)
    for (const target of ['//%00', '//callback', 'http://127.0.0.1/callback'])
      expect((await rawGet(redirect.replace('/callback', ''), target)).status, target).toBe(404)
    const ok = await get(`${redirect}?code=good&state=s-123`)
    expect(ok.status).toBe(200)
    await expect(waiting).resolves.toEqual({code: 'good', state: 's-123'})
  })

  it('ignores callbacks with another state (forged or stale), says so once, and waits for its own', async () => {
    const ignored: string[] = []
    receiver = new LoopbackReceiver({state: 's-123', onIgnored: message => ignored.push(message)})
    const redirect = await receiver.listen(0)
    const waiting = receiver.wait(5_000)
    for (const forged of ['?code=evil&state=other', '?code=evil', '?error=access_denied&state=other']) {
      const wrong = await get(`${redirect}${forged}`)
      expect(wrong.status, forged).toBe(400)
      expect(wrong.text).toContain('state mismatch')
    }
    expect(ignored).toEqual([expect.stringContaining('state mismatch')])
    expect((await get(`${redirect}?code=good&state=s-123`)).status).toBe(200)
    await expect(waiting).resolves.toEqual({code: 'good', state: 's-123'})
  })

  it('still ends at its ceiling when only forged callbacks come', async () => {
    receiver = new LoopbackReceiver({state: 's-123'})
    const redirect = await receiver.listen(0)
    const waiting = expect(receiver.wait(300)).rejects.toThrow('no callback within')
    await get(`${redirect}?code=evil&state=other`)
    await waiting
  })

  it('refuses a response from another issuer (RFC 9207 mix-up), and accepts one without iss', async () => {
    receiver = new LoopbackReceiver({state: 's-1', issuer: 'http://127.0.0.1:4010/api/auth'})
    const redirect = await receiver.listen(0)
    const waiting = expect(receiver.wait(5_000)).rejects.toThrow('issuer mismatch')
    const page = await get(`${redirect}?code=c&state=s-1&iss=${encodeURIComponent('https://evil.example.com')}`)
    expect(page.status).toBe(400)
    await waiting
    expect(receiver.fromRedirectUrl(`${redirect}?code=c&state=s-1`)).toEqual({code: 'c', state: 's-1'})
    expect(() =>
      receiver!.fromRedirectUrl(`${redirect}?code=c&state=s-1&iss=${encodeURIComponent('https://evil.example.com')}`),
    ).toThrow('issuer mismatch')
  })

  it('refuses a response without iss when the server advertises it (RFC 9207 section 2.4)', async () => {
    const issuer = 'http://127.0.0.1:4010/api/auth'
    receiver = new LoopbackReceiver({state: 's-1', issuer, issuerRequired: true})
    const redirect = await receiver.listen(0)
    const waiting = expect(receiver.wait(5_000)).rejects.toThrow('has no iss')
    const page = await get(`${redirect}?code=c&state=s-1`)
    expect(page.status).toBe(400)
    expect(page.text).toContain('has no iss')
    await waiting
    expect(() => receiver!.fromRedirectUrl(`${redirect}?code=c&state=s-1`)).toThrow('has no iss')
    expect(receiver.fromRedirectUrl(`${redirect}?code=c&state=s-1&iss=${encodeURIComponent(issuer)}`)).toEqual({
      code: 'c',
      state: 's-1',
    })
  })

  it('ends the wait with the server error when the state matches', async () => {
    receiver = new LoopbackReceiver({state: 's-1'})
    const redirect = await receiver.listen(0)
    const waiting = expect(receiver.wait(5_000)).rejects.toThrow('access_denied')
    const page = await get(`${redirect}?error=access_denied&error_description=%3Cb%3Eno%3C%2Fb%3E&state=s-1`)
    expect(page.text).toContain('&lt;b&gt;no&lt;/b&gt;')
    await waiting
  })

  it('times out when nothing comes back', async () => {
    receiver = new LoopbackReceiver({state: 's-1'})
    await receiver.listen(0)
    await expect(receiver.wait(50)).rejects.toThrow('no callback')
  })

  it('accepts a pasted redirect URL and checks its state', async () => {
    receiver = new LoopbackReceiver({state: 's-9'})
    const redirect = await receiver.listen(0)
    await expect(receiver.wait(5_000, Promise.resolve(`${redirect}?code=c1&state=s-9`))).resolves.toEqual({
      code: 'c1',
      state: 's-9',
    })
    expect(() => receiver!.fromRedirectUrl(`${redirect}?code=c1&state=nope`)).toThrow('state mismatch')
    expect(() => receiver!.fromRedirectUrl('not a url')).toThrow('not a URL')
  })
})

describe('JWT team claim', () => {
  it('reads <origin>/oauth/team_id from the access token', () => {
    const payload = Buffer.from(JSON.stringify({'http://127.0.0.1:4010/oauth/team_id': 'team-1'})).toString('base64url')
    expect(teamIdFromToken(`x.${payload}.y`, 'http://127.0.0.1:4010')).toBe('team-1')
    expect(teamIdFromToken('opaque-token', 'http://127.0.0.1:4010')).toBeUndefined()
  })
})
