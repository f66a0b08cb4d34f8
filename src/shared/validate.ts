/**
 * Input checks shared by the resource commands. Each returns the reason a value is invalid (undefined when it
 * is valid), so that flags can fail at parse time with one line naming the flag and the value.
 */

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
