import {describe, expect, it} from 'vitest'
import {dateProblem, parseDateTime} from '../src/contract/formats.js'
import {emailProblem, ibanProblem, phoneProblem} from '../src/contract/primitives.js'
import {httpUrlProblem} from '../src/shared/validate.js'

describe('input checks', () => {
  it('parses ISO date-times with a zone, and dates as midnight UTC', () => {
    expect(parseDateTime('2026-11-01')).toBe('2026-11-01T00:00:00.000Z')
    expect(parseDateTime('2026-11-01T12:00+02:00')).toBe('2026-11-01T10:00:00.000Z')
    expect(parseDateTime('2026-11-01T10:00:00.5Z')).toBe('2026-11-01T10:00:00.500Z')
  })

  it.each(['2026-11-01T10:00', 'yesterday', '2026-02-30', '2026-02-30T10:00Z', '1700000000', '2026-11-01 10:00Z'])(
    'rejects %s',
    value => {
      expect(() => parseDateTime(value)).toThrow(/is not/)
    },
  )

  it('checks e-mails, phones, URLs, dates and IBANs', () => {
    expect(emailProblem('a@b.co')).toBeUndefined()
    expect(emailProblem('a@b')).toMatch(/not an e-mail/)
    expect(phoneProblem('+4915112345678')).toBeUndefined()
    expect(phoneProblem('015112345678')).toMatch(/international format/)
    expect(httpUrlProblem('https://example.com/x?y=1')).toBeUndefined()
    expect(httpUrlProblem('javascript:alert(1)')).toMatch(/http or https/)
    expect(httpUrlProblem('example.com')).toMatch(/not a URL/)
    expect(dateProblem('1990-04-30')).toBeUndefined()
    expect(dateProblem('1990-04-31')).toMatch(/not a date/)
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeUndefined()
    expect(ibanProblem('DE89370400440532013001')).toMatch(/check digits/)
  })
})
