import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it, vi} from 'vitest'
import {type Body, DEFAULT, FULL} from '../emulator/helpers.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {CTRL_C, useProxiedHome} from '../helpers/holding-proxy.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Failed rows move forward by what their recipient needs, the built CLI against the emulator: failures the
 * service reports in its answer count at once (exit 8 without --wait); `import-status --retry-failed` pays
 * failed counterparty payouts again and sends failed e-mail payouts a fresh claim link, each kind on its own;
 * send-claim-link on a failed e-mail payout is no failure; Ctrl-C during a retry says where it stopped.
 */

vi.setConfig({testTimeout: 120_000})

const ctx = useEmulator()
const fx = useProxiedHome()

const GOOD = {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'}
const cli = (args: string[], key: string = FULL) =>
  runCommand(args, {env: {...fx.home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: key}})

/**
 * A file of `failing` rows to a counterparty whose bank declines, `good` rows to one that pays, and `emails`
 * e-mail rows, imported with --and-then pay; the e-mail payees then claim with PayPal's failure trigger.
 */
async function importFailures(counts: {failing: number; good?: number; emails?: number}) {
  const good = await ctx.api.counterparty({paymentMethod: GOOD})
  const failing = await ctx.api.counterparty({paymentMethod: {...GOOD, accountHolderName: 'SANDBOX FAIL Ann'}})
  const lines = ['customId,description,amount,currency,recipientEmail,counterpartyId']
  for (let i = 0; i < counts.failing; i++) lines.push(`bad-${i},Royalties,2.00,EUR,,${failing.id}`)
  for (let i = 0; i < (counts.good ?? 0); i++) lines.push(`good-${i},Royalties,3.00,EUR,,${good.id}`)
  for (let i = 0; i < (counts.emails ?? 0); i++) lines.push(`mail-${i},Royalties,4.00,EUR,payee${i}@example.com,`)
  const file = join(fx.home.dir, 'bulk.csv')
  writeFileSync(file, `${lines.join('\n')}\n`)
  const imported = await cli(['payouts', 'import', file, '--and-then', 'pay', '--json'])
  for (let i = 0; i < (counts.emails ?? 0); i++) {
    const payout = (await ctx.api.get(`/api/v2/payouts/mail-${i}`)).body
    const claimed = await ctx.api.claim(payout.id, 'paypal', {email: 'sandbox-fail@example.com'})
    expect(claimed.status, claimed.text).toBe(200)
  }
  return {file, failing, imported}
}

const payout = async (customId: string): Promise<Body> => (await ctx.api.get(`/api/v2/payouts/${customId}`)).body

describe('failures the service reports at once', () => {
  it('import --and-then pay without --wait: the declined rows failed, named with their reason, exit 8', async () => {
    const {file, imported, failing} = await importFailures({failing: 2, good: 2})
    expect(imported.code, imported.stderr).toBe(8)
    const summary = JSON.parse(imported.stdout)
    expect(summary).toMatchObject({created: 2, failed: 2, paymentsFailed: 2})
    expect(summary.problems.map((p: Body) => [p.line, p.status])).toEqual([
      [2, 'failed'],
      [3, 'failed'],
    ])
    expect(summary.problems[0].error).toMatch(/^payment failed: account_closed: /)
    expect(JSON.parse(imported.stderr).error).toMatchObject({code: 'PAYMENTS_FAILED', exitCode: 8})
    const again = await cli(['payouts', 'import', file, '--and-then', 'pay'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain('Nothing to send: no row of bulk.csv changed since its import into profile')
    const one = join(fx.home.dir, 'one.csv')
    writeFileSync(one, `customId,description,amount,currency,counterpartyId\nbad-h,Royalties,2.00,EUR,${failing.id}\n`)
    const human = await cli(['payouts', 'import', one, '--and-then', 'pay'])
    expect(human.code).toBe(8)
    expect(human.stdout).toMatch(/^\s+Failed:\s+1 \(1 declined by the service at once: their payouts are failed\)$/m)
    expect(human.stdout).toMatch(/^line 2 \(bad-h\): failed: payment failed: account_closed: /m)
  })
})

describe('--retry-failed by kind', () => {
  it('pays the counterparty rows again and sends the e-mail rows a fresh claim link; they then wait on the payee, exit 0', async () => {
    const {file, failing} = await importFailures({failing: 2, emails: 2})
    const patched = await ctx.api.patch(`/api/v2/counterparties/${failing.id}`, {paymentMethod: GOOD})
    expect(patched.status, patched.text).toBe(200)
    const before = await payout('mail-0')
    const result = await cli(['payouts', 'import-status', file, '--retry-failed', '--wait', '-o', 'json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Paid again: 2 payouts, lines 2, 3 (counterparty payouts)')
    expect(result.stderr).toContain('Sent a fresh claim link: 2 payouts, lines 4, 5 (e-mail or phone payees)')
    const rows = JSON.parse(result.stdout) as Body[]
    expect(rows.map(r => r.status)).toEqual(['completed', 'completed', 'awaiting-claim', 'awaiting-claim'])
    const after = await payout('mail-0')
    expect(after.status).toBe('failed')
    expect(Date.parse(after.claimLinkSentAt)).toBeGreaterThan(Date.parse(before.claimLinkSentAt))
    const again = await cli(['payouts', 'import-status', file, '--retry-failed'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain('No failed payouts to retry.')
  })

  it('one kind refused never blocks the other: without payouts:approve the links still go out; the unpaid rows need you, exit 8', async () => {
    const {file} = await importFailures({failing: 2, emails: 1})
    const result = await cli(['payouts', 'import-status', file, '--retry-failed'], DEFAULT)
    expect(result.code).toBe(8)
    expect(result.stderr).toMatch(/^Warning: Not paid again: 2 payouts, lines 2, 3: /m)
    expect(result.stderr).toContain('Sent a fresh claim link: 1 payout, line 4')
    expect(result.stderr).toMatch(/ROWS_FAILED: 2 of 3 rows did not go through \(failed: 2\)/)
    expect((await payout('bad-0')).status).toBe('failed')
    expect((await payout('mail-0')).claimLinkSentAt > (await payout('mail-0')).requestedAt).toBe(true)
  })

  it('send-claim-link on a failed e-mail payout sends the link and exits 0 (pay is for counterparty payouts)', async () => {
    await importFailures({failing: 0, emails: 1})
    const id = (await payout('mail-0')).id
    const result = await cli(['payouts', 'send-claim-link', id])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Sent the claim link of 1 payout.')
    expect(result.stderr).not.toContain('pay again')
  })

  it('Ctrl-C during --retry-failed: the call in flight finishes, exit 130, the line says where it stopped and how to resume', async () => {
    const {file} = await importFailures({failing: 101})
    fx.proxy = await startCountingProxy(ctx.emu.url, {
      hold: request => request.method === 'POST' && request.url.startsWith('/api/v2/payouts/pay'),
    })
    const result = await runCliInTty(['payouts', 'import-status', file, '--retry-failed'], {
      env: {...fx.home.env, PAYCTL_ORIGIN: fx.proxy.origin, PAYCTL_API_KEY: FULL},
      steps: [
        {when: fx.proxy.held, send: CTRL_C},
        {when: 'Stopping after the batch in flight', run: fx.proxy.release},
      ],
    })
    expect(result.code, result.output).toBe(130)
    expect(result.said).toMatch(
      /INTERRUPTED: interrupted after batch 1 of 2 \(calls of at most 100\); 100 payouts paid again; 1 payout not sent, from line 102 \(payout_[0-9a-f-]+\) \(item 101 of the input\) on/,
    )
    expect(result.said).toContain(`re-run the same command (payctl payouts import-status ${file} --retry-failed)`)
    expect(fx.proxy.calls('POST', '/api/v2/payouts/pay')).toHaveLength(1)
  })
})
