import {describe, expect, it} from 'vitest'
import {
  claimableStates,
  isApprovable,
  isApproved,
  isClaimable,
  isDeclined,
  isDeletable,
  isDeleted,
  isExpired,
  isFinal,
  isInTransfer,
  isOpen,
  isPayable,
  isSettled,
  isUnpaidEnd,
  isUpdatable,
  onlyFrom,
  PAYOUT_STATES,
  type PayoutState,
  stateAfter,
  statesFrom,
  TRANSITIONS,
  transition,
  V1_STATES,
  V2_STATES,
  v1EventsTo,
  v1StateOf,
} from '../../src/contract/lifecycle.js'
import {OPEN_STATES_SQL} from '../../src/emulator/store/state-sql.js'
import {conflictOf} from '../../src/services/payouts/allowed-plan.js'

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

  it('names each state by the step that leads to it', () => {
    expect(which(isApproved)).toEqual(['approved'])
    expect(which(isInTransfer)).toEqual(['requested'])
    expect(which(isSettled)).toEqual(['completed'])
    expect(which(isDeclined)).toEqual(['failed'])
    expect(which(isDeleted)).toEqual(['deleted'])
    expect(which(isExpired)).toEqual(['expired'])
    expect(which(isUnpaidEnd)).toEqual(['failed', 'expired'])
    expect([stateAfter('approve'), stateAfter('delete'), stateAfter('settle')]).toEqual([
      'approved',
      'deleted',
      'completed',
    ])
    expect(isSettled(undefined)).toBe(false)
    expect(claimableStates()).toBe('created, approved or failed')
    expect(onlyFrom('delete')).toBe('only created, approved, failed or expired payouts can be deleted')
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

  it('names the states a step leaves from: the refusals, the SQL and the pre-flight checks are made from the table', () => {
    expect(statesFrom('expire')).toEqual(['created', 'approved'])
    expect(which(isOpen)).toEqual(['created', 'approved'])
    expect(OPEN_STATES_SQL).toBe("'created', 'approved'")
    expect(onlyFrom('pay')).toBe('only approved or failed payouts can be paid')
    expect(onlyFrom('approve', 'are')).toBe('only created payouts are approved')
    expect(transition('request', 'failed')).toMatchObject({to: 'requested', v1Event: 'requested'})
  })

  it('changes the pre-flight checks with the table', () => {
    const approve = TRANSITIONS.find(step => step.trigger === 'approve')!
    const from = approve.from as PayoutState[]
    const failed = {id: 'payout_x', status: 'failed'}
    expect(conflictOf('approve', failed)).toBe('is failed; only created payouts are approved')
    from.push('failed')
    try {
      expect(conflictOf('approve', failed)).toBeUndefined()
      expect(conflictOf('approve', {id: 'payout_y', status: 'approved'})).toBe(
        'is approved; only created or failed payouts are approved',
      )
    } finally {
      from.pop()
    }
  })
})
