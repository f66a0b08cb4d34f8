import {describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {allPayoutsV2, countPayouts, importInFreshHome} from './helpers.js'

/**
 * A file written differently (amounts "12.5" / "12.50" / "5" / "5.00", tags in another order, an e-mail in another
 * case), imported again from another computer (a fresh home: no journal): the rows are already present, never a
 * second payout and never IDEMPOTENCY_KEY_REUSED. The built CLI against one emulator.
 */

vi.setConfig({testTimeout: 120_000})

const emulator = useEmulator()

/** Each run in a home of its own: another computer, or a lost journal. */
const importElsewhere = (lines: string[]) => importInFreshHome(emulator.url, lines)

const count = () => countPayouts(emulator.url, LOCAL_EMULATOR.fullKey)

describe('importing a re-formatted file', () => {
  for (const withCustomId of [false, true])
    it(`12.5 then 12.50, 5 then 5.00 (${withCustomId ? 'with' : 'without'} customIds): already present`, async () => {
      const header = `${withCustomId ? 'customId,' : ''}description,amount,currency,recipientEmail`
      const row = (id: string, amount: string) =>
        `${withCustomId ? `${id},` : ''}Royalties ${id},${amount},EUR,${id}@example.com`
      const first = await importElsewhere([header, row('r1', '12.5'), row('r2', '5')])
      expect(first.code, first.stderr).toBe(0)
      expect(await count()).toBe(2)
      const again = await importElsewhere([header, row('r1', '12.50'), row('r2', '5.00')])
      expect(again.stderr).not.toMatch(/IDEMPOTENCY_KEY_REUSED/)
      expect(again.code, again.stdout + again.stderr).toBe(0)
      expect(again.summary).toMatchObject({created: 0})
      expect(await count()).toBe(2)
      const amounts = (await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)).map(p => p.amount).sort()
      expect(amounts).toEqual(['12.50', '5.00'])
    })

  it('tags in another order and an e-mail in another case: the same payout, sent as sorted tags and lower case', async () => {
    const header = 'description,amount,currency,recipientEmail,tags'
    const first = await importElsewhere([header, 'Fee,7.00,EUR,Ann.Lee@Example.COM,royalty;q3;Books'])
    expect(first.code, first.stderr).toBe(0)
    const again = await importElsewhere([header, 'Fee,7,EUR,ann.lee@example.com,Books;royalty;q3'])
    expect(again.code, again.stdout + again.stderr).toBe(0)
    expect(again.summary).toMatchObject({created: 0})
    const payouts = await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({tags: ['Books', 'q3', 'royalty'], recipient: {email: 'ann.lee@example.com'}})
  })
})
