import {controlOperations} from '../contract/control-operations.js'
import type {AnswerOf, BodyOf, Operation} from '../contract/operation-types.js'
import {type CallInput, call} from './call.js'
import {Transport, type TransportOptions} from './transport.js'

/**
 * The local emulator's control routes (the contract's control table, docs/emulator.md): no credentials, loopback
 * only. Each method calls one row; nothing here knows about the CLI.
 */

export type {
  ClockState,
  ControlDelivery,
  ControlRequest,
  Fault,
  FaultAction,
  FaultInput,
} from '../contract/control-bodies.js'

const rows = controlOperations

export class EmulatorControl {
  readonly transport: Transport

  constructor(options: Omit<TransportOptions, 'auth'>) {
    this.transport = new Transport({...options, maxRetries: 0})
  }

  /** One control call, never retried (a reset or a claim is not safe to repeat blindly). */
  private async send<O extends Operation>(row: O, input: CallInput<O>): Promise<AnswerOf<O>> {
    return (await call(this.transport, row, {...input, retryable: false})).body
  }

  reset() {
    return this.send(rows.resetEmulator, {})
  }

  clock() {
    return this.send(rows.getClock, {})
  }

  /** Moves the clock forward; the answer comes after the expiries and webhook retries that became due. */
  advanceClock(seconds: number) {
    return this.send(rows.advanceClock, {body: {advanceSeconds: seconds}})
  }

  async addFault(fault: CallInput<typeof rows.addFault>['body']) {
    return (await this.send(rows.addFault, {body: fault})).fault
  }

  async faults() {
    return (await this.send(rows.listFaults, {})).data
  }

  async clearFaults(): Promise<void> {
    await this.send(rows.clearFaults, {})
  }

  /**
   * The recipient claims (as on the claim page); answers the payout in the generation of `id`. `taxResidence`:
   * the DAC7 step, which a team reporting under DAC7 asks of its recipients first (docs/emulator.md).
   */
  claim(
    id: string,
    method: string,
    details: Record<string, string>,
    taxResidence?: {country: string; taxIdentity?: Record<string, string>},
  ) {
    // The method and its details go as given (any method name): the emulator names what does not fit.
    const body = {method, details, ...(taxResidence ? {taxResidence} : {})} as BodyOf<typeof rows.claimPayout>
    return this.send(rows.claimPayout, {params: {id}, body})
  }

  /** Moves the payout's expiry to now and runs it: a created or approved payout becomes `expired`. */
  expire(id: string) {
    return this.send(rows.expirePayout, {params: {id}})
  }

  /** Every delivery attempt, oldest first (after the attempts due now finished). */
  async deliveries() {
    return (await this.send(rows.listDeliveries, {})).data
  }

  /** The requests the emulator answered (its control routes aside), oldest first; with `after`, the later ones. */
  async requests(after = 0) {
    return (await this.send(rows.listRequests, {query: {after}})).data
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}
