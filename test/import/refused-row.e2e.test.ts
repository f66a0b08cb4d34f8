import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {type RunningEmulator, startEmulator} from '../../src/emulator/index.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2, importInFreshHome, sharedEmulator} from './helpers.js'

/**
 * The dry run applies every rule the sending step applies, and the sending step fails only the row the service
 * refuses (error.index), not its whole chunk. The built CLI against the emulator.
 */

vi.setConfig({testTimeout: 120_000})

const emulator = sharedEmulator()
const importFile = (lines: string[], ...flags: string[]) => importInFreshHome(emulator.url, lines, ...flags)

describe('rows the service would refuse', () => {
  it('9999999999999.99: the dry run refuses it as the import does (exit 6, naming the row), nothing sent', async () => {
    const lines = [
      'description,amount,currency,recipientEmail',
      'A,5.00,EUR,a@example.com',
      'B,9999999999999.99,EUR,b@example.com',
    ]
    const dry = await importFile(lines, '--dry-run', '--offline')
    expect(dry.code, dry.stdout + dry.stderr).toBe(6)
    expect(dry.stdout).toMatch(/"line": 3,\s+"column": "amount"/)
    const real = await importFile(lines)
    expect(real.code).toBe(6)
    expect(await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)).toHaveLength(0)
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
    const ids = (await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)).map(p => p.customId).sort()
    expect(ids).toEqual(['ok-1', 'ok-3'])
    // A re-run finds the two and fails the refused row again, never IDEMPOTENCY_KEY_REUSED.
    expect(JSON.stringify(res.summary)).not.toMatch(/IDEMPOTENCY_KEY_REUSED/)
  })
})
