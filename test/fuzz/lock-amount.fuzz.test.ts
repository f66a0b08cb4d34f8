import {mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {hostname, tmpdir} from 'node:os'
import {join} from 'node:path'
import Big from 'big.js'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {acquireFileLock, LOCK_HELD} from '../../src/config/file-lock.js'
import {chunkIdempotencyKey} from '../../src/services/import/plan/keys.js'
import {PayctlError} from '../../src/shared/errors.js'
import {minorUnits} from '../../src/shared/money.js'
import {rowKeys} from '../import/helpers.js'

/**
 * Fuzzing (fast-check; a fixed seed under CI, test/helpers/setup.ts) of two things a user's disk and files
 * decide: lock files of any content and age, and the forms one amount can be written in.
 */

const work = mkdtempSync(join(tmpdir(), 'payctl-fuzz-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

const TIMEOUT_MS = 200
/** The wait's ceiling plus room for a slow, shared machine. */
const CEILING_MS = TIMEOUT_MS + 3_000

const holderArb = fc.record(
  {
    host: fc.oneof(fc.constant(hostname()), fc.string(), fc.integer()),
    pid: fc.oneof(
      fc.constantFrom(0, -1, 1, process.pid, process.ppid, 2 ** 22 + 7, 2 ** 31),
      fc.integer(),
      fc.double(),
      fc.string(),
    ),
    processStart: fc.oneof(fc.string(), fc.integer()),
    since: fc.oneof(
      fc.string(),
      fc.date({noInvalidDate: true}).map(d => d.toISOString()),
    ),
  },
  {requiredKeys: []},
)

const contentArb = fc.oneof(
  holderArb.map(holder => JSON.stringify(holder)),
  fc.string(),
  fc.uint8Array({maxLength: 64}).map(bytes => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom('', '{', 'null', '[]', '"x"', '{"pid":null}'),
)

describe('lock files (fuzz)', () => {
  it('any content, pid, host and age: taken or refused with LOCK_HELD, within the ceiling, never a raw exception', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(contentArb, fc.integer({min: 0, max: 3_600_000}), async (content, ageMs) => {
        const path = join(work, `case-${n++}.lock`)
        writeFileSync(path, content)
        const at = (Date.now() - ageMs) / 1000
        utimesSync(path, at, at)
        const started = Date.now()
        try {
          const lock = await acquireFileLock(path, {timeoutMs: TIMEOUT_MS, staleMs: 60_000, pollMs: 10})
          await lock.release()
        } catch (error) {
          expect(error, String(error)).toBeInstanceOf(PayctlError)
          expect((error as PayctlError).code).toBe(LOCK_HELD)
        }
        expect(Date.now() - started).toBeLessThan(CEILING_MS)
      }),
      {numRuns: 60},
    )
  }, 60_000)
})

/** A currency of each kind of minor unit the contract takes: two places, none (amounts have at most two places). */
const CURRENCIES = ['EUR', 'JPY'] as const

/** One amount in minor units, written with `zeros` leading zeros and `decimals` decimals (at least those it needs). */
const formArb = (currency: string) =>
  fc.record({
    minor: fc.integer({min: 1, max: 30}),
    zeros: fc.integer({min: 0, max: 2}),
    decimals: fc.integer({min: 0, max: minorUnits(currency)!}),
  })

function written(currency: string, form: {minor: number; zeros: number; decimals: number}): string {
  const units = minorUnits(currency)!
  const value = new Big(form.minor).div(10 ** units)
  const needed =
    value
      .toFixed(units)
      .replace(/\.?0+$/, '')
      .split('.')[1]?.length ?? 0
  return '0'.repeat(form.zeros) + value.toFixed(Math.max(needed, form.decimals))
}

async function keysOf(amount: string, currency: string, name: string) {
  const path = join(work, name)
  writeFileSync(path, `description,amount,currency,recipientEmail\nFee,${amount},${currency},a@example.com\n`)
  const rows = await rowKeys(path)
  expect(rows).toHaveLength(1)
  return {identity: `${rows[0].customId}/${rows[0].content}`, key: chunkIdempotencyKey('target', 'v2', rows)}
}

describe('amount forms (fuzz)', () => {
  it('re-formatted amounts (leading zeros, trailing decimal zeros) give equal identities and keys exactly when equal', async () => {
    const pair = fc
      .constantFrom(...CURRENCIES)
      .chain(currency => fc.tuple(fc.constant(currency), formArb(currency), formArb(currency)))
    let n = 0
    await fc.assert(
      fc.asyncProperty(pair, async ([currency, a, b]) => {
        const [amountA, amountB] = [written(currency, a), written(currency, b)]
        const first = await keysOf(amountA, currency, `a-${n}.csv`)
        const second = await keysOf(amountB, currency, `b-${n++}.csv`)
        const same = new Big(amountA).eq(new Big(amountB))
        expect(first.identity === second.identity, `${amountA} vs ${amountB} ${currency}`).toBe(same)
        expect(first.key === second.key, `${amountA} vs ${amountB} ${currency}`).toBe(same)
      }),
      {numRuns: 60},
    )
  }, 60_000)
})
