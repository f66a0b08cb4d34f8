import {ApiError} from '../../client/api-errors.js'
import type {ResolvedProfile} from '../../config/resolve.js'
import {exitCodeForStatus} from '../errors/error-report.js'
import {PayctlError} from '../../shared/errors.js'

/**
 * The sandbox deposit's two documented refusals, explained: SANDBOX_ONLY (the profile's origin is not a
 * sandbox) and VERIFICATION_REQUIRED (the team has no wallet yet). Other errors pass through unchanged.
 */
export function depositErrorHint(error: unknown, profile: Pick<ResolvedProfile, 'name' | 'origin'>): unknown {
  if (!(error instanceof ApiError)) return error
  const request = error.requestId ? ` (request ${error.requestId})` : ''
  if (error.code === 'SANDBOX_ONLY')
    return new PayctlError(
      `test deposits exist only in the sandbox, and ${profile.origin} (profile "${profile.name}") is not one${request}`,
      {
        exitCode: exitCodeForStatus(error.status),
        code: error.code,
        suggestions: ['use a sandbox profile, or fund a production account by bank transfer (payctl team get)'],
        cause: error,
        data: {status: error.status, requestId: error.requestId},
      },
    )
  if (error.code === 'VERIFICATION_REQUIRED')
    return new PayctlError(`the team has no wallet yet, so it cannot hold a deposit${request}`, {
      exitCode: exitCodeForStatus(error.status),
      code: error.code,
      suggestions: [
        'the team owner sets the wallet up in a hosted screen, e.g. "payctl sessions kyb --redirect-url URL --open"',
      ],
      cause: error,
      data: {status: error.status, requestId: error.requestId},
    })
  return error
}
