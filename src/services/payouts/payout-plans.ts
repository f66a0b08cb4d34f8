import type {CreatePayoutV1} from '../../client/v1/payouts-v1.js'
import type {AndThen, CreatePayoutV2, UpdatePayoutV2} from '../../client/v2/payouts-v2.js'
import {type ApiGeneration, counterpartyIdProblem, emailProblem} from '../../contract/primitives.js'
import {usageError} from '../../shared/errors.js'
import {amountProblem, canonicalAmount, formatAmount} from '../../shared/money.js'
import {refuseLookAlike} from '../recipients/look-alike-refusal.js'
import {checkPayoutBody} from './payout-body-check.js'

/** What `payouts create` was given (flag values, already format-checked by their flags). */
export interface CreateInput {
  api?: ApiGeneration
  amount: string
  currency: string
  description: string
  customId?: string
  tags?: string[]
  email?: string
  phone?: string
  counterparty?: string
  andThen?: AndThen
  idempotencyKey?: string
  creatorHandle?: string
  verificationMethod?: string
  payoutType?: string
  preApproved?: boolean
  notifications?: string
  /** The person accepts a look-alike address (--allow-confusable). */
  allowConfusable?: boolean
}

export type CreatePlan = {api: 'v1'; body: CreatePayoutV1} | {api: 'v2'; body: CreatePayoutV2}

const V1_ONLY = [
  ['creatorHandle', '--creator-handle'],
  ['verificationMethod', '--verification-method'],
  ['payoutType', '--payout-type'],
  ['preApproved', '--pre-approved'],
  ['notifications', '--notifications'],
] as const

const V2_ONLY = [
  ['counterparty', '--counterparty'],
  ['andThen', '--and-then'],
  ['idempotencyKey', '--idempotency-key'],
] as const

/** A v1 recipient: a social handle (@name), an e-mail address or a wallet address (spec section 1). */
export function creatorHandleProblem(value: string): string | undefined {
  if (value.startsWith('@')) return /^@[^\s@]+$/.test(value) ? undefined : `"${value}" is not a handle like @maria`
  if (value.includes('@')) return emailProblem(value)
  return /^[A-Za-z0-9]{26,64}$/.test(value)
    ? undefined
    : `"${value}" is not a handle (@name), an e-mail address or a wallet address`
}

/**
 * Chooses the API generation and builds the body. v1 is used when a v1-only field is given (a social handle
 * or wallet, verification method, payout type, pre-approval, notifications) or with --api v1; v2 otherwise.
 */
export function planCreate(input: CreateInput): CreatePlan {
  const api = chooseApi(input)
  checkCommonFields(input)
  refuseLookAlike(input.email, '--email', input.allowConfusable)
  refuseLookAlike(input.creatorHandle, '--creator-handle', input.allowConfusable)
  const tags = input.tags?.length ? input.tags : undefined
  const plan: CreatePlan = api === 'v1' ? {api, body: v1Body(input, tags)} : {api, body: v2Body(input, tags)}
  checkPayoutBody(api, plan.body)
  return plan
}

/** The generation a creation goes through (v1 when a v1-only field is given); contradicting flags are a usage error. */
export function chooseApi(input: CreateInput): ApiGeneration {
  const given = (key: keyof CreateInput) => input[key] !== undefined && input[key] !== false
  const v1Flags = V1_ONLY.filter(([key]) => given(key)).map(([, flag]) => flag)
  const v2Flags = V2_ONLY.filter(([key]) => given(key)).map(([, flag]) => flag)
  const api = input.api ?? (v1Flags.length ? 'v1' : 'v2')
  if (api === 'v2' && v1Flags.length) throw usageError(`${v1Flags.join(', ')} only exist in v1; drop --api v2`)
  if (api === 'v1' && v2Flags.length)
    throw usageError(`${v2Flags.join(', ')} cannot be combined with v1 creation (${v1Flags.join(', ') || '--api v1'})`)
  return api
}

function checkCommonFields(input: CreateInput): void {
  const amount = amountProblem(input.amount, input.currency)
  if (amount) throw usageError(`--amount: ${amount}`)
  if (!input.description.trim()) throw usageError('--description must not be empty')
  if (input.customId !== undefined && !input.customId.trim()) throw usageError('--custom-id must not be empty')
}

/** "--email and --phone were both given", "--email, --phone and --counterparty were all given". */
export function givenTogether(flags: Array<string | false | undefined>): string {
  const given = flags.filter((flag): flag is string => Boolean(flag))
  const last = given.pop()
  return given.length === 1
    ? `${given[0]} and ${last} were both given`
    : `${given.join(', ')} and ${last} were all given`
}

function v1Body(input: CreateInput, tags: string[] | undefined): CreatePayoutV1 {
  const recipients = [input.creatorHandle && '--creator-handle', input.email && '--email', input.phone && '--phone']
  if (recipients.filter(Boolean).length > 1) throw usageError(`give one recipient: ${givenTogether(recipients)}`)
  if (input.creatorHandle) {
    const problem = creatorHandleProblem(input.creatorHandle)
    if (problem) throw usageError(`--creator-handle: ${problem}`)
  }
  return {
    description: input.description,
    payoutAmount: canonicalAmount(input.amount, input.currency),
    currency: input.currency,
    customId: input.customId,
    creatorHandle: input.creatorHandle,
    verificationMethod: input.verificationMethod,
    preApproved: input.preApproved || undefined,
    payoutType: input.payoutType,
    email: input.email,
    phone: input.phone,
    tags,
    notifications: input.notifications,
  }
}

function v2Body(input: CreateInput, tags: string[] | undefined): CreatePayoutV2 {
  const recipients = [input.email && '--email', input.phone && '--phone', input.counterparty && '--counterparty']
  const count = recipients.filter(Boolean).length
  if (count !== 1)
    throw usageError(
      count
        ? `give one recipient: ${givenTogether(recipients)}`
        : 'give a recipient: --email, --phone or --counterparty (or --creator-handle for v1)',
    )
  if (input.counterparty) {
    const problem = counterpartyIdProblem(input.counterparty)
    if (problem) throw usageError(`--counterparty: ${problem}`)
  }
  return {
    description: input.description,
    amount: canonicalAmount(input.amount, input.currency),
    currency: input.currency,
    customId: input.customId,
    ...(input.counterparty
      ? {counterpartyId: input.counterparty}
      : {
          recipient: input.email
            ? {type: 'email' as const, email: input.email}
            : {type: 'phone' as const, phone: input.phone ?? ''},
        }),
    tags,
    andThen: input.andThen,
  }
}

/** The production confirmation a creation needs when it moves money (pre-approved, or any --and-then). */
export function createConfirmation(input: CreateInput) {
  if (!input.preApproved && !input.andThen) return undefined
  return {
    action: input.preApproved
      ? 'create a pre-approved payout'
      : input.andThen === 'pay'
        ? 'create, approve and pay a payout'
        : 'create and approve a payout (then send its claim link)',
    count: 1,
    totals: {[input.currency]: formatAmount(input.amount, input.currency)},
  }
}

export interface UpdateInput {
  amount?: string
  currency?: string
  description?: string
  email?: string
  phone?: string
  counterparty?: string
  customId?: string
  tags?: string[]
  allowConfusable?: boolean
}

/** The v2 PATCH body: only what was given; a new recipient replaces the old one whole. */
export function planUpdate(input: UpdateInput): UpdatePayoutV2 {
  if (input.amount !== undefined) {
    const problem = amountProblem(input.amount, input.currency)
    if (problem) throw usageError(`--amount: ${problem}`)
  }
  if (input.description !== undefined && !input.description.trim()) throw usageError('--description must not be empty')
  if (input.customId !== undefined && !input.customId.trim()) throw usageError('--set-custom-id must not be empty')
  if (input.counterparty !== undefined) {
    const problem = counterpartyIdProblem(input.counterparty)
    if (problem) throw usageError(`--counterparty: ${problem}`)
  }
  refuseLookAlike(input.email, '--email', input.allowConfusable)
  const patch: UpdatePayoutV2 = {
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    customId: input.customId,
    tags: input.tags,
  }
  if (input.email) patch.recipient = {type: 'email', email: input.email}
  if (input.phone) patch.recipient = {type: 'phone', phone: input.phone}
  if (input.counterparty) patch.counterpartyId = input.counterparty
  for (const key of Object.keys(patch) as Array<keyof UpdatePayoutV2>) if (patch[key] === undefined) delete patch[key]
  if (!Object.keys(patch).length) throw usageError('nothing to change: give at least one field (see --help)')
  checkPayoutBody('patch', patch)
  return patch
}
