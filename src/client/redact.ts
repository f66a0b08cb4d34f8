import {PIECE, secretForms, secretPieces} from './secret-forms.js'

/** Keeps secrets out of debug traces: header values and JSON fields that carry credentials. */

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'])
/**
 * Names that carry secrets, compared without case and separators: `access_token`, `refreshToken`, `client_secret`,
 * `apiKey`, `api-key`, `API_KEY`, `x-api-key`, `authorization`, … (not `token_type`, not `idempotency-key`).
 */
const SECRET_NAME = /secret|token$|password|apikey|^key$|codeverifier|assertion|authorization|cookie/
/** Form fields (OAuth requests) add the authorization `code`. */
const SECRET_FORM_NAME = /^code$/

const plainName = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '')
export const isSecretName = (name: string) => SECRET_NAME.test(plainName(name))

export const REDACTED = '[redacted]'

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(', ') : value
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) || isSecretName(name) ? REDACTED : text
  }
  return out
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] = isSecretName(key) && typeof inner === 'string' ? REDACTED : redactValue(inner)
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
      for (const key of [...params.keys()])
        if (isSecretName(key) || SECRET_FORM_NAME.test(key)) params.set(key, REDACTED)
      return params.toString()
    }
    return text
  }
}

/** A bearer credential quoted in a message ("bad key Bearer sk_…"): never worth showing. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g

/** Removes bearer credentials of any kind from a message meant for people or agents. */
export const scrubBearer = (text: string): string => text.replace(BEARER, `$1 ${REDACTED}`)

/**
 * Every secret this process has held, in every spelling of secret-forms.ts, in upper, lower or mixed case: whatever
 * a run scrubbed once (the key, tokens before and after a refresh, a replaced refresh token, webhook secrets) stays
 * scrubbed until it ends.
 */
const held = new Set<string>()
let spellings: RegExp | undefined
/** The held secrets with any of their characters escaped (escapedSecret). */
let escapedSpellings: RegExp | undefined
let pieces = new Set<string>()
/** The first two characters of every piece (as one number): most places in a text are passed over on them alone. */
let pieceStarts = new Set<number>()
const pairAt = (text: string, i: number) => text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1)
/**
 * Every run of TRIGRAM characters inside a piece, marked by a 16-bit hash: a run of PIECE characters always holds
 * one that starts at a multiple of STRIDE, so a text is looked at closely only around such marks.
 */
const TRIGRAM = 3
const STRIDE = PIECE - TRIGRAM + 1
let trigrams = new Uint8Array(65536)
const trigramAt = (text: string, i: number) =>
  (text.charCodeAt(i) * 961 + text.charCodeAt(i + 1) * 31 + text.charCodeAt(i + 2)) & 0xffff

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** HTML's names of ASCII punctuation a key or token may hold (`&lowbar;` is `_`). */
const HTML_NAMES: Readonly<Record<string, readonly string[]>> = {
  _: ['lowbar', 'UnderBar'],
  '+': ['plus'],
  '/': ['sol'],
  '=': ['equals'],
  '.': ['period'],
  ':': ['colon'],
  '~': ['tilde'],
  '-': ['hyphen', 'dash'],
}

/**
 * One character of a secret in any escape a server or proxy may echo it in (the pattern is used without case):
 * itself, JSON and JavaScript `\u0073`, `\x73`, `\/`, percent `%73`, HTML `&#115;`, `&#x73;` and the names above.
 */
function escapedChar(char: string): string {
  const alternatives = new Set([literal(char)])
  for (const variant of new Set([char, char.toLowerCase(), char.toUpperCase()])) {
    if (variant.length !== 1) continue
    const code = variant.charCodeAt(0)
    const hex = code.toString(16)
    alternatives
      .add(`\\\\u${hex.padStart(4, '0')}`)
      .add(`&#x0*${hex};`)
      .add(`&#0*${code};`)
    if (code < 0x80) alternatives.add(`\\\\x${hex.padStart(2, '0')}`).add(`%${hex.padStart(2, '0')}`)
    for (const name of HTML_NAMES[variant] ?? []) alternatives.add(`&${name};`)
  }
  if (char === '/') alternatives.add('\\\\/')
  return `(?:${[...alternatives].join('|')})`
}

/** A secret with any of its characters escaped (escapedChar): `\u0073k_live…`, `%73%6B%5F…`, `&#115;k&lowbar;…`. */
const escapedSecret = (secret: string) => [...secret].map(escapedChar).join('')

/** Whether a text holds an escape at all; only then is it searched for escaped secrets. */
const ESCAPE = /\\[ux/]|%[0-9a-f]{2}|&#?[a-z0-9]+;/i

/** Adds secrets to what this process scrubs from now on (shorter than 6 characters: not a secret worth a match). */
export function holdSecrets(secrets: Iterable<string | undefined>): void {
  let added = false
  for (const secret of secrets)
    if (secret && secret.length >= 6 && !held.has(secret)) {
      held.add(secret)
      added = true
    }
  if (!added) return
  const forms = [...new Set([...held].flatMap(secretForms))].sort((a, b) => b.length - a.length)
  spellings = new RegExp(forms.map(literal).join('|'), 'gi')
  escapedSpellings = new RegExp([...held].map(escapedSecret).join('|'), 'gi')
  pieces = new Set([...held].flatMap(secretPieces))
  pieceStarts = new Set([...pieces].map(piece => pairAt(piece, 0)))
  trigrams = new Uint8Array(65536)
  for (const piece of pieces) for (let i = 0; i + TRIGRAM <= piece.length; i++) trigrams[trigramAt(piece, i)] = 1
}

/** Texts up to this size are also searched for pieces of long secrets (a page of a list is far below it). */
const PIECE_SCAN_MAX = 1024 * 1024

/** Where pieces of held secrets start in a text, in order (each place a piece could start is looked at once). */
function pieceOffsets(text: string): number[] {
  const found: number[] = []
  let next = 0
  for (let mark = 0; mark + TRIGRAM <= text.length; mark += STRIDE) {
    if (!trigrams[trigramAt(text, mark)]) continue
    const last = Math.min(mark, text.length - PIECE)
    for (let i = Math.max(next, mark - STRIDE + 1); i <= last; i++)
      if (pieceStarts.has(pairAt(text, i)) && pieces.has(text.slice(i, i + PIECE))) found.push(i)
    next = Math.max(next, last + 1)
  }
  return found
}

/** Replaces every run of text made of pieces of a held secret by one REDACTED. */
function scrubPieces(text: string): string {
  if (!pieces.size || text.length < PIECE || text.length > PIECE_SCAN_MAX) return text
  let out = ''
  let from = 0
  let coveredTo = -1
  for (const i of pieceOffsets(text)) {
    if (i > coveredTo) out += `${text.slice(from, i)}${REDACTED}`
    coveredTo = i + PIECE
    from = coveredTo
  }
  return from === 0 ? text : out + text.slice(from)
}

/**
 * Removes every secret this process has held, and `secrets` (held from now on too), in any spelling the scrubber
 * knows, from a line of text (used as a last line of defence).
 */
export function scrubSecrets(text: string, secrets: Iterable<string | undefined>): string {
  holdSecrets(secrets)
  if (!spellings) return text
  const plain = text.replace(spellings, REDACTED)
  const unescaped = escapedSpellings && ESCAPE.test(plain) ? plain.replace(escapedSpellings, REDACTED) : plain
  return scrubPieces(unescaped)
}

/** scrubSecrets on every value of a set of response headers (`api -i` prints them). */
export function scrubHeaderValues<H extends Record<string, string | string[] | undefined>>(
  headers: H,
  secrets: Iterable<string | undefined>,
): H {
  const known = [...secrets]
  const scrub = (value: string) => scrubSecrets(value, known)
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(scrub) : value === undefined ? value : scrub(value),
    ]),
  ) as H
}

/** scrubBearer and scrubSecrets on every string inside a JSON-shaped value (an answer handed to an agent). */
export function scrubValue<T>(value: T, secrets: Iterable<string | undefined>): T {
  const known = [...secrets]
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') return scrubSecrets(scrubBearer(inner), known)
    if (Array.isArray(inner)) return inner.map(walk)
    if (inner && typeof inner === 'object')
      return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, walk(v)]))
    return inner
  }
  return walk(value) as T
}
