import {describe, expect, it} from 'vitest'
import {ApiError, ConnectionError} from '../../src/client/api-errors.js'
import {PayctlError} from '../../src/shared/errors.js'
import {batchIdempotencyKey, batchKeyProblem, runInBatches} from '../../src/services/payouts/batch.js'

const items = (n: number) => Array.from({length: n}, (_, i) => ({apiId: `payout_${i}`, label: `payout_${i}`}))

describe('runInBatches', () => {
  it('sends calls of at most 100 ids, in order, and reports each applied batch', async () => {
    const sent: string[][] = []
    const applied: number[] = []
    const result = await runInBatches({
      items: items(201),
      verb: 'approved',
      send: async ids => {
        sent.push(ids)
        return ids
      },
      onApplied: (results, batch) => {
        applied.push(batch, results.length)
      },
    })
    expect(sent.map(ids => ids.length)).toEqual([100, 100, 1])
    expect(sent[1][0]).toBe('payout_100')
    expect(applied).toEqual([0, 100, 1, 100, 2, 1])
    expect(result).toEqual({applied: 201, batches: 3})
  })

  it('names the failing id from error.index, says nothing in that batch was applied, and stops', async () => {
    let calls = 0
    const error = await runInBatches({
      items: items(250),
      verb: 'approved',
      send: async ids => {
        calls++
        if (calls === 2)
          throw new ApiError({status: 409, code: 'INVALID_STATE', message: 'payout is completed', index: 7})
        return ids
      },
    }).catch(e => e)
    expect(error).toBeInstanceOf(PayctlError)
    expect(calls).toBe(2)
    expect(error.message).toBe(
      'batch 2 of 3 at payout_107 (item 8 of 100): payout is completed; nothing in this batch was applied; 100 payouts in the earlier batch were approved; 50 payouts after it were not sent',
    )
    expect(error.code).toBe('INVALID_STATE')
    expect(error.exitCode).toBe(8)
    expect(error.data).toMatchObject({failedId: 'payout_107', index: 7, batch: 2, batches: 3, applied: 100})
  })

  it('keeps the error exit code when nothing at all was applied', async () => {
    const error = await runInBatches({
      items: items(3),
      verb: 'approved',
      send: async () => {
        throw new ApiError({status: 422, code: 'INSUFFICIENT_BALANCE', message: 'not enough', index: 2})
      },
    }).catch(e => e)
    expect(error.exitCode).toBe(6)
    expect(error.message).toBe('payout_2 (item 3 of 3): not enough; nothing was applied')
  })

  it('does not claim anything about a batch whose answer never came', async () => {
    const error = await runInBatches({
      items: items(2),
      verb: 'paid',
      send: async () => {
        throw new ConnectionError('socket hang up')
      },
    }).catch(e => e)
    expect(error.exitCode).toBe(7)
    expect(error.message).toContain('the outcome of this batch is unknown')
    expect(error.data.outcome).toBe('unknown')
  })

  it('one-by-one runs say what was done before the failure', async () => {
    const error = await runInBatches({
      items: items(4),
      size: 1,
      verb: 'deleted',
      send: async ([id]) => {
        if (id === 'payout_2') throw new ApiError({status: 409, code: 'INVALID_STATE', message: 'completed'})
        return [id]
      },
    }).catch(e => e)
    expect(error.message).toBe(
      'payout_2: completed; nothing was applied; 2 payouts before it were deleted; 1 payout after it was not attempted',
    )
  })
})

describe('batch idempotency keys', () => {
  it('uses the key as is for one call and KEY-<n> for several', () => {
    expect(batchIdempotencyKey('k', 0, 1)).toBe('k')
    expect(batchIdempotencyKey('k', 1, 3)).toBe('k-2')
    expect(batchIdempotencyKey(undefined, 0, 3)).toBeUndefined()
  })

  it('refuses a key that would exceed 255 characters once suffixed', () => {
    expect(batchKeyProblem('x'.repeat(253), 2)).toBeUndefined()
    expect(batchKeyProblem('x'.repeat(254), 2)).toMatch(/at most 253 characters/)
    expect(batchKeyProblem('x'.repeat(255), 1)).toBeUndefined()
  })
})
