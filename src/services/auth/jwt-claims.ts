/** Reads (does not verify) a JWT's claims; the server verifies, the CLI only displays. */
export function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
    return claims && typeof claims === 'object' ? claims : undefined
  } catch {
    return undefined
  }
}

/** The team chosen at authorization, from the claim `<service-origin>/oauth/team_id` (spec 5.4). */
export function teamIdFromToken(token: string, origin: string): string | undefined {
  const claims = decodeJwtClaims(token)
  if (!claims) return undefined
  const exact = claims[`${origin}/oauth/team_id`]
  if (typeof exact === 'string') return exact
  for (const [key, value] of Object.entries(claims))
    if (key.endsWith('/oauth/team_id') && typeof value === 'string') return value
  return undefined
}
