/**
 * Lines folded to a terminal's width at word boundaries: the one way payctl wraps what it shows (help, errors,
 * messages, key/value views). A word is never broken: one longer than the whole width keeps a line of its own (an
 * id or a URL a person copies whole; the terminal wraps it). In a pipe or a file nothing is folded.
 */

const ESCAPE = /\u001B\[[0-?]*[ -/]*[@-~]/g

/** Columns a text takes on a terminal: escape sequences take none, each code point one. */
export const visibleLength = (text: string): number => {
  let length = 0
  for (const _ of text.replace(ESCAPE, '')) length++
  return length
}

export interface FoldOptions {
  /** Columns added to a folded line's own indent on its continuation lines (default 2). */
  hang?: number
  /**
   * A shell command: quoted words (`"October royalties"`) stay whole, and a flag stays with its value
   * (`--email maria@example.com`).
   */
  shell?: boolean
  /** A usage line: a bracketed group (`[--email <value>]`) stays whole. */
  brackets?: boolean
  /** A word too long for a line may also fold after these characters (`a|b|c`, a list of options). */
  breakAfter?: string
  /** Written at the end of every line that continues (a shell command's ` \`); it counts in the width. */
  continuation?: string
}

/** A stream's width when it is a terminal that reports one; undefined otherwise (nothing is folded then). */
export function terminalColumns(stream: {isTTY?: boolean; columns?: number}): number | undefined {
  return stream.isTTY && stream.columns && stream.columns > 0 ? stream.columns : undefined
}

/** `text` with each line longer than `width` folded; unchanged when `width` is undefined. */
export function fold(text: string, width: number | undefined, options: FoldOptions = {}): string {
  if (!width) return text
  return text
    .split('\n')
    .map(line => (visibleLength(line) <= width ? line : foldLine(line, width, options)))
    .join('\n')
}

function foldLine(line: string, width: number, options: FoldOptions): string {
  const indent = line.length - line.trimStart().length
  const words = unitsOf(line.slice(indent), options, width - indent)
  const end = options.continuation ?? ''
  const hang = ' '.repeat(indent + (options.hang ?? 2))
  const lines: string[] = []
  let current = line.slice(0, indent)
  let filled = false
  for (const {gap, word} of words) {
    const candidate = filled ? `${current}${gap}${word}` : current + word
    // The continuation mark is needed only if another word follows: reserve room for it on every line but the last.
    if (!filled || visibleLength(candidate) + visibleLength(end) <= width) {
      current = candidate
      filled = true
      continue
    }
    lines.push(current + end)
    current = hang + word
  }
  lines.push(current)
  return lines.join('\n')
}

/** A word and the spaces before it on its line (kept when the two stay on one line: aligned columns stay so). */
interface Unit {
  gap: string
  word: string
}

/** What a line folds between: its words, or for a command its flags with their values. */
function unitsOf(text: string, options: FoldOptions, width: number): Unit[] {
  const words = splitWords(text, options)
  const {breakAfter} = options
  if (breakAfter) return words.flatMap(unit => (unit.word.length > width ? pieces(unit, breakAfter) : unit))
  if (!options.shell) return words
  const units: Unit[] = []
  for (const unit of words) {
    const last = units.at(-1)?.word
    const flagWithoutValue = last?.startsWith('-') && !last.includes(' ') && !last.includes('=')
    const value = !unit.word.startsWith('-') && unit.word !== '|' && unit.word !== '\\'
    if (flagWithoutValue && value) units[units.length - 1].word = `${last}${unit.gap}${unit.word}`
    else units.push(unit)
  }
  return units
}

/** A long word in pieces, each ending after one of `after`, the pieces after the first without a gap. */
function pieces(unit: Unit, after: string): Unit[] {
  const parts: Unit[] = []
  let part = ''
  for (const char of unit.word) {
    part += char
    if (after.includes(char)) {
      parts.push({gap: parts.length ? '' : unit.gap, word: part})
      part = ''
    }
  }
  if (part) parts.push({gap: parts.length ? '' : unit.gap, word: part})
  return parts
}

/**
 * The words of a line with the spaces before each; with `shell`, a quoted part stays in its word, with `brackets`
 * a bracketed group (nested ones too) stays in one.
 */
function splitWords(text: string, options: FoldOptions): Unit[] {
  const words: Unit[] = []
  const inside = grouping(options)
  let gap = ''
  let word = ''
  for (const char of text) {
    if (inside(char) || char !== ' ') {
      word += char
      continue
    }
    if (word) words.push({gap, word})
    if (word) gap = ''
    word = ''
    gap += char
  }
  if (word) words.push({gap, word})
  return words
}

/** Fed a line character by character: whether the character is inside a quote or a bracketed group. */
function grouping(options: FoldOptions): (char: string) => boolean {
  let quote: string | undefined
  let depth = 0
  return char => {
    if (quote) {
      if (char === quote) quote = undefined
      return true
    }
    if (options.shell && (char === '"' || char === "'")) quote = char
    else if (options.brackets && char === '[') depth++
    else if (options.brackets && char === ']') depth--
    return quote !== undefined || depth > 0
  }
}
