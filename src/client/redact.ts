/** Keeps secrets out of debug traces: header values and JSON fields that carry credentials. */

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'])
/** JSON fields that carry secrets: `access_token`, `refreshToken`, `client_secret`, `apiKey`, … (not `token_type`). */
const SECRET_FIELD = /secret|token$|password|api_?key|^key$|code_verifier|assertion/i
/** Form fields (OAuth requests) add the authorization `code` and the revoked `token`. */
const SECRET_FORM_FIELD = /secret|token$|password|api_?key|^key$|code_verifier|^code$|assertion/i

export const REDACTED = '[redacted]'

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(', ') : value
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) || SECRET_FIELD.test(name) ? REDACTED : text
  }
  return out
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_FIELD.test(key) && typeof inner === 'string' ? REDACTED : redactValue(inner)
    }
    return out
  }
  return value
}

/** Redacts a request or response body for display; form-encoded and JSON bodies are understood. */
export function redactBody(text: string): string {
  if (!text) return text
  try {
    return JSON.stringify(redactValue(JSON.parse(text)))
  } catch {
    if (/^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)*$/.test(text)) {
      const params = new URLSearchParams(text)
      for (const key of [...params.keys()]) if (SECRET_FORM_FIELD.test(key)) params.set(key, REDACTED)
      return params.toString()
    }
    return text
  }
}

/** Removes any literal secret from a line of text (used as a last line of defence). */
export function scrubSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let out = text
  for (const secret of secrets) {
    if (secret && secret.length >= 6) out = out.split(secret).join(REDACTED)
  }
  return out
}
