import {describe, expect, it} from 'vitest'
import {nextMidnightUtc} from '../../src/emulator/hosted/allowance-page.js'
import {initials} from '../../src/emulator/hosted/branding.js'
import {escapeHtml, html, raw} from '../../src/emulator/hosted/hosted-html.js'
import {
  CODE_ATTEMPTS,
  CODE_LIFETIME_MS,
  csrfToken,
  formIsGenuine,
  parseCookies,
  SignInCodes,
} from '../../src/emulator/hosted/page-security.js'
import {browserPlan} from './browser.js'

describe('hosted pages: building blocks', () => {
  it('html escapes interpolated values, keeps fragments and raw markup, joins arrays, drops empty values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${inner}${raw('<hr>')}${['a', '<', html`<br>`]}${undefined}${null}${false}${0}</p>`.value).toBe(
      '<p><b>&lt;i&gt;</b><hr>a&lt;<br>0</p>',
    )
  })

  it('initials of a brand name', () => {
    expect(initials('Emulator Media GmbH')).toBe('EM')
    expect(initials('acme')).toBe('AC')
    expect(initials('  Ünïcode — Studio ')).toBe('ÜS')
    expect(initials('')).toBe('?')
  })

  it('the allowance resets at the next midnight UTC', () => {
    expect(nextMidnightUtc(Date.parse('2026-03-31T23:59:59.999Z'))).toBe('2026-04-01T00:00:00.000Z')
    expect(nextMidnightUtc(Date.parse('2026-04-01T00:00:00.000Z'))).toBe('2026-04-02T00:00:00.000Z')
  })

  it('sign-in codes: six digits, used once, limited tries, expire on the given clock', () => {
    const codes = new SignInCodes()
    const now = 1_000_000
    const first = codes.issue('ada@example.com', 'jti-1', now)
    expect(first.code).toMatch(/^\d{6}$/)
    expect(codes.get(first.id, now)?.email).toBe('ada@example.com')
    const wrong = first.code === '000000' ? '000001' : '000000'
    expect(codes.verify(first.id, wrong, now)).toEqual({ok: false, reason: 'wrong', attemptsLeft: CODE_ATTEMPTS - 1})
    expect(codes.verify(first.id, first.code, now)).toEqual({ok: true, email: 'ada@example.com'})
    expect(codes.verify(first.id, first.code, now)).toEqual({ok: false, reason: 'unknown'})

    const second = codes.issue('ada@example.com', 'jti-1', now)
    for (let i = 1; i < CODE_ATTEMPTS; i++) expect(codes.verify(second.id, 'x', now)).toMatchObject({reason: 'wrong'})
    expect(codes.verify(second.id, 'x', now)).toEqual({ok: false, reason: 'exhausted'})
    expect(codes.verify(second.id, second.code, now)).toEqual({ok: false, reason: 'unknown'})

    const third = codes.issue('ada@example.com', 'jti-1', now)
    expect(codes.get(third.id, now + CODE_LIFETIME_MS)).toBeUndefined()
    expect(codes.verify(third.id, third.code, now + CODE_LIFETIME_MS)).toEqual({ok: false, reason: 'expired'})
    expect(codes.verify(undefined, '123456', now)).toEqual({ok: false, reason: 'unknown'})
  })

  it('form tokens are bound to the browser cookie, the session and the origin', () => {
    const browser = 'AAAAAAAAAAAAAAAAAAAAAA'
    const token = csrfToken('secret', browser, 'jti-1')
    const base = {
      secret: 'secret',
      cookies: parseCookies({cookie: `a=1; payctl_hosted_browser=${browser}`}),
      form: new URLSearchParams({csrf: token}),
      jti: 'jti-1',
      originHeader: 'http://127.0.0.1:4010',
      origin: 'http://127.0.0.1:4010',
    }
    expect(formIsGenuine(base)).toBe(true)
    expect(formIsGenuine({...base, originHeader: undefined})).toBe(true)
    expect(formIsGenuine({...base, originHeader: 'null'})).toBe(false)
    expect(formIsGenuine({...base, jti: 'jti-2'})).toBe(false)
    expect(formIsGenuine({...base, secret: 'other'})).toBe(false)
    expect(formIsGenuine({...base, form: undefined})).toBe(false)
    expect(formIsGenuine({...base, cookies: parseCookies({})})).toBe(false)
    expect(formIsGenuine({...base, form: new URLSearchParams({csrf: `${token}x`})})).toBe(false)
  })

  it('browser tests run with Chromium, are skipped without it, and fail without it under CI', () => {
    expect(browserPlan({}, true)).toEqual({run: true})
    expect(browserPlan({CI: 'true'}, true)).toEqual({run: true})
    const skipped = browserPlan({}, false, '/usr/bin/chromium')
    expect(skipped).toMatchObject({run: false, fail: false})
    expect(skipped.run === false && skipped.reason).toBe(
      'no Chromium at /usr/bin/chromium (apt-get install -y chromium, or set PAYCTL_CHROMIUM)',
    )
    expect(browserPlan({CI: 'true'}, false)).toMatchObject({run: false, fail: true})
    expect(browserPlan({CI: 'false'}, false)).toMatchObject({run: false, fail: false})
  })
})
