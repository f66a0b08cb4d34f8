/**
 * Text from the network or a file, made safe for a terminal: every control character (C0 and DEL, C1, and the
 * bidirectional overrides, embeddings, isolates and marks that reorder what a line shows) is printed escaped,
 * `\x1b`, `\r`, `\u202e`, so that no value can clear the screen, set the title, conceal text, move the cursor
 * or overwrite its own line. JSON and jsonl do not go through here, nor csv into a pipe or file: they stay byte-faithful.
 */

/** What JSON.stringify leaves raw that a terminal acts on: DEL, C1, the bidirectional controls, U+2028/9. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g

/**
 * JSON text for a terminal: every character above written as its JSON escape (`\u202e`), so the document shows
 * what it holds and parses to the same value. Only for a terminal; a pipe or file gets JSON as it is.
 */
export function jsonTerminalSafe(json: string): string {
  return json.replace(JSON_UNSAFE, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/** The same, except the exact styles our own palette writes (src/cli/output/colors.ts), kept as they are. */
const OWN_STYLES_OR_UNSAFE =
  /(\u001b\[(?:1|2|22|31|32|33|36|39)m)|[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const NAMED: Record<string, string> = {'\t': '\\t', '\n': '\\n', '\r': '\\r'}

function escaped(char: string): string {
  const named = NAMED[char]
  if (named) return named
  const code = char.charCodeAt(0)
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
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
