import {describe, expect, it} from 'vitest'
import {creation, initialState, type PayoutState} from '../../src/contract/lifecycle.js'
import {useEmulator} from '../helpers/emulator.js'

/** Issue 40: the emulator's creation (v1 and v2) takes a new payout's state from the lifecycle table. */
describe('a new payout starts in the state of the lifecycle table', () => {
  const ctx = useEmulator()

  it('is created, as the table says today', async () => {
    expect(initialState()).toBe('created')
    expect((await ctx.api.v2Create()).status).toBe('created')
  })

  it('changes with the table', async () => {
    const step = creation() as {to: PayoutState}
    step.to = 'expired'
    try {
      expect((await ctx.api.v2Create()).status).toBe('expired')
      expect((await ctx.api.v1Create()).status).toBe('expired')
    } finally {
      step.to = 'created'
    }
  })
})
