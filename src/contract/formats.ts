/**
 * Formats of the contract that flags, columns and the emulator's query checks share: country codes, calendar
 * dates and ISO 8601 date-times. Each check returns the reason a value is invalid (undefined when valid).
 */

export const COUNTRY_CODE = /^[A-Z]{2}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** Full ISO 8601 date-time with seconds optional and a zone (Z or an offset); `t` and `z` as RFC 3339 allows. */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

/** A date-time with a zone that names a real instant. */
export const isDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))

export function countryProblem(value: string): string | undefined {
  return COUNTRY_CODE.test(value) ? undefined : `"${value}" is not a two-letter country code like DE`
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export function dateProblem(value: string, example = '1990-04-30'): string | undefined {
  const match = DATE.exec(value)
  if (match) {
    const [year, month, day] = match.slice(1).map(Number)
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day)
      return undefined
  }
  return `"${value}" is not a date like ${example}`
}

/**
 * An ISO 8601 date-time with a zone ("2026-11-01T10:00:00Z", "2026-11-01T12:00+02:00"), or a date alone
 * ("2026-11-01", midnight UTC). Returns the instant as a UTC ISO string; throws with the reason otherwise.
 */
export function parseDateTime(value: string): string {
  const text = value.trim()
  if (DATE.test(text)) {
    const problem = dateProblem(text, '2026-11-01')
    if (problem) throw new Error(problem)
    return `${text}T00:00:00.000Z`
  }
  const ms = DATE_TIME.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(ms)) {
    const hint = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text) ? ' (add Z or an offset such as +02:00)' : ''
    throw new Error(`"${value}" is not an ISO 8601 date-time like 2026-11-01T10:00:00Z${hint}`)
  }
  // Reject values Date.parse rolls over (2026-02-30T10:00Z).
  const dayPart = text.slice(0, 10)
  if (dateProblem(dayPart)) throw new Error(`"${value}" is not a real date`)
  return new Date(ms).toISOString()
}
