/**
 * The error envelope of both API generations (DESIGN.md): `{"error": {code, message, data?, index?, details?}}`.
 * Route code throws ApiFailure; the server turns it into the body.
 */

import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorDetail,
  HTTP_LAYER_ERRORS,
  RETRY_AFTER_STATUSES,
} from '../../contract/error-envelope.js'

export type {ErrorBody, ErrorDetail}

export class ApiFailure extends Error {
  readonly status: number
  readonly code: string
  readonly data?: unknown
  readonly details?: ErrorDetail[]
  readonly headers: Record<string, string>
  index?: number

  constructor(
    status: number,
    code: string,
    message: string,
    extra: {data?: unknown; details?: ErrorDetail[]; index?: number; headers?: Record<string, string>} = {},
  ) {
    super(message)
    this.name = 'ApiFailure'
    this.status = status
    this.code = code
    this.data = extra.data
    this.details = extra.details
    this.index = extra.index
    this.headers = extra.headers ?? {}
  }

  /** The same failure, located at one item of a batch. */
  at(index: number): this {
    this.index = index
    return this
  }

  body(): ErrorBody {
    const error: ErrorBody['error'] = {code: this.code, message: this.message}
    if (this.data !== undefined) error.data = this.data
    if (this.index !== undefined) error.index = this.index
    if (this.details !== undefined) error.details = this.details
    return {error}
  }
}

export const unauthorized = (message: string) =>
  new ApiFailure(ERROR_STATUS.UNAUTHORIZED, 'UNAUTHORIZED', message, {headers: {'www-authenticate': 'Bearer'}})

export const insufficientScope = (scope: string) =>
  new ApiFailure(
    ERROR_STATUS.INSUFFICIENT_SCOPE,
    'INSUFFICIENT_SCOPE',
    `this call needs the scope ${scope}, which the credentials do not have`,
    {
      data: {requiredScope: scope},
    },
  )

export const validationError = (details: ErrorDetail[], index?: number) =>
  new ApiFailure(
    ERROR_STATUS.VALIDATION_ERROR,
    'VALIDATION_ERROR',
    details.length === 1
      ? `invalid request: ${details[0].path ? `${details[0].path}: ` : ''}${details[0].message}`
      : `invalid request: ${details.length} problems`,
    {details, index},
  )

export const invalidField = (path: string, message: string) => validationError([{path, message}])

/** Throws VALIDATION_ERROR listing every problem, when there is one (`index`: the batch item it names). */
export function throwIfProblems(details: readonly ErrorDetail[], index?: number): void {
  if (details.length) throw validationError([...details], index)
}

export const notFound = (message: string) => new ApiFailure(ERROR_STATUS.NOT_FOUND, 'NOT_FOUND', message)

export const payoutNotFound = (id: string) =>
  new ApiFailure(ERROR_STATUS.PAYOUT_NOT_FOUND, 'PAYOUT_NOT_FOUND', `no payout ${id}`)

export const invalidState = (message: string, data?: unknown) =>
  new ApiFailure(ERROR_STATUS.INVALID_STATE, 'INVALID_STATE', message, {data})

export const verificationRequired = () =>
  new ApiFailure(
    ERROR_STATUS.VERIFICATION_REQUIRED,
    'VERIFICATION_REQUIRED',
    'the team has no wallet yet; the team owner must set it up before payouts can be approved or paid',
  )

export const insufficientBalance = (data: {walletBalance: string; totalOpenAmount: string; currency: string}) =>
  new ApiFailure(
    ERROR_STATUS.INSUFFICIENT_BALANCE,
    'INSUFFICIENT_BALANCE',
    `open payouts of ${data.totalOpenAmount} ${data.currency} would exceed the wallet balance of ${data.walletBalance} ${data.currency}`,
    {data},
  )

export const allowanceExceeded = (data: {
  currency: string
  limit: string
  used: string
  requested: string
  resetsAt: string | null
}) =>
  new ApiFailure(
    ERROR_STATUS.ALLOWANCE_EXCEEDED,
    'ALLOWANCE_EXCEEDED',
    `${data.requested} ${data.currency} would exceed today's spending allowance (${data.used} of ${data.limit} ${data.currency} used; it resets at ${data.resetsAt})`,
    {data},
  )

/** A status with the code the emulator uses for it (fault injection answers with these). */
export function failureForStatus(status: number, message: string, retryAfterSeconds = 1): ApiFailure {
  const codes: Record<number, string> = {
    400: 'VALIDATION_ERROR',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    422: 'UNPROCESSABLE',
    ...HTTP_LAYER_ERRORS,
  }
  const headers: Record<string, string> = RETRY_AFTER_STATUSES.includes(status)
    ? {'retry-after': String(retryAfterSeconds)}
    : {}
  return new ApiFailure(status, codes[status] ?? `HTTP_${status}`, message, {headers})
}
