import type * as z from 'zod/mini'
import {amount, amountFitsCurrency, body, currency, flag} from './request-fields.js'

/** v1 `PATCH /team` (spec 4.3: the field name is DESIGN.md's reading). */
export const patchTeamBody = body({dac7ReportingRequired: flag})
export type PatchTeam = z.input<typeof patchTeamBody>

/** v2 `POST /team/sandbox-deposit` (spec 4.5b). */
export const sandboxDepositBody = body({currency, amount}).check(amountFitsCurrency('amount'))
export type SandboxDeposit = z.input<typeof sandboxDepositBody>
