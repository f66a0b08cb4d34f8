import {describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {allPayoutsV2, importInFreshHome} from './helpers.js'

/**
 * The dry run applies every rule the sending step applies (the amount ceiling is the service's: neither applies
 * one), and the sending step fails only the row the service refuses (error.index), not its whole chunk. The built CLI against the emulator.
 */

vi.setConfig({testTimeout: 120_000})

const emulator = useEmulator({reset: false})
const importFile = (lines: string[], ...flags: string[]) => importInFreshHome(emulator.url, lines, ...flags)

describe('rows the service would refuse', () => {
  it("9999999999999.99: the ceiling is the service's, so the dry run and the sending step both pass it on; the service refuses that row alone", async () => {
    const lines = [
      'customId,description,amount,currency,recipientEmail',
      'big-a,A,5.00,EUR,a@example.com',
      'big-b,B,9999999999999.99,EUR,b@example.com',
    ]
    const dry = await importFile(lines, '--dry-run', '--offline')
    expect(dry.code, dry.stdout + dry.stderr).toBe(0)
    const real = await importFile(lines)
    expect(real.code, real.stdout + real.stderr).toBe(8)
    expect(real.summary).toMatchObject({created: 1, failed: 1})
    const ids = (await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)).map(p => p.customId)
    expect(ids).toContain('big-a')
    expect(ids).not.toContain('big-b')
  })

  it('a row the service refuses by index fails alone; the other rows of its chunk are created', async () => {
    const lines = [
      'customId,description,amount,currency,recipientEmail,counterpartyId',
      'ok-1,A,5.00,EUR,a@example.com,',
      'bad-2,B,6.00,EUR,,counterparty_00000000-0000-4000-8000-000000000000',
      'ok-3,C,7.00,EUR,c@example.com,',
    ]
    const res = await importFile(lines)
    expect(res.code, res.stdout + res.stderr).toBe(8)
    expect(res.summary).toMatchObject({created: 2, failed: 1})
    const ids = (await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey))
      .map(p => p.customId)
      .filter(id => !id?.startsWith('big-'))
      .sort()
    expect(ids).toEqual(['ok-1', 'ok-3'])
    // A re-run finds the two and fails the refused row again, never IDEMPOTENCY_KEY_REUSED.
    expect(JSON.stringify(res.summary)).not.toMatch(/IDEMPOTENCY_KEY_REUSED/)
  })
})
