import {present} from '../shared/present.js'
/**
 * The payout lifecycle of spec section 3, once: the states of both generations, the transitions with the events
 * they emit, and the predicates everyone asks (may it be deleted, updated, approved, paid, claimed; is it final).
 * The emulator changes a payout's state only through it (domain/payout-transition.ts) and makes its SQL state
 * lists from it; the CLI's pre-flight checks, the wait goals, the webhook payloads, the failure hints and
 * `emulator trigger` read it. `npm run lint` refuses a list of states written anywhere else.
 */

/** Every state a payout can be in (the emulator stores these). */
export const PAYOUT_STATES = ['created', 'approved', 'requested', 'completed', 'failed', 'deleted', 'expired'] as const
export type PayoutState = (typeof PAYOUT_STATES)[number]

/** v1 states: `failed` shows as `requested` (v1 has no failed state); deleted payouts stay visible. */
export const V1_STATES = ['created', 'approved', 'requested', 'completed', 'deleted', 'expired'] as const
export type V1State = (typeof V1_STATES)[number]

/** v2 states: deleted payouts disappear from v2 (404 PAYOUT_NOT_FOUND). */
export const V2_STATES = ['created', 'approved', 'requested', 'completed', 'failed', 'expired'] as const
export type V2State = (typeof V2_STATES)[number]

/** How v1 shows a state. */
export const v1StateOf = (state: PayoutState): V1State => (state === 'failed' ? 'requested' : state)

/** The v1 event statuses (spec 6.2): every v1 state fires an event whose payout status is that state. */
export const V1_EVENT_STATUSES = V1_STATES

/** The v2 events a transition emits (spec 6.2: after settlement of a pay request). */
export const V2_EVENTS = ['payout.completed', 'payout.failed'] as const
export type V2Event = (typeof V2_EVENTS)[number]

export type Trigger = 'create' | 'update' | 'approve' | 'request' | 'pay' | 'settle' | 'fail' | 'delete' | 'expire'

export interface Transition {
  from: readonly PayoutState[]
  trigger: Trigger
  to: PayoutState
  /** The v1 event status and the v2 event the transition emits. */
  v1Event?: V1State
  v2Event?: V2Event
}

/** Spec section 3 (expiry: not shown there; the emulator's reading is docs/emulator.md). */
export const TRANSITIONS: readonly Transition[] = [
  {from: [], trigger: 'create', to: 'created', v1Event: 'created'},
  {from: ['created'], trigger: 'update', to: 'created'},
  {from: ['created'], trigger: 'approve', to: 'approved', v1Event: 'approved'},
  // A claim requests the transfer: of an approved payout, or of a failed one claimed again with a new method.
  {from: ['approved', 'failed'], trigger: 'request', to: 'requested', v1Event: 'requested'},
  {from: ['approved', 'failed'], trigger: 'pay', to: 'requested', v1Event: 'requested'},
  {from: ['requested'], trigger: 'settle', to: 'completed', v1Event: 'completed', v2Event: 'payout.completed'},
  {from: ['requested'], trigger: 'fail', to: 'failed', v2Event: 'payout.failed'},
  {from: ['created', 'approved', 'failed', 'expired'], trigger: 'delete', to: 'deleted', v1Event: 'deleted'},
  {from: ['created', 'approved'], trigger: 'expire', to: 'expired', v1Event: 'expired'},
]

/** The step that brings a payout into being: the one `create` row, from no state. */
export const creation = (): Transition =>
  present(TRANSITIONS.find(step => step.trigger === 'create' && !step.from.length))

/** The state a new payout starts in (the emulator's creation writes it). */
export const initialState = (): PayoutState => creation().to

/** The transition `trigger` makes from a state (any state a payout says it is in: an unknown one has none). */
export function transition(trigger: Trigger, from: string): Transition | undefined {
  return TRANSITIONS.find(candidate => candidate.trigger === trigger && candidate.from.some(state => state === from))
}

/** A predicate of the table: whether `trigger` may move a payout in `state` (a payout without a state: no). */
const may = (trigger: Trigger) => (state: string | undefined) =>
  state !== undefined && transition(trigger, state) !== undefined

/** The states `trigger` leaves from, in the table's order (what a refusal names, what SQL selects). */
export const statesFrom = (trigger: Trigger): readonly PayoutState[] =>
  PAYOUT_STATES.filter(state => transition(trigger, state) !== undefined)

const PARTICIPLE: Record<Trigger, string> = {
  create: 'created',
  update: 'updated',
  approve: 'approved',
  request: 'requested',
  pay: 'paid',
  settle: 'settled',
  fail: 'failed',
  delete: 'deleted',
  expire: 'expired',
}

/** States as a refusal names them: "created, approved or failed". */
export const namedStates = (states: readonly string[]): string =>
  states.length > 1 ? `${states.slice(0, -1).join(', ')} or ${states.at(-1)}` : states.join('')

/** What a refusal of `trigger` says: "only created payouts can be approved" (`mood` 'are': "are approved"). */
export const onlyFrom = (trigger: Trigger, mood: 'can be' | 'are' = 'can be'): string =>
  `only ${namedStates(statesFrom(trigger))} payouts ${mood} ${PARTICIPLE[trigger]}`

/** Deletable (v2 DELETE; v1 adds: a deleted payout is returned unchanged). */
export const isDeletable = may('delete')
/** Updatable (v2 PATCH, v1 upsert of changed fields): only while created. */
export const isUpdatable = may('update')
export const isApprovable = may('approve')
/** Payable by the v2 pay endpoints: approved, or failed (then with `payouts:approve`). */
export const isPayable = may('pay')
/** Not yet requested, so it may still expire: created or approved (a claim link out waits on its recipient). */
export const isOpen = may('expire')
/** A recipient may claim it on the hosted claim page: not yet paid, or paid and failed (a new method). */
export const isClaimable = (state: string | undefined) => isOpen(state) || may('request')(state)
/** The states a recipient may claim in (and a claim link goes out for), as a refusal names them. */
export const claimableStates = (): string => namedStates(PAYOUT_STATES.filter(isClaimable))
/** No transition leaves it (a failed payout may still be paid again, so it is not final). */
export const isFinal = (state: string) =>
  !TRANSITIONS.some(candidate => candidate.from.some(from => from === state) && candidate.to !== state)

/** Whether a payout in `state` got there by `trigger`: the states named by what happened to the payout. */
const reachedBy = (trigger: Trigger) => (state: string | undefined) =>
  TRANSITIONS.some(step => step.trigger === trigger && step.to === state)

/** The state `trigger` leads to (what SQL, a sample payout or a stand-in for a payout gone names). */
export const stateAfter = (trigger: Exclude<Trigger, 'create' | 'update'>): PayoutState =>
  present(TRANSITIONS.find(step => step.trigger === trigger)).to

/** Approved and not yet requested: its amount is reserved against the team's balance. */
export const isApproved = reachedBy('approve')
/** Its transfer is under way (v1 shows a failed payout so too). */
export const isInTransfer = reachedBy('request')
/** Settled: the money reached the recipient. */
export const isSettled = reachedBy('settle')
/** The transfer was declined: its reservation released, it may be paid or claimed again. */
export const isDeclined = reachedBy('fail')
/** Deleted by the team (v2 no longer shows it). */
export const isDeleted = reachedBy('delete')
/** Expired before it was requested. */
export const isExpired = reachedBy('expire')
/** A state that ended without the money arriving (what failure hints explain). */
export const isUnpaidEnd = (state: string | undefined) => isDeclined(state) || isExpired(state)

/** A transaction's kinds and states (spec 4.5b): pending until its payout or deposit settles. */
export const TRANSACTION_TYPES = ['deposit', 'payout'] as const
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]
/** A transaction whose payout or deposit settled. */
export const isTransactionSettled = (status: string) => status === ('completed' satisfies TransactionStatus)

/** The v1 event statuses a payout passes through to reach `to` the ordinary way (create, approve, request...). */
export function v1EventsTo(to: 'completed' | 'failed'): V1State[] {
  const path: Trigger[] = ['create', 'approve', 'request', to === 'completed' ? 'settle' : 'fail']
  let state: PayoutState | undefined
  const events: V1State[] = []
  for (const trigger of path) {
    const step: Transition | undefined = state === undefined ? creation() : transition(trigger, state)
    if (!step) break
    if (step.v1Event) events.push(step.v1Event)
    state = step.to
  }
  return events
}
