import * as z from 'zod/mini'

/** The hosted screens' URLs (spec 3). */

export const sessionUrlSchema = z.looseObject({url: z.string()})
export type SessionUrl = z.infer<typeof sessionUrlSchema>
