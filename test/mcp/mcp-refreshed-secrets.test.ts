import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {homeFor, login} from '../auth/helpers.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {type McpSession, ok, useMcpSessions} from './mcp-client.js'

/**
 * Tokens refreshed while `payctl mcp` runs are secrets of the session like the ones it started with, and the ones a
 * refresh replaced stay secrets, in every spelling (base64 of `Bearer <token>`, URL-encoded base64).
 */
const ctx = useEmulator({autoConsent: true})
const mcp = useMcpSessions()
let session: McpSession | undefined

it('an access token refreshed by a tool call, or replaced, in any spelling, never reaches the audit log or an answer', {
  timeout: 120_000,
}, async () => {
  const home = homeFor(ctx.emu.url)
  await login(home, ['--client-id', LOCAL_EMULATOR.oauthClientId, '--login-hint', 'owner@example.com'])
  const before = home.credentials().oauth
  const first = before.accessToken
  session = await mcp([], home.env)
  await control(ctx.emu.url, 'POST', '/_emulator/clock', {advanceSeconds: 2 * 3600})
  ok(await session.call('team_get', {}))
  const fresh = home.credentials().oauth.accessToken
  expect(fresh).not.toBe(first)
  // An agent that got hold of the new token and passes it on: the audit log and the answer hold [redacted].
  const answer = await session.call('payouts_get', {id: [fresh]})
  expect(JSON.stringify(answer)).not.toContain(fresh)
  const audit = readFileSync(join(home.env.PAYCTL_DATA_DIR, 'mcp-audit.jsonl'), 'utf8')
  expect(audit).toContain('payouts_get')
  expect(audit).not.toContain(fresh)
  expect(audit).not.toContain(first)
  const spellings = [
    Buffer.from(`Bearer ${first}`).toString('base64'),
    encodeURIComponent(Buffer.from(before.refreshToken).toString('base64')),
    Buffer.from(`Bearer ${fresh}`).toString('base64url'),
  ]
  const passedOn = await session.call('payouts_get', {id: spellings})
  const logged = readFileSync(join(home.env.PAYCTL_DATA_DIR, 'mcp-audit.jsonl'), 'utf8')
  for (const spelling of spellings) {
    expect(JSON.stringify(passedOn)).not.toContain(spelling)
    expect(logged).not.toContain(spelling)
  }
})
