/**
 * Input checks shared by the resource commands. Each returns the reason a value is invalid (undefined when it
 * is valid), so that flags can fail at parse time with one line naming the flag and the value.
 */

const COUNTRY = /^[A-Z]{2}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** Full ISO 8601 date-time with seconds optional and a zone (Z or an offset). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i

export function httpUrlProblem(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `"${value}" is not a URL; use e.g. https://example.com/done`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${value}" must be an http or https URL`
  return undefined
}

export function countryProblem(value: string): string | undefined {
  return COUNTRY.test(value) ? undefined : `"${value}" is not a two-letter country code like DE`
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

/** A duration like `90s`, `10m`, `1h30m` or plain seconds (`45`), in milliseconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  const text = value.trim().toLowerCase()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const match = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(text)
  if (!text || !match) return undefined
  const [, h = '0', m = '0', s = '0', ms = '0'] = match
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms)
}

/** Milliseconds as people read them: `45s`, `2m05s`, `1h02m`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`
}
