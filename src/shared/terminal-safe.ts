/**
 * Text from the network or a file, made safe for a terminal: every character a terminal acts on or that shows
 * nothing is printed escaped (`\x1b`, `\r`, `\u202e`, `\u{e0041}`), so that no value can clear the screen, set
 * the title, conceal text, move the cursor, overwrite or break its own line, reorder what a line shows, or hide
 * characters between visible ones. JSON and jsonl do not go through here, nor csv into a pipe or file: they stay
 * byte-faithful.
 *
 * Those characters: controls (C0, DEL, C1: `Cc`), format characters (`Cf`: the bidirectional marks, embeddings,
 * overrides and isolates, ALM, zero-width spaces and joiners, the BOM, Unicode tags), the line and paragraph
 * separators U+2028 and U+2029, and every other default-ignorable code point (variation selectors, fillers): the
 * engine's Unicode properties, not a list of our own.
 */
const UNSAFE_CLASS = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]`

/** In JSON text: the same, but the line breaks and tabs that lay the document out (JSON escapes its own). */
const JSON_UNSAFE = new RegExp(`(?![\\t\\n\\r])${UNSAFE_CLASS}`, 'gu')

/** A character as its JSON escapes (`\u202e`; a character beyond U+FFFF as its two UTF-16 halves). */
const jsonEscape = (char: string) =>
  char
    .split('')
    .map(unit => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('')

/**
 * JSON text for a terminal: every character above written as its JSON escape (`\u202e`), so the document shows
 * what it holds and parses to the same value. For a terminal, and for stderr's error object.
 */
export function jsonTerminalSafe(json: string): string {
  return json.replace(JSON_UNSAFE, jsonEscape)
}

const UNSAFE = new RegExp(UNSAFE_CLASS, 'gu')
/** The same, except the exact styles our own palette writes (src/cli/output/colors.ts), kept as they are. */
const OWN_STYLES_OR_UNSAFE = new RegExp(String.raw`(\u001b\[(?:1|2|22|31|32|33|36|39)m)|${UNSAFE_CLASS}`, 'gu')

const NAMED: Record<string, string> = {'\t': '\\t', '\n': '\\n', '\r': '\\r'}

function escaped(char: string): string {
  const named = NAMED[char]
  if (named) return named
  const code = char.codePointAt(0) ?? 0
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`
}

export interface TerminalSafeOptions {
  /** Keep line breaks and tabs (a message of several lines), instead of escaping them (a cell, a value). */
  lines?: boolean
  /** Keep the exact styles our palette writes (bold, dim, five colours and their resets); only when it is on. */
  ownStyles?: boolean
}

export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  const pattern = options.ownStyles ? OWN_STYLES_OR_UNSAFE : UNSAFE
  return text.replace(pattern, (match: string, style?: unknown) => {
    if (typeof style === 'string') return style
    if (options.lines && (match === '\n' || match === '\t')) return match
    return escaped(match)
  })
}
