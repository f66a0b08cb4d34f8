/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), for "did you mean", bounded:
 * anything above `max` is reported as `max + 1`, and strings whose lengths differ by more are not compared.
 * Three rows of memory and at most (max * 2 + 1) cells per row: a huge header cell costs nothing.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const width = b.length + 1
  let before = new Array<number>(width).fill(0)
  let previous = Array.from({length: width}, (_, j) => j)
  let current = new Array<number>(width).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current.fill(max + 1)
    current[0] = i
    const from = Math.max(1, i - max)
    const to = Math.min(b.length, i + max)
    let best = current[0]
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1)
      current[j] = value
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return Math.min(previous[b.length], max + 1)
}

/** Longest name compared: a pasted paragraph must not cost quadratic time. */
const MAX_COMPARED = 64

/** The name in `names` closest to `typed`, when it is close enough to be a typo. */
export function closestName(typed: string, names: readonly string[]): string | undefined {
  const compared = typed.slice(0, MAX_COMPARED)
  let best: {name: string; distance: number} | undefined
  for (const candidate of names) {
    const d = editDistance(compared, candidate)
    if (!best || d < best.distance) best = {name: candidate, distance: d}
  }
  return best && best.distance <= Math.max(2, Math.floor(best.name.length / 3)) ? best.name : undefined
}
