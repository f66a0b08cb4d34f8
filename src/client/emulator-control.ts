import * as z from 'zod/mini'
import {parseResponse} from './parse.js'
import {path} from './path.js'
import {Transport, type TransportOptions} from './transport.js'

/**
 * The local emulator's control routes (`/_emulator/*`, docs/emulator.md): no credentials, loopback only.
 * Each method is one route; nothing here knows about the CLI.
 */

const text = z.string()

export const controlDeliverySchema = z.looseObject({
  id: z.string(),
  subscriptionId: z.string(),
  url: text,
  event: text,
  version: z.optional(z.number()),
  attempt: z.number(),
  responseStatus: z.nullable(z.number()),
  error: z.optional(text),
  scheduledAt: text,
  sentAt: z.nullable(text),
  body: z.unknown(),
})
export type ControlDelivery = z.infer<typeof controlDeliverySchema>

export const faultSchema = z.looseObject({
  id: z.number(),
  method: text,
  path: text,
  remaining: z.number(),
  action: text,
  status: z.optional(z.number()),
  delayMs: z.optional(z.number()),
})
export type Fault = z.infer<typeof faultSchema>

export type FaultAction = 'status' | 'delay' | 'drop' | 'drop-after-commit'

export interface FaultInput {
  method: string
  path: string
  action: FaultAction
  count?: number
  status?: number
  delayMs?: number
}

const clockSchema = z.looseObject({now: text, offsetSeconds: z.number(), expired: z.optional(z.number())})
export type ClockState = z.infer<typeof clockSchema>

const payoutAnswer = z.looseObject({id: z.string(), status: text})

const resetSchema = z.looseObject({reset: z.literal(true), teamId: text})

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
    return (await this.call(z.looseObject({fault: faultSchema}), 'POST', '/_emulator/faults', fault)).fault
  }

  async faults(): Promise<Fault[]> {
    return (await this.call(z.looseObject({data: z.array(faultSchema)}), 'GET', '/_emulator/faults')).data
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
  ): Promise<Record<string, unknown>> {
    return this.call(payoutAnswer, 'POST', path`/_emulator/payouts/${id}/claim`, {
      method,
      details,
      ...(taxResidence ? {taxResidence} : {}),
    })
  }

  /** Moves the payout's expiry to now and runs it: a created or approved payout becomes `expired`. */
  expire(id: string): Promise<Record<string, unknown>> {
    return this.call(payoutAnswer, 'POST', path`/_emulator/payouts/${id}/expire`)
  }

  /** Every delivery attempt, oldest first (after the attempts due now finished). */
  async deliveries(): Promise<ControlDelivery[]> {
    const answer = await this.call(
      z.looseObject({data: z.array(controlDeliverySchema)}),
      'GET',
      '/_emulator/webhooks/deliveries',
    )
    return answer.data
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}
