/**
 * JSON with object keys sorted at every level, so that two values JSON reads alike print alike whatever their
 * key order: a field holding `undefined` is left out (as JSON.stringify leaves it out), an `undefined` array item
 * or value is `null`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>
    return `{${Object.keys(object)
      .filter(key => object[key] !== undefined)
      .sort()
      .map(key => `${JSON.stringify(key)}:${canonicalJson(object[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
