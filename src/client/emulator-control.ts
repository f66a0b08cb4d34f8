import * as z from 'zod/mini'
import {
  type ClockState,
  type ControlDelivery,
  type ControlRequest,
  clockSchema,
  deliveryListSchema,
  type Fault,
  type FaultInput,
  faultAnswerSchema,
  faultListSchema,
  payoutAnswerSchema,
  requestListSchema,
  resetSchema,
} from '../contract/control-bodies.js'
import {parseResponse} from './parse.js'
import {path} from './path.js'
import {Transport, type TransportOptions} from './transport.js'

/**
 * The local emulator's control routes (`/_emulator/*`, docs/emulator.md): no credentials, loopback only.
 * Each method is one route; nothing here knows about the CLI.
 */

export type {
  ClockState,
  ControlDelivery,
  ControlRequest,
  Fault,
  FaultAction,
  FaultInput,
} from '../contract/control-bodies.js'

export class EmulatorControl {
  readonly transport: Transport

  constructor(options: Omit<TransportOptions, 'auth'>) {
    this.transport = new Transport({...options, maxRetries: 0})
  }

  private async call<T extends z.ZodMiniType>(
    schema: T,
    method: 'GET' | 'POST' | 'DELETE',
    route: string,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const res = await this.transport.request({method, path: route, body, retryable: false})
    return parseResponse(schema, res.body, `answer of ${method} ${route}`, res.requestId)
  }

  async reset(): Promise<{teamId: string}> {
    return this.call(resetSchema, 'POST', '/_emulator/reset')
  }

  clock(): Promise<ClockState> {
    return this.call(clockSchema, 'GET', '/_emulator/clock')
  }

  /** Moves the clock forward; the answer comes after the expiries and webhook retries that became due. */
  advanceClock(seconds: number): Promise<ClockState> {
    return this.call(clockSchema, 'POST', '/_emulator/clock', {advanceSeconds: seconds})
  }

  async addFault(fault: FaultInput): Promise<Fault> {
    return (await this.call(faultAnswerSchema, 'POST', '/_emulator/faults', fault)).fault
  }

  async faults(): Promise<Fault[]> {
    return (await this.call(faultListSchema, 'GET', '/_emulator/faults')).data
  }

  async clearFaults(): Promise<void> {
    await this.call(z.unknown(), 'DELETE', '/_emulator/faults')
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
  ): Promise<z.output<typeof payoutAnswerSchema>> {
    return this.call(payoutAnswerSchema, 'POST', path`/_emulator/payouts/${id}/claim`, {
      method,
      details,
      ...(taxResidence ? {taxResidence} : {}),
    })
  }

  /** Moves the payout's expiry to now and runs it: a created or approved payout becomes `expired`. */
  expire(id: string): Promise<Record<string, unknown>> {
    return this.call(payoutAnswerSchema, 'POST', path`/_emulator/payouts/${id}/expire`)
  }

  /** Every delivery attempt, oldest first (after the attempts due now finished). */
  async deliveries(): Promise<ControlDelivery[]> {
    const answer = await this.call(deliveryListSchema, 'GET', '/_emulator/webhooks/deliveries')
    return answer.data
  }

  /** The requests the emulator answered (its control routes aside), oldest first; with `after`, the later ones. */
  async requests(after = 0): Promise<ControlRequest[]> {
    const answer = await this.call(requestListSchema, 'GET', `/_emulator/requests?after=${after}`)
    return answer.data
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}
