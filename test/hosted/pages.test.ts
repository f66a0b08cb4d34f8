import {describe, expect, it} from 'vitest'
import {createSessionToken} from '../../src/emulator/index.js'
import {FULL, startReceiver} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {approvedPayout, MEMBER, mint, OTHER_OWNER, OWNER, textOf, Visitor, v1Status, v2Status} from './helpers.js'

/** The hosted pages over plain HTTP (no browser): sign-in, form tokens, links, and each page's rules. */

const REDIRECT = 'http://127.0.0.1:9/back'

describe('hosted pages over HTTP', () => {
  const ctx = useEmulator()

  describe('links and the page frame', () => {
    it('a session URL opens the sign-in page with strict security headers, the stylesheet and no external reference', async () => {
      const payout = await approvedPayout(ctx.api)
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const res = await visitor.get(url)
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['content-security-policy']).toContain("default-src 'none'")
      expect(res.headers['content-security-policy']).toContain("form-action 'self'")
      expect(res.headers['referrer-policy']).toBe('same-origin')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(visitor.cookies.get('payctl_hosted_browser')).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(textOf(res.html)).toContain('Sign in to claim the payout Emulator Media GmbH sent you')
      expect(res.html).toContain('value="ada@example.com"')
      expect(res.html).toContain(`<a class="back" href="${REDIRECT}">Go back</a>`)
      const urls = [...res.html.matchAll(/(?:href|src|action)="([^"]*)"/g)].map(m => m[1])
      for (const ref of urls)
        expect(ref === REDIRECT || ref.startsWith('/') || ref.startsWith('#') || ref === 'data:,').toBe(true)
      const css = await visitor.get(new URL('/hosted/assets/hosted.css', url).toString())
      expect(css.status).toBe(200)
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
      expect(css.html).toContain('.brand-team')
    })

    it('an altered token, a token of another kind and an unknown kind show "not valid" (404)', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const tampered = url.replace(/.$/, url.endsWith('A') ? 'B' : 'A')
      for (const target of [
        tampered,
        url.replace('/hosted/kyb/', '/hosted/allowance/'),
        url.replace('/kyb/', '/nope/'),
      ]) {
        const res = await visitor.get(target)
        expect(res.status, target).toBe(404)
        expect(textOf(res.html)).toContain('This link is not valid')
      }
    })

    it('an expired link shows an error with the way back, and its forms change nothing', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.signIn(url, OWNER)
      expect(textOf(visitor.last)).toContain('Complete verification')
      await ctx.api.advance(3601)
      const post = await visitor.post(`${url}/kyb`, {})
      expect(post.status).toBe(410)
      expect(textOf(post.html)).toContain('This link has expired')
      expect(post.html).toContain(`href="${REDIRECT}">Go back`)
      expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('pending')
      expect((await visitor.get(url)).status).toBe(410)
    })

    it('HTML in payout data is escaped', async () => {
      const payout = await approvedPayout(ctx.api, {description: '<script>alert("x")</script> & co'})
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const page = await visitor.signIn(url, 'ada@example.com')
      expect(page.html).not.toContain('<script>')
      expect(page.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co')
    })
  })

  describe('form tokens', () => {
    it('a POST without the form token, with another browser’s token or from another origin changes nothing (403)', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.signIn(url, OWNER)
      const withoutToken = await visitor.post(`${url}/kyb`, {csrf: ''})
      expect(withoutToken.status).toBe(403)
      expect(textOf(withoutToken.html)).toContain('This form has expired')

      const stranger = new Visitor()
      await stranger.get(url)
      const strangerToken = /name="csrf" value="([^"]+)"/.exec(stranger.last)![1]
      expect((await visitor.post(`${url}/kyb`, {csrf: strangerToken})).status).toBe(403)

      await visitor.get(url)
      expect((await visitor.post(`${url}/kyb`, {}, {origin: 'http://evil.example'})).status).toBe(403)
      expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('pending')

      await visitor.get(url)
      expect((await visitor.post(`${url}/kyb`, {})).status).toBe(303)
      expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('verified')
    })

    it('the forms of a page need a signed-in visitor', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.get(url)
      const res = await visitor.post(`${url}/kyb`, {})
      expect(res.status).toBe(401)
      expect(textOf(res.html)).toContain('sign in again')
      expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('pending')
    })
  })

  describe('sign-in with a one-time code', () => {
    it('refuses an empty or malformed address; a wrong code shows the tries left; five wrong codes void the code', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.get(url)
      let res = await visitor.post(`${url}/sign-in`, {email: ''})
      expect(res.status).toBe(400)
      expect(textOf(res.html)).toContain('Enter your e-mail address')
      res = await visitor.post(`${url}/sign-in`, {email: 'not-an-address'})
      expect(textOf(res.html)).toContain('Enter an e-mail address like name@example.com')

      const codePage = await visitor.submit(`${url}/sign-in`, {email: OWNER})
      const code = /id="sign-in-code">(\d{6})</.exec(codePage.html)![1]
      const wrong = code === '000000' ? '111111' : '000000'
      res = await visitor.post(`${url}/verify`, {code: ''})
      expect(textOf(res.html)).toContain('Enter the 6-digit code')
      res = await visitor.post(`${url}/verify`, {code: '12ab'})
      expect(textOf(res.html)).toContain('The code is 6 digits')
      for (let left = 4; left >= 1; left--) {
        res = await visitor.post(`${url}/verify`, {code: wrong})
        expect(res.status).toBe(400)
        expect(textOf(res.html)).toContain(`That code is not correct: ${left} ${left === 1 ? 'try' : 'tries'} left`)
      }
      res = await visitor.post(`${url}/verify`, {code: wrong})
      expect(textOf(res.html)).toContain('Too many wrong codes')
      res = await visitor.post(`${url}/verify`, {code})
      expect(textOf(res.html)).toContain('expired or was already used')
      expect(visitor.cookies.has('payctl_hosted_auth')).toBe(false)
    })

    it('a code works once and expires after ten minutes of the emulator clock; sign-out forgets the visitor', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.get(url)
      let page = await visitor.submit(`${url}/sign-in`, {email: OWNER})
      const code = /id="sign-in-code">(\d{6})</.exec(page.html)![1]
      page = await visitor.submit(`${url}/verify`, {code})
      expect(textOf(page.html)).toContain(`Signed in as ${OWNER}`)
      page = await visitor.submit(`${url}/sign-out`, {})
      expect(textOf(page.html)).toContain('Sign in')
      expect(visitor.cookies.has('payctl_hosted_auth')).toBe(false)
      const reuse = await visitor.post(`${url}/verify`, {code})
      expect(textOf(reuse.html)).toContain('expired or was already used')

      page = await visitor.submit(`${url}/sign-in`, {email: OWNER})
      const late = /id="sign-in-code">(\d{6})</.exec(page.html)![1]
      await ctx.api.advance(601)
      const res = await visitor.post(`${url}/verify`, {code: late})
      expect(textOf(res.html)).toContain('expired or was already used')
      expect(visitor.cookies.has('payctl_hosted_auth')).toBe(false)
    })
  })

  describe('claim page', () => {
    it('only the payout’s own address can sign in; someone signed in as another address cannot claim', async () => {
      const payout = await approvedPayout(ctx.api)
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.get(url)
      const res = await visitor.post(`${url}/sign-in`, {email: 'mallory@example.com'})
      expect(res.status).toBe(403)
      expect(textOf(res.html)).toContain('This payout was sent to another e-mail address')

      // Signed in for another payout (another address), the visitor opens this one.
      const other = await approvedPayout(ctx.api, {email: 'mallory@example.com'})
      const otherUrl = await mint(ctx.api, 'payout', {payoutId: other.id, redirectUrl: REDIRECT})
      await visitor.signIn(otherUrl, 'mallory@example.com')
      const page = await visitor.get(url)
      expect(page.status).toBe(403)
      expect(textOf(page.html)).toContain('This payout is for someone else')
      const claim = await visitor.post(`${url}/claim`, {method: 'paypal', email: 'mallory@example.com'})
      expect(claim.status).toBe(403)
      expect(textOf(claim.html)).toContain('This payout is for someone else')
      expect(await v1Status(ctx.api, payout.id)).toBe('approved')
    })

    it('a failure trigger declines the transfer: v1 requested, v2 failed, no completed event; new details then pay', async () => {
      const receiver = await startReceiver()
      try {
        expect((await ctx.api.post('/api/v1/webhook', {targetUrl: receiver.url})).status).toBe(200)
        const payout = await approvedPayout(ctx.api, {currency: 'USD'})
        const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
        const visitor = new Visitor()
        await visitor.signIn(url, 'ada@example.com')
        let page = await visitor.submit(`${url}/claim`, {method: 'venmo', phone: '+1 555 555 0000'})
        expect(textOf(page.html)).toContain('The transfer was declined')
        expect(textOf(page.html)).toContain('Venmo declined the transfer')
        expect(await v1Status(ctx.api, payout.id)).toBe('requested')
        expect(await v2Status(ctx.api, payout.id)).toBe('failed')
        const events = (await ctx.api.deliveries()).map(d => d.event)
        expect(events).toContain('payout.requested')
        expect(events).not.toContain('payout.completed')

        page = await visitor.submit(`${url}/claim`, {
          method: 'bank-ach',
          accountHolderName: 'Ada Lovelace',
          routingNumber: '021000021',
          accountNumber: '12345678',
        })
        expect(textOf(page.html)).toContain('You have been paid')
        expect(await v1Status(ctx.api, payout.id)).toBe('completed')
      } finally {
        await receiver.close()
      }
    })

    it('every method’s fields are validated on the page, and nothing changes', async () => {
      const payout = await approvedPayout(ctx.api)
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const visitor = new Visitor()
      await visitor.signIn(url, 'ada@example.com')
      const cases: Array<[Record<string, string>, string]> = [
        [{method: ''}, 'Choose how you want to be paid'],
        [{method: 'cheque'}, 'Choose how you want to be paid'],
        [{method: 'bank-iban', accountHolderName: 'Ada', iban: 'DE89370400440532013001'}, 'This IBAN is not valid'],
        [
          {method: 'bank-swift', accountHolderName: 'Ada', bic: 'nope', accountNumber: '1234'},
          'BIC (SWIFT code) must be a BIC',
        ],
        [
          {method: 'bank-ach', accountHolderName: '', routingNumber: '12', accountNumber: '1234'},
          'Enter the account holder name',
        ],
        [
          {method: 'bank-wire', accountHolderName: 'Ada', routingNumber: '12', accountNumber: '1234'},
          'Routing number (ABA) must be nine digits',
        ],
        [
          {method: 'bank-uk', accountHolderName: 'Ada', sortCode: '1234', accountNumber: '12345678'},
          'Sort code must be six digits',
        ],
        [{method: 'paypal', email: 'ada'}, 'PayPal e-mail address must be an e-mail address'],
        [{method: 'venmo', phone: ''}, 'Enter your Venmo phone number'],
        [{method: 'crypto', address: '0x12'}, 'Wallet address must be a wallet address'],
      ]
      for (const [fields, message] of cases) {
        const res = await visitor.post(`${url}/claim`, fields)
        expect(res.status, message).toBe(400)
        expect(textOf(res.html)).toContain(message)
      }
      expect(await v1Status(ctx.api, payout.id)).toBe('approved')
      // The chooser sent without a choice.
      const none = await visitor.get(`${url}?step=details`)
      expect(none.status).toBe(400)
      expect(textOf(none.html)).toContain('Choose how you want to be paid')
    })

    it('a created payout keeps the claimed method and is paid when the approval page approves it', async () => {
      const payout = await ctx.api.v1Create({payoutAmount: '20.00'})
      const claimUrl = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const recipient = new Visitor()
      await recipient.signIn(claimUrl, 'ada@example.com')
      const page = await recipient.submit(`${claimUrl}/claim`, {
        method: 'crypto',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      })
      expect(textOf(page.html)).toContain('Payout claimed')
      expect(textOf(page.html)).toContain('You are paid as soon as Emulator Media GmbH approves the payout')
      expect(await v1Status(ctx.api, payout.id)).toBe('created')

      const approvalUrl = await mint(ctx.api, 'approval', {payoutIds: [payout.id], redirectUrl: REDIRECT})
      const member = new Visitor()
      await member.signIn(approvalUrl, MEMBER)
      const approved = await member.submit(`${approvalUrl}/approve`, {})
      expect(textOf(approved.html)).toContain('Approved 1 payout')
      expect(await v1Status(ctx.api, payout.id)).toBe('completed')
      expect(textOf((await recipient.get(claimUrl)).html)).toContain('You have been paid')
    })

    it('a payout to a social handle has no known address: any address may sign in and claim', async () => {
      const payout = await approvedPayout(ctx.api, {creatorHandle: '@ada', email: undefined})
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const signIn = await visitor.get(url)
      expect(signIn.html).toContain('name="email" type="email" value=""')
      await visitor.signIn(url, 'ada.creator@example.com')
      const page = await visitor.submit(`${url}/claim`, {
        method: 'bank-uk',
        accountHolderName: 'Ada Creator',
        sortCode: '12-34-56',
        accountNumber: '12345678',
      })
      expect(textOf(page.html)).toContain('You have been paid')
      expect(await v1Status(ctx.api, payout.id)).toBe('completed')
      // The address of a form opened directly leads back to the page.
      const direct = await visitor.get(`${url}/claim`)
      expect(direct.status).toBe(303)
      expect(direct.location).toBe(new URL(url).pathname)
    })

    it('a deleted payout shows that it was withdrawn', async () => {
      const payout = await approvedPayout(ctx.api)
      const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})
      expect((await ctx.api.delete(`/api/v1/payout/${payout.id}`)).status).toBe(200)
      const visitor = new Visitor()
      const page = await visitor.signIn(url, 'ada@example.com')
      expect(page.status).toBe(410)
      expect(textOf(page.html)).toContain('This payout was withdrawn')
    })
  })

  describe('team pages', () => {
    it('approval: a non-member gets the request-access prompt and cannot approve', async () => {
      const payout = await ctx.api.v1Create()
      const url = await mint(ctx.api, 'approval', {payoutIds: [payout.id], redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const page = await visitor.signIn(url, OTHER_OWNER)
      expect(page.status).toBe(403)
      expect(textOf(page.html)).toContain('who is not a member of Emulator Media GmbH')
      const approve = await visitor.post(`${url}/approve`, {})
      expect(approve.status).toBe(403)
      expect(await v1Status(ctx.api, payout.id)).toBe('created')
      const requested = await visitor.submit(`${url}/request-access`, {})
      expect(textOf(requested.html)).toContain('Access requested')
    })

    it('approval: totals per currency; a balance too low is shown and nothing is approved', async () => {
      const a = await ctx.api.v1Create({payoutAmount: '6000.00'})
      const b = await ctx.api.v1Create({payoutAmount: '4500.50'})
      const c = await ctx.api.v1Create({payoutAmount: '7.25', currency: 'USD'})
      const url = await mint(ctx.api, 'approval', {payoutIds: [a.id, b.id, c.id], redirectUrl: REDIRECT})
      const visitor = new Visitor()
      const page = await visitor.signIn(url, MEMBER)
      expect(page.html).toContain('data-total="EUR"><span class="amount">EUR 10500.50</span>')
      expect(page.html).toContain('data-total="USD"><span class="amount">USD 7.25</span>')
      const res = await visitor.post(`${url}/approve`, {})
      expect(res.status).toBe(422)
      expect(textOf(res.html)).toContain('The EUR balance is too low')
      for (const id of [a.id, b.id, c.id]) expect(await v1Status(ctx.api, id)).toBe('created')
    })

    it('a team without a wallet: members are told to wait, only the owner can create it, then approval works', async () => {
      const team = await ctx.api.newTeam({
        name: 'Walletless Ltd',
        wallet: false,
        scopes: ['payouts:write', 'sessions:write', 'payouts:read'],
      })
      const teamId = team.teamId
      ctx.emu.app.store.teams.insertMember({
        team_id: teamId,
        email: 'clerk@walletless.example',
        name: 'Clerk',
        role: 'admin',
        joined_at: new Date().toISOString(),
      })
      const ownerEmail = ctx.emu.app.store.teams.members(teamId).find(m => m.role === 'owner')!.email
      const payout = await ctx.api.v1Create({}, team.key)
      const url = await mint(ctx.api, 'approval', {payoutIds: [payout.id], redirectUrl: REDIRECT}, team.key)

      const clerk = new Visitor()
      let page = await clerk.signIn(url, 'clerk@walletless.example')
      expect(page.status).toBe(409)
      expect(textOf(page.html)).toContain('The team wallet is not set up yet')
      expect((await clerk.post(`${url}/wallet`, {})).status).toBe(403)
      expect((await clerk.post(`${url}/approve`, {})).status).toBe(409)
      expect(ctx.emu.app.store.teams.team(teamId)!.wallet_address).toBeNull()

      const owner = new Visitor()
      page = await owner.signIn(url, ownerEmail)
      expect(textOf(page.html)).toContain('Set up the team wallet')
      page = await owner.submit(`${url}/wallet`, {})
      expect(textOf(page.html)).toContain('Review and approve payouts')
      expect(ctx.emu.app.store.teams.team(teamId)!.wallet_address).toMatch(/^0x[0-9a-f]{40}$/)
    })

    it('allowance: only the owner; other members and bad amounts change nothing', async () => {
      const url = await mint(ctx.api, 'allowance', {redirectUrl: REDIRECT})
      const member = new Visitor()
      const page = await member.signIn(url, MEMBER)
      expect(page.status).toBe(403)
      expect(textOf(page.html)).toContain('Only the team owner can set the daily spending allowance')
      expect((await member.post(`${url}/allowance`, {currency: 'EUR', limit: '100.00'})).status).toBe(403)

      const owner = new Visitor()
      await owner.signIn(url, OWNER)
      for (const [fields, message] of [
        [{currency: 'EUR', limit: ''}, 'Enter a daily limit'],
        [{currency: 'EUR', limit: '12.345'}, 'EUR allows 2'],
        [{currency: 'EUR', limit: '-5'}, 'is negative'],
        [{currency: 'XYZ', limit: '5'}, 'Choose one of the team’s currencies'],
      ] as const) {
        const res = await owner.post(`${url}/allowance`, fields)
        expect(res.status, message).toBe(400)
        expect(textOf(res.html)).toContain(message)
      }
      const team = (await ctx.api.get('/api/v1/team')).body
      expect(team.balances.map((b: {allowance: unknown}) => b.allowance)).toEqual([null, null])
    })

    it('kyb: any member completes it; the owner and the team record see verified', async () => {
      const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT, loginHint: MEMBER})
      const visitor = new Visitor()
      const page = await visitor.get(url)
      expect(page.html).toContain(`value="${MEMBER}"`)
      await visitor.signIn(url, MEMBER)
      const done = await visitor.submit(`${url}/kyb`, {})
      expect(textOf(done.html)).toContain('Business verified')
      expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('verified')
      expect((await ctx.api.get('/api/v2/team')).body.kybStatus).toBe('verified')
    })
  })

  describe('URLs minted by the CLI', () => {
    it('payctl api POST /api/v1/session/allowance prints a URL whose page sets the allowance', async () => {
      const home = isolatedHome()
      const cli = await runCli(
        ['api', 'POST', '/api/v1/session/allowance', '-d', JSON.stringify({redirectUrl: REDIRECT, branding: 'team'})],
        {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}},
      )
      expect(cli.code, cli.stderr).toBe(0)
      const url: string = JSON.parse(cli.stdout).url
      expect(url.startsWith(`${ctx.emu.url}/hosted/allowance/`)).toBe(true)
      const owner = new Visitor()
      const page = await owner.signIn(url, OWNER)
      expect(page.html).toContain('<body class="brand-team">')
      const saved = await owner.submit(`${url}/allowance`, {currency: 'EUR', limit: '75.5'})
      expect(textOf(saved.html)).toContain('The daily limit for EUR is now EUR 75.50')
      const eur = (await ctx.api.get('/api/v1/team')).body.balances.find(
        (b: {currency: string}) => b.currency === 'EUR',
      )
      expect(eur.allowance).toMatchObject({limit: '75.50', used: '0.00', remaining: '75.50'})
    })
  })

  describe('branding', () => {
    it('default, team and platform brandings show different names and logos', async () => {
      const visitor = new Visitor()
      const names: string[] = []
      for (const branding of [undefined, 'team']) {
        const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT, ...(branding ? {branding} : {})})
        const page = await visitor.get(url)
        names.push(/class="brand-name">([^<]+)</.exec(page.html)![1])
        expect(page.html).toContain(`<body class="brand-${branding ?? 'talentir'}">`)
      }
      // Platform branding needs an OAuth call; the token is minted directly, as the session route would.
      ctx.emu.app.brands.usePlatformNames(
        clientId => (clientId === 'client_acme' ? 'Acme Creator Platform' : undefined),
        clientId => (clientId === 'client_acme' ? ctx.emu.seed.teamId : undefined),
      )
      const token = createSessionToken(
        {
          kind: 'kyb',
          teamId: ctx.emu.seed.teamId,
          payload: {},
          redirectUrl: REDIRECT,
          branding: 'platform',
          createdBy: {kind: 'oauth', clientId: 'client_acme'},
        },
        ctx.emu.app.store.secret(),
        ctx.emu.app.clock.nowMs(),
      )
      const page = await visitor.get(`${ctx.emu.url}/hosted/kyb/${token}`)
      expect(page.html).toContain('<body class="brand-platform">')
      names.push(/class="brand-name">([^<]+)</.exec(page.html)![1])
      expect(names).toEqual(['Payout Service', 'Emulator Media GmbH', 'Acme Creator Platform'])
      expect(page.html).toContain('aria-label="Acme Creator Platform logo"')
    })
  })
})
