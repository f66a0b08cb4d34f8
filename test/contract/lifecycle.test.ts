import {describe, expect, it} from 'vitest'
import {
  isApprovable,
  isClaimable,
  isDeletable,
  isFinal,
  isPayable,
  isUpdatable,
  PAYOUT_STATES,
  transition,
  V1_STATES,
  V2_STATES,
  v1EventsTo,
  v1StateOf,
} from '../../src/contract/lifecycle.js'

const which = (predicate: (state: string) => boolean) => PAYOUT_STATES.filter(predicate)

describe('the payout lifecycle of spec section 3', () => {
  it('answers the predicates of each state', () => {
    expect(which(isDeletable)).toEqual(['created', 'approved', 'failed', 'expired'])
    expect(which(isUpdatable)).toEqual(['created'])
    expect(which(isApprovable)).toEqual(['created'])
    expect(which(isPayable)).toEqual(['approved', 'failed'])
    expect(which(isClaimable)).toEqual(['created', 'approved', 'failed'])
    expect(which(isFinal)).toEqual(['completed', 'deleted'])
  })

  it('names the events a transition emits in each generation', () => {
    expect(transition('settle', 'requested')).toMatchObject({
      to: 'completed',
      v1Event: 'completed',
      v2Event: 'payout.completed',
    })
    expect(transition('fail', 'requested')).toMatchObject({to: 'failed', v2Event: 'payout.failed'})
    expect(transition('fail', 'requested')?.v1Event).toBeUndefined()
    expect(transition('delete', 'completed')).toBeUndefined()
    expect(v1EventsTo('completed')).toEqual(['created', 'approved', 'requested', 'completed'])
    expect(v1EventsTo('failed')).toEqual(['created', 'approved', 'requested'])
  })

  it('shows v1 a failed payout as requested and v2 never a deleted one', () => {
    expect(v1StateOf('failed')).toBe('requested')
    expect(V1_STATES).not.toContain('failed')
    expect(V2_STATES).not.toContain('deleted')
  })
})
