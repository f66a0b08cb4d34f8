const UNIT_SECONDS: Record<string, number> = {s: 1, m: 60, h: 3600, d: 86_400}

/**
 * `90`, `10s`, `5m`, `1h30m`, `30d`: a duration in whole seconds. Throws a message naming the value otherwise.
 */
export function parseDuration(value: string): number {
  const text = value.trim().toLowerCase()
  if (/^\d+$/.test(text)) return Number(text)
  const parts = [...text.matchAll(/(\d+)([smhd])/g)]
  if (!parts.length || parts.map(part => part[0]).join('') !== text)
    throw new Error(`"${value}" is not a duration; use e.g. 90, 10s, 5m, 1h30m or 30d`)
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_SECONDS[unit], 0)
}

/** 3700 -> "1h 1m 40s". */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return '0s'
  const out: string[] = []
  let rest = Math.round(seconds)
  for (const [unit, size] of Object.entries(UNIT_SECONDS).reverse()) {
    if (rest >= size) {
      out.push(`${Math.floor(rest / size)}${unit}`)
      rest %= size
    }
  }
  return out.join(' ')
}
