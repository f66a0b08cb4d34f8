import * as z from 'zod/mini'

/** The bodies of the local emulator's control routes (`/_emulator/*`, docs/emulator.md), loose like every answer. */

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
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  retryAfter: z.optional(z.string()),
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
  /** A status fault's error code, message and Retry-After header (seconds or an HTTP date). */
  code?: string
  message?: string
  retryAfter?: string
}

export const clockSchema = z.looseObject({now: text, offsetSeconds: z.number(), expired: z.optional(z.number())})
export type ClockState = z.infer<typeof clockSchema>

export const payoutAnswerSchema = z.looseObject({id: z.string(), status: text})

export const resetSchema = z.looseObject({reset: z.literal(true), teamId: text})

export const faultAnswerSchema = z.looseObject({fault: faultSchema})
export const faultListSchema = z.looseObject({data: z.array(faultSchema)})
export const deliveryListSchema = z.looseObject({data: z.array(controlDeliverySchema)})
