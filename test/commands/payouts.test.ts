import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {type Api, type Body, counterpartyBody, DEFAULT, FULL, v2Item} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/** payouts create|get|list|update|delete|approve|pay|send-claim-link, end to end against the emulator. */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const cli = (args: string[], options: {key?: string; origin?: string; input?: string} = {}) =>
  runCommand(args, {
    env: {...home.env, PAYCTL_ORIGIN: options.origin ?? ctx.emu.url, PAYCTL_API_KEY: options.key ?? FULL},
    input: options.input,
  })

const jsonOf = (result: {code: number | null; stdout: string; stderr: string}) => {
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout)
}

/** Creates `n` e-mail payouts through the batch endpoint (100 per call), answering them in order. */
async function createMany(api: Api, n: number, prefix = 'bulk'): Promise<Body[]> {
  const out: Body[] = []
  for (let start = 0; start < n; start += 100) {
    const items = Array.from({length: Math.min(100, n - start)}, (_, i) =>
      v2Item({customId: `${prefix}-${start + i}`, amount: '1.00'}),
    )
    const res = await api.post('/api/v2/payouts/batch', {items})
    expect(res.status, res.text).toBe(200)
    out.push(...res.body.data)
  }
  return out
}

/** A counterparty payout that the emulator settles at once when paid (completed, or failed with SANDBOX FAIL). */
async function counterpartyPayout(options: {fail?: boolean; andThen?: 'pay'} = {}): Promise<Body> {
  const counterparty = await ctx.api.counterparty(
    options.fail
      ? counterpartyBody({
          paymentMethod: {
            type: 'bank_iban',
            iban: 'DE89370400440532013000',
            currency: 'EUR',
            accountHolderName: 'SANDBOX FAIL Grace',
          },
        })
      : {},
  )
  const res = await ctx.api.post('/api/v2/payouts', {
    description: 'Licence',
    amount: '25.00',
    currency: 'EUR',
    counterpartyId: counterparty.id,
    ...(options.andThen ? {andThen: options.andThen} : {}),
  })
  expect(res.status, res.text).toBe(200)
  return res.body
}

const status = async (id: string) => (await ctx.api.get(`/api/v2/payouts/${id}`)).body.status

describe('payouts create', () => {
  it('creates a v2 e-mail payout; --json is the payout the emulator holds', async () => {
    const payout = jsonOf(
      await cli([
        'payouts',
        'create',
        '--amount',
        '120.5',
        '--currency',
        'eur',
        '--description',
        'October royalties',
        '--email',
        'maria@example.com',
        '--custom-id',
        'inv-1',
        '--tag',
        'q4',
        '--tag',
        'music',
        '--json',
      ]),
    )
    expect(payout).toMatchObject({
      object: 'payout',
      status: 'created',
      amount: '120.50',
      currency: 'EUR',
      customId: 'inv-1',
      recipient: {type: 'email', email: 'maria@example.com'},
      tags: ['q4', 'music'],
    })
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body).toEqual(payout)
  })

  it('human output: the id, then the record with money and its currency', async () => {
    const result = await cli([
      'payouts',
      'create',
      '--amount',
      '50',
      '--currency',
      'USD',
      '--description',
      'Bonus',
      '--phone',
      '+4915112345678',
      '--and-then',
      'send-claim-link',
    ])
    expect(result.code, result.stderr).toBe(0)
    const id = /^Created payout (payout_\S+) \(then send-claim-link\)$/m.exec(result.stdout)?.[1]
    expect(id).toBeDefined()
    expect(result.stdout).toMatch(/^Amount:\s+50\.00 USD$/m)
    expect(result.stdout).toMatch(/^Claim link sent:\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m)
    expect(await status(id!)).toBe('approved')
  })

  it('v1: a social handle creates through v1 and says created, then updated for the same customId', async () => {
    const args = ['payouts', 'create', '--currency', 'EUR', '--description', 'Views', '--custom-id', 'views-1']
    const first = await cli([
      ...args,
      '--amount',
      '30',
      '--creator-handle',
      '@maria',
      '--verification-method',
      'youtube-channel',
    ])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^Created payout payout_[0-9a-f-]{36} \(v1\)$/m)
    expect(first.stdout).toMatch(/^Recipient:\s+@maria$/m)
    const second = jsonOf(await cli([...args, '--amount', '35', '--creator-handle', '@maria', '--json']))
    expect(second).toMatchObject({action: 'updated', amount: '35.00', customId: 'views-1', creatorHandle: '@maria'})
    const stored = (await ctx.api.get('/api/v1/payout/views-1', {query: {id_type: 'custom_id'}})).body
    expect(stored.amount).toBe('35.00')
    expect(`payout_${stored.id}`).toBe(second.id)
  })

  it('--pre-approved creates an approved v1 payout (sandbox: no confirmation)', async () => {
    const payout = jsonOf(
      await cli([
        'payouts',
        'create',
        '--amount',
        '10',
        '--currency',
        'EUR',
        '--description',
        'x',
        '--email',
        'a@example.com',
        '--pre-approved',
        '--json',
      ]),
    )
    expect(payout).toMatchObject({status: 'approved', action: 'created'})
  })

  it('--and-then pay without payouts:approve exits 3 and creates nothing', async () => {
    const counterparty = await ctx.api.counterparty()
    const result = await cli(
      [
        'payouts',
        'create',
        '--amount',
        '5',
        '--currency',
        'EUR',
        '--description',
        'x',
        '--counterparty',
        counterparty.id,
        '--and-then',
        'pay',
      ],
      {key: DEFAULT},
    )
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/^Error: INSUFFICIENT_SCOPE: .*payouts:approve/)
    expect(await ctx.api.v1Count()).toBe(0)
  })

  it('a currency the service does not support is its 400: exit 6, one line', async () => {
    const result = await cli([
      'payouts',
      'create',
      '--amount',
      '5',
      '--currency',
      'JPY',
      '--description',
      'x',
      '--email',
      'a@example.com',
    ])
    expect(result.code).toBe(6)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/VALIDATION_ERROR: .*currency/)
  })
})

describe('payouts get, update, delete', () => {
  it('get takes a UUID, a payout_ id or --custom-id; several ids give an array in order', async () => {
    const [a, b] = await createMany(ctx.api, 2)
    const uuidOfB = b.id.slice('payout_'.length)
    const one = jsonOf(await cli(['payouts', 'get', uuidOfB, '--json']))
    expect(one).toEqual(b)
    const file = join(home.dir, 'ids.txt')
    writeFileSync(file, `${b.id}\n`)
    const many = jsonOf(await cli(['payouts', 'get', '--custom-id', a.customId, '--ids-file', file, '--json']))
    expect(many).toEqual([a, b])
    const piped = await cli(['payouts', 'get', a.id, b.id])
    expect(
      piped.stdout
        .trim()
        .split('\n')
        .map(line => line.split('\t').slice(0, 2)),
    ).toEqual([
      [a.id, a.customId],
      [b.id, b.customId],
    ])
  })

  it('update changes only the given fields while the payout is created', async () => {
    const payout = await ctx.api.v2Create({customId: 'upd-1', tags: ['a']})
    const updated = jsonOf(
      await cli([
        'payouts',
        'update',
        '--custom-id',
        'upd-1',
        '--amount',
        '11.00',
        '--email',
        'new@example.com',
        '--json',
      ]),
    )
    expect(updated).toMatchObject({
      id: payout.id,
      amount: '11.00',
      recipient: {type: 'email', email: 'new@example.com'},
      description: payout.description,
      tags: ['a'],
    })
    const cleared = jsonOf(await cli(['payouts', 'update', payout.id, '--clear-tags', '--json']))
    expect(cleared.tags).toEqual([])
  })

  it('update of an approved payout is a conflict: exit 5', async () => {
    const payout = await ctx.api.v2Create()
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const result = await cli(['payouts', 'update', payout.id, '--amount', '12'])
    expect(result.code).toBe(5)
    expect(result.stderr).toMatch(/^Error: INVALID_STATE: /)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.amount).toBe('10.00')
  })

  it('delete removes created payouts (gone from v2) and prints what the API answered', async () => {
    const [a, b] = await createMany(ctx.api, 2)
    const result = jsonOf(await cli(['payouts', 'delete', a.id, '--custom-id', b.customId, '--json']))
    expect(result).toEqual([
      {object: 'payout', id: a.id, deleted: true},
      {object: 'payout', id: b.id, deleted: true},
    ])
    expect((await ctx.api.get(`/api/v2/payouts/${a.id}`)).status).toBe(404)
    const human = await cli(['payouts', 'get', b.id])
    expect(human.code).toBe(4)
  })

  it('delete of a completed payout exits 5, names it, and stops before the next', async () => {
    const completed = await counterpartyPayout({andThen: 'pay'})
    expect(completed.status).toBe('completed')
    const [before, after] = await createMany(ctx.api, 2)
    const result = await cli(['payouts', 'delete', before.id, completed.id, after.id])
    expect(result.code).toBe(8)
    expect(result.stdout).toBe(`Deleted ${before.id}\n`)
    expect(result.stderr).toContain(`${completed.id}: `)
    expect(result.stderr).toContain(
      'nothing was applied; 1 payout before it was deleted; 1 payout after it was not attempted',
    )
    expect(await status(completed.id)).toBe('completed')
    expect(await status(after.id)).toBe('created')
    const alone = await cli(['payouts', 'delete', completed.id])
    expect(alone.code).toBe(5)
    expect(alone.stderr).toMatch(/^Error: INVALID_STATE: payout_/)
  })

  it('--api v1 deletes through v1: the payout stays readable as deleted, and a second delete succeeds', async () => {
    const payout = await ctx.api.v1Create({customId: 'v1-del'})
    const first = jsonOf(await cli(['payouts', 'delete', '--custom-id', 'v1-del', '--api', 'v1', '--json']))
    expect(first).toEqual([expect.objectContaining({id: payout.id, status: 'deleted'})])
    const again = await cli(['payouts', 'delete', payout.id, '--api', 'v1'])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(`Deleted ${payout.id} (status deleted)\n`)
  })
})

describe('payouts approve, pay, send-claim-link', () => {
  it('one id uses the single endpoint; --json is the payout as the emulator holds it (one id, one object)', async () => {
    const payout = await ctx.api.v2Create({customId: 'one'})
    const result = jsonOf(await cli(['payouts', 'approve', '--custom-id', 'one', '--json']))
    expect(result).toEqual((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body)
    expect(result.status).toBe('approved')
  })

  it('101 ids from a file become two approve calls of 100 and 1, all approved', async () => {
    const payouts = await createMany(ctx.api, 101)
    const counting = await startCountingProxy(ctx.emu.url)
    try {
      const file = join(home.dir, 'ids.txt')
      writeFileSync(file, `# ids\n${payouts.map(p => p.id).join('\n')}\n`)
      const result = await cli(['payouts', 'approve', '--ids-file', file, '--idempotency-key', 'run-1'], {
        origin: counting.origin,
      })
      expect(result.code, result.stderr).toBe(0)
      const calls = counting.calls('POST', '/api/v2/payouts/approve')
      expect(calls.map(c => JSON.parse(c.body).ids.length)).toEqual([100, 1])
      expect(JSON.parse(calls[1].body).ids).toEqual([payouts[100].id])
      expect(counting.requests.filter(r => r.method === 'POST')).toHaveLength(2)
      expect(result.stderr).toContain('Approved 101 payouts in 2 calls of at most 100.')
      expect(result.stdout.trim().split('\n')).toHaveLength(101)
      const listed = (await ctx.api.get('/api/v2/payouts', {query: {status: 'approved', limit: 100}})).body
      expect(listed.hasMore).toBe(true)
    } finally {
      await counting.close()
    }
  })

  it('a failing batch names the failing id and applies nothing of it', async () => {
    const [a, b, c] = await createMany(ctx.api, 3)
    await ctx.api.delete(`/api/v2/payouts/${b.id}`)
    const result = await cli(['payouts', 'approve', a.id, b.id, c.id, '--json'])
    expect(result.code).toBe(4)
    expect(result.stdout).toBe('')
    const error = JSON.parse(result.stderr).error
    expect(error.code).toBe('PAYOUT_NOT_FOUND')
    expect(error.message).toContain(`${b.id} (item 2 of 3): `)
    expect(error.message).toContain('nothing was applied')
    expect(error.data).toMatchObject({
      failedId: b.id,
      index: 1,
      batch: 1,
      batches: 1,
      applied: 0,
      outcome: 'not-applied',
    })
    expect(await status(a.id)).toBe('created')
    expect(await status(c.id)).toBe('created')
  })

  it('a second batch that fails leaves the first applied and says so (exit 8)', async () => {
    const payouts = await createMany(ctx.api, 130)
    await ctx.api.delete(`/api/v2/payouts/${payouts[110].id}`)
    const result = await cli(['payouts', 'approve', '-'], {input: payouts.map(p => p.id).join('\n')})
    expect(result.code).toBe(8)
    expect(result.stderr).toContain(`batch 2 of 2 at ${payouts[110].id} (item 11 of 30)`)
    expect(result.stderr).toContain('nothing in this batch was applied; 100 payouts in the earlier batch were approved')
    expect(await status(payouts[99].id)).toBe('approved')
    expect(await status(payouts[100].id)).toBe('created')
    expect(await status(payouts[129].id)).toBe('created')
    expect(result.stdout.trim().split('\n')).toHaveLength(100)
  })

  it('approve beyond the balance is refused whole: exit 6, nothing reserved', async () => {
    const big = await ctx.api.v2Create({amount: '9000.00'})
    const bigger = await ctx.api.v2Create({amount: '2000.00'})
    const result = await cli(['payouts', 'approve', big.id, bigger.id])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(
      /^Warning: 11000.00 EUR exceeds the 10000.00 EUR available \(total 10000.00, reserved 0.00\); deposit to IBAN DE\d+ with reference TEAM-\w+; see payctl team accounts$/m,
    )
    expect(result.stderr).toMatch(/^Error: INSUFFICIENT_BALANCE: /m)
    expect(result.stderr).toContain(bigger.id)
    expect(await status(big.id)).toBe('created')
  })

  it('--and-then pay approves and pays counterparty payouts', async () => {
    const payout = await counterpartyPayout()
    const result = jsonOf(await cli(['payouts', 'approve', payout.id, '--and-then', 'pay', '--json']))
    expect(result.status).toBe('completed')
  })

  it('pay of a failed payout needs payouts:approve: exit 3 without it; to the same method it fails again (exit 8); after a fix it is paid', async () => {
    const failed = await counterpartyPayout({fail: true, andThen: 'pay'})
    expect(failed.status).toBe('failed')
    const denied = await cli(['payouts', 'pay', failed.id], {key: DEFAULT})
    expect(denied.code).toBe(3)
    expect(denied.stderr).toMatch(/^Error: INSUFFICIENT_SCOPE: .*payouts:approve/)
    expect(await status(failed.id)).toBe('failed')
    const again = await cli(['payouts', 'pay', failed.id])
    expect(again.code).toBe(8)
    expect(again.stderr).toMatch(
      new RegExp(`^Error: PAYOUT_FAILED: the payout failed: ${failed.id}: failed: account_closed: `, 'm'),
    )
    const fixed = await ctx.api.patch(`/api/v2/counterparties/${failed.counterpartyId}`, {
      paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'},
    })
    expect(fixed.status, fixed.text).toBe(200)
    const paid = await cli(['payouts', 'pay', failed.id])
    expect(paid.code, paid.stderr).toBe(0)
    expect(paid.stdout.split('\t')[0]).toBe(failed.id)
    const transactions = (await ctx.api.get('/api/v2/transactions', {query: {payoutId: failed.id}})).body.data
    expect(transactions).toHaveLength(3)
  })

  it('pay of several approved counterparty payouts uses the batch endpoint', async () => {
    const a = await counterpartyPayout()
    const b = await counterpartyPayout()
    await ctx.api.post('/api/v2/payouts/approve', {ids: [a.id, b.id]})
    const result = jsonOf(await cli(['payouts', 'pay', a.id, b.id, '--json']))
    expect(result.map((p: Body) => p.status)).toEqual(['completed', 'completed'])
  })

  it('send-claim-link sets claimLinkSentAt on every payout', async () => {
    const payouts = await createMany(ctx.api, 3)
    const result = jsonOf(await cli(['payouts', 'send-claim-link', ...payouts.map(p => p.id), '--json']))
    expect(result.every((p: Body) => typeof p.claimLinkSentAt === 'string')).toBe(true)
    for (const payout of payouts)
      expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.claimLinkSentAt).toBeTruthy()
  })

  it('re-running with the same --idempotency-key replays instead of approving twice', async () => {
    const payouts = await createMany(ctx.api, 2)
    const args = ['payouts', 'approve', ...payouts.map(p => p.id), '--idempotency-key', 'cron-7', '--json']
    const first = jsonOf(await cli(args))
    const second = jsonOf(await cli(args))
    expect(second).toEqual(first)
    const team = (await ctx.api.get('/api/v1/team')).body
    expect(team.balances.find((b: Body) => b.currency === 'EUR').openPayoutAmount).toBe('2.00')
  })
})

describe('payouts list', () => {
  it('v1 by default: a table, newest first; --json equals the v1 list, ids in the one form', async () => {
    await createMany(ctx.api, 3)
    const table = await cli(['payouts', 'list', '-o', 'table'])
    expect(table.stdout).toMatch(/^ID\s+Custom ID\s+Status\s+Amount\s+Description\s+Recipient\s+Created$/m)
    expect(table.stdout).toMatch(/bulk-2\s+created\s+1\.00 EUR\s+\S.*\s+ada@example\.com/)
    const json = jsonOf(await cli(['payouts', 'list', '--json']))
    const v1 = (await ctx.api.get('/api/v1/payouts')).body as Body[]
    expect(json).toEqual(v1.map(p => ({...p, id: `payout_${p.id}`})))
  })

  it('--status switches to v2 cursor pages; --all follows them; --limit bounds them', async () => {
    const payouts = await createMany(ctx.api, 130)
    await ctx.api.post('/api/v2/payouts/approve', {ids: payouts.slice(0, 5).map(p => p.id)})
    const approved = jsonOf(await cli(['payouts', 'list', '--status', 'approved', '--json']))
    expect(approved.map((p: Body) => p.id).sort()).toEqual(
      payouts
        .slice(0, 5)
        .map(p => p.id)
        .sort(),
    )
    const all = await cli(['payouts', 'list', '--api', 'v2', '--all', '--output', 'jsonl'])
    const lines = all.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(lines).toHaveLength(130)
    expect(new Set(lines.map(p => p.id)).size).toBe(130)
    expect(lines[0].customId).toBe('bulk-129')
    const limited = await cli(['payouts', 'list', '--status', 'created', '--limit', '7', '--output', 'csv'])
    const rows = limited.stdout.trim().split('\n')
    expect(rows[0]).toBe(
      'id,customId,status,amount,currency,description,recipientEmail,recipientPhone,counterpartyId,tags,createdAt',
    )
    expect(rows).toHaveLength(8)
  })

  it('an empty list prints nothing in a pipe (a cron job mails nothing) and says so on a terminal', async () => {
    const result = await cli(['payouts', 'list', '--status', 'failed'])
    expect(result).toMatchObject({code: 0, stdout: '', stderr: ''})
    const shown = await runCliInTty(['payouts', 'list', '--status', 'failed'], {
      env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
    })
    expect(shown.output).toContain('No payouts.')
  })
})
