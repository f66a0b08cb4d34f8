import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {counterpartyBody, FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT, isolatedHome, ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Every command of the manifest is classified here: either it moves money or destroys something (and then
 * each listed invocation is refused on a production profile without a TTY and without --yes, exit 2, nothing
 * changed), or it is exempt for the reason given. A new command fails this test until it is classified.
 */

type Fixture = {payout: string; counterparty: string; webhook: string; csv: string}
type Runs = (f: Fixture) => string[][]

const CONFIRMED: Record<string, Runs> = {
  'payouts:approve': f => [
    ['payouts', 'approve', f.payout],
    ['payouts', 'approve', f.payout, '--and-then', 'send-claim-link'],
    ['payouts', 'approve', f.payout, '--skip-conflicts'],
    ['payouts', 'approve', f.payout, '--within-balance'],
  ],
  'payouts:pay': f => [
    ['payouts', 'pay', f.payout],
    ['payouts', 'pay', f.payout, '--skip-conflicts', '--within-balance'],
  ],
  'payouts:create': () => [
    ['payouts', 'create', ...EMAIL_PAYOUT, '--pre-approved'],
    ['payouts', 'create', ...EMAIL_PAYOUT, '--and-then', 'send-claim-link'],
    ['payouts', 'create', ...EMAIL_PAYOUT, '--and-then', 'pay'],
  ],
  'payouts:import': f => [
    ['payouts', 'import', f.csv, '--and-then', 'send-claim-link'],
    ['payouts', 'import', f.csv, '--and-then', 'pay'],
  ],
  'payouts:delete': f => [['payouts', 'delete', f.payout]],
  'counterparties:delete': f => [['counterparties', 'delete', f.counterparty]],
  'webhooks:delete': f => [['webhooks', 'delete', f.webhook]],
  'team:update': () => [['team', 'update', '--dac7-reporting', 'true']],
  'profiles:remove': () => [['profiles', 'remove', 'prod']],
  // A production profile pointing at a loopback address is still a production profile.
  'emulator:reset': () => [['emulator', 'reset']],
  api: f => [
    ['api', 'POST', `/api/v2/payouts/${f.payout}/approve`],
    ['api', 'DELETE', `/api/v2/payouts/${f.payout}`],
    ['api', 'PATCH', `/api/v2/payouts/${f.payout}`, '-f', 'description=changed'],
  ],
}

const EXEMPT: Record<string, string> = {
  'auth:login': 'stores credentials only',
  'auth:logout': 'local credentials only; reversible by logging in',
  'auth:status': 'read-only',
  'auth:token': 'read-only',
  'counterparties:countries': 'read-only',
  'counterparties:create': 'moves no money; a counterparty is only a recipient record',
  'counterparties:import':
    'moves no money: creates and updates recipient records only (as counterparties create/update), never deletes',
  'counterparties:get': 'read-only',
  'counterparties:list': 'read-only',
  'counterparties:payment-method-types': 'read-only',
  'counterparties:update': 'edits recipient details; moves no money',
  doctor: 'read-only',
  version: 'prints the version; touches nothing',
  mcp: "serves tools to an agent; money tools need --allow-money and, on production, the profile's own allow-agent-money setting (test/mcp)",
  'payouts:changes': 'read-only (advances its local state file only)',
  'emulator:start': 'the local emulator only',
  'emulator:claim': 'the local emulator only (loopback profiles; others are refused)',
  'emulator:clock:advance': 'the local emulator only (loopback profiles; others are refused)',
  'emulator:deliveries': 'read-only; the local emulator only',
  'emulator:requests': 'read-only; the local emulator only',
  'emulator:faults:add': 'the local emulator only (loopback profiles; others are refused)',
  'emulator:faults:clear': 'the local emulator only (loopback profiles; others are refused)',
  'emulator:faults:list': 'read-only; the local emulator only',
  'emulator:trigger': 'the local emulator only (loopback profiles; others are refused)',
  autocomplete: 'prints shell set-up instructions',
  'autocomplete:create': 'writes the local completion cache',
  'autocomplete:script': 'prints a shell script',
  help: 'read-only',
  'payouts:import-status':
    'read-only; --retry-failed pays failed payouts only after the confirmation (test/status/import-status.e2e.test.ts: without --yes exit 2, nothing paid)',
  'payouts:wait': 'read-only',
  'team:accounts': 'read-only',
  'payouts:get': 'read-only',
  'payouts:list': 'read-only',
  'payouts:send-claim-link': 'notifies the payee of an approved payout; moves no money',
  'payouts:update': 'edits a payout still in created; moves no money',
  'profiles:add': 'local settings only',
  'profiles:list': 'read-only',
  'profiles:set': 'local settings only; the https rule applies',
  'profiles:show': 'read-only',
  'profiles:use': 'local settings only',
  'sessions:allowance': 'mints a URL; the person approving on the hosted page confirms there',
  'sessions:approval': 'mints a URL; the person approving on the hosted page confirms there',
  'sessions:kyb': 'mints a URL',
  'sessions:payout': 'mints a URL',
  'team:deposit': 'sandbox deposits only (the service refuses it on production)',
  'team:get': 'read-only',
  'transactions:list': 'read-only',
  'webhooks:create': 'adds a subscription; nothing is lost or moved',
  'webhooks:list': 'read-only',
  'webhooks:listen': 'local receiver',
  'webhooks:send': 'sends a signed test event to a URL the caller names',
  'webhooks:verify': 'local check of a signature',
}

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let env: Record<string, string>

const manifest = () => Object.keys(JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')).commands)

beforeEach(async () => {
  home = isolatedHome()
  env = {...home.env, PAYCTL_API_KEY: FULL}
  const added = await runCommand(
    ['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.emu.url, '--use'],
    {env},
  )
  expect(added.code, added.stderr).toBe(0)
})

describe('the production confirmation covers every money-moving or destructive command', () => {
  it('every command of the manifest is classified, once', () => {
    const ids = manifest()
    const classified = [...Object.keys(CONFIRMED), ...Object.keys(EXEMPT)]
    const unclassified = ids.filter(id => !classified.includes(id))
    expect(unclassified, 'classify new commands in test/security/confirmation-coverage.test.ts').toEqual([])
    expect(classified.filter(id => !ids.includes(id))).toEqual([])
    expect(Object.keys(CONFIRMED).filter(id => id in EXEMPT)).toEqual([])
  })

  it('each of them is refused without a TTY and without --yes (exit 2), and nothing changes', async () => {
    const payout = await ctx.api.v2Create()
    const counterparty = await ctx.api.counterparty(counterpartyBody())
    const webhook = await ctx.api.post('/api/v1/webhook', {targetUrl: 'https://hooks.example.com/x'})
    expect(webhook.status, webhook.text).toBe(200)
    const csv = join(home.dir, 'payouts.csv')
    writeFileSync(csv, 'customId,description,amount,currency,recipientEmail\nc-1,May,10.00,EUR,a@example.com\n')
    const fixture = {payout: payout.id, counterparty: counterparty.id, webhook: webhook.body.id, csv}
    for (const runs of Object.values(CONFIRMED))
      for (const args of runs(fixture)) {
        const result = await runCommand(args, {env})
        expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
        expect(result.stderr, args.join(' ')).toMatch(
          /^Error: USAGE: refusing to .* on PRODUCTION without confirmation; add --yes/,
        )
      }
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('created')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
    expect((await ctx.api.get(`/api/v2/counterparties/${counterparty.id}`)).status).toBe(200)
    expect((await ctx.api.get('/api/v1/webhook')).body.map((w: {id: string}) => w.id)).toEqual([webhook.body.id])
    expect((await ctx.api.get('/api/v1/team')).body.dac7ReportingRequired).toBeFalsy()
    const profiles = JSON.parse((await runCommand(['profiles', 'list', '--json'], {env})).stdout)
    expect(profiles.map((p: {name: string}) => p.name)).toContain('prod')
  }, 120_000)

  it('with --yes they go ahead (delete, team update, api, profile removal); api GET never asks', async () => {
    const payout = await ctx.api.v2Create()
    const other = await ctx.api.v2Create()
    const read = await runCommand(['api', 'GET', `/api/v2/payouts/${other.id}`], {env})
    expect(JSON.parse(read.stdout).status).toBe('created')
    const approve = await runCommand(['api', 'POST', `/api/v2/payouts/${other.id}/approve`, '--yes'], {env})
    expect(approve.code, approve.stderr).toBe(0)
    expect((await ctx.api.get(`/api/v2/payouts/${other.id}`)).body.status).toBe('approved')
    expect((await runCommand(['payouts', 'delete', payout.id, '--yes'], {env})).code).toBe(0)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).status).toBe(404)
    const update = await runCommand(['team', 'update', '--dac7-reporting', 'true', '--yes'], {env})
    expect(update.code, update.stderr).toBe(0)
    expect((await runCommand(['profiles', 'remove', 'prod', '--yes'], {env})).code).toBe(0)
  })

  it('on a TTY a delete names the action and count, and "n" keeps the counterparty', async () => {
    const counterparty = await ctx.api.counterparty(counterpartyBody())
    const result = await runCliInTty(['counterparties', 'delete', counterparty.id], {
      env,
      prompt: 'PRODUCTION?',
      answer: 'n\r',
    })
    expect(result.code).toBe(2)
    expect(result.output).toContain(`Delete counterparty ${counterparty.id} (1 item) on PRODUCTION?`)
    expect((await ctx.api.get(`/api/v2/counterparties/${counterparty.id}`)).status).toBe(200)
  })
})
