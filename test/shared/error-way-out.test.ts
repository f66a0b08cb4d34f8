import {describe, expect, it} from 'vitest'
import {ApiError} from '../../src/client/api-errors.js'
import {errorInContext, formatErrorLine, reportError, withWayOut} from '../../src/services/errors/error-report.js'

const refused = new ApiError({
  status: 403,
  code: 'INSUFFICIENT_SCOPE',
  message: 'missing scope payouts:approve',
  requestId: 'req_42',
  data: {scope: 'payouts:approve'},
})

describe("an error reworded with its way out keeps the service's answer", () => {
  it('keeps the status, request id and data when it says what failed before the message', () => {
    const report = reportError(errorInContext(refused, 'payout payout_1 was created and left created', ['delete it']))
    expect(report).toMatchObject({
      exitCode: 3,
      code: 'INSUFFICIENT_SCOPE',
      message: 'payout payout_1 was created and left created: missing scope payouts:approve',
      status: 403,
      requestId: 'req_42',
      data: {scope: 'payouts:approve'},
      suggestions: ['delete it'],
    })
    expect(formatErrorLine(report)).toBe(
      'Error: INSUFFICIENT_SCOPE: payout payout_1 was created and left created: missing scope payouts:approve (request req_42); delete it',
    )
  })

  it('keeps the message as it is without a context', () => {
    expect(reportError(withWayOut(refused, {suggestions: []})).message).toBe('missing scope payouts:approve')
  })

  it('adds no answer to an error that had none', () => {
    const report = reportError(errorInContext(new Error('disk full'), 'could not write the journal', []))
    expect(report.status).toBeUndefined()
    expect(report.requestId).toBeUndefined()
    expect(report.message).toBe('could not write the journal: disk full')
  })
})
