import * as z from 'zod/mini'
import {} from './answer-fields.js'

/** The hosted screens' URLs (spec 3). */

export const sessionUrlSchema = z.looseObject({url: z.string()})
export type SessionUrl = z.infer<typeof sessionUrlSchema>
