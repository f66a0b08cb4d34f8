import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** webhooks create is safe to re-run: spec 4.4, "call GET /webhook before retrying a subscription". */

const ctx = useEmulator()
const URL_A = 'https://hooks.example.com/payouts'
let home: ReturnType<typeof isolatedHome>
let env: Record<string, string>

beforeEach(() => {
  home = isolatedHome()
  env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
})

const subscriptions = async () => (await ctx.api.get('/api/v1/webhook')).body as Array<{id: string; targetUrl: string}>
const storedSecrets = (): Record<string, string> =>
  JSON.parse(readFileSync(join(home.env.PAYCTL_CONFIG_DIR, 'credentials.json'), 'utf8')).profiles.local.webhookSecrets

describe('webhooks create', () => {
  it('after a lost answer, deletes the orphan and creates again: one subscription, its secret stored', async () => {
    const fault = await ctx.api.post(
      '/_emulator/faults',
      {method: 'POST', path: '/api/v1/webhook', action: 'drop-after-commit', count: 1},
      {key: null},
    )
    expect(fault.status, fault.text).toBe(200)
    const result = await runCommand(['webhooks', 'create', '--url', URL_A, '--json'], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/answer to the subscription request was lost.*was deleted/)
    const created = JSON.parse(result.stdout)
    const subs = await subscriptions()
    expect(subs.map(s => s.id)).toEqual([created.id])
    expect(storedSecrets()).toEqual({[created.id]: created.signingSecret})
  })

  it('a second create for the same URL says so (exit 5), --another adds one, --replace swaps it', async () => {
    const first = await runCommand(['webhooks', 'create', '--url', URL_A, '--json'], {env})
    expect(first.code, first.stderr).toBe(0)
    const firstId = JSON.parse(first.stdout).id

    const again = await runCommand(['webhooks', 'create', '--url', URL_A], {env})
    expect(again.code).toBe(5)
    expect(again.stderr).toContain(`${URL_A} has a subscription already (${firstId})`)
    expect(await subscriptions()).toHaveLength(1)

    const another = await runCommand(['webhooks', 'create', '--url', URL_A, '--another', '--json'], {env})
    expect(another.code, another.stderr).toBe(0)
    expect(await subscriptions()).toHaveLength(2)

    const replaced = await runCommand(['webhooks', 'create', '--url', URL_A, '--replace', '--json'], {env})
    expect(replaced.code, replaced.stderr).toBe(0)
    const newId = JSON.parse(replaced.stdout).id
    expect((await subscriptions()).map(s => s.id)).toEqual([newId])
    expect(Object.keys(storedSecrets())).toEqual([newId])
  })

  it('a re-run after the process died mid-request names the subscription whose secret was lost', async () => {
    const orphan = await ctx.api.post('/api/v1/webhook', {targetUrl: URL_A})
    const result = await runCommand(['webhooks', 'create', '--url', URL_A], {env})
    expect(result.code).toBe(5)
    expect(result.stderr).toContain(`(${orphan.body.id}); its signing secret is not stored in this profile`)
    expect(result.stderr).toContain('--replace')
  })
})
