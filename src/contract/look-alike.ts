import {domainToASCII, domainToUnicode} from 'node:url'
import {isAllowedCharacter, skeleton} from './confusable-skeleton.js'

/**
 * Look-alike addresses and names (Unicode TS #39): text that could pass for other text. Each part is judged on its
 * own (the local part and each label of an address, each word of a name), so a real address or name in one script
 * (`пример.рф`, `Иван Петров`) is no look-alike. A part is one when it holds an invisible character, when NFKC
 * changes it, when it has a combining mark once case-folded, when its letters mix scripts, when its confusable
 * skeleton (as written, case-folded or in capitals) is plain ASCII, or when it holds a character outside UTS #39's
 * identifier profile. The skeleton and the profile come from Unicode's own data (confusable-skeleton.ts); script
 * membership from the engine's Unicode properties (`\p{Script_Extensions=…}`). A domain label in punycode
 * (`xn--…`) is judged as the label it stands for. One rule for every path: creates, counterparty creates, both
 * imports, MCP (which runs those commands), `payouts get` and the emulator's approval page (destination.ts).
 */

export interface LookAlike {
  /** Why the address is a look-alike, for a person: `"exаmple" mixes Latin and Cyrillic letters`. */
  reason: string
  /** The domain as DNS sees it (`xn--exmple-4nf.com`), the form that cannot pass for another. */
  punycode: string
}

/** The scripts told apart; a letter of none of them is its own script. Han, Kana and Hangul mix as UTS #39 allows. */
const SCRIPTS: ReadonlyArray<[string, RegExp, readonly string[]]> = [
  ['Latin', /\p{Script_Extensions=Latin}/u, ['Latin']],
  ['Cyrillic', /\p{Script_Extensions=Cyrillic}/u, ['Cyrillic']],
  ['Greek', /\p{Script_Extensions=Greek}/u, ['Greek']],
  ['Armenian', /\p{Script_Extensions=Armenian}/u, ['Armenian']],
  ['Georgian', /\p{Script_Extensions=Georgian}/u, ['Georgian']],
  ['Cherokee', /\p{Script_Extensions=Cherokee}/u, ['Cherokee']],
  ['Hebrew', /\p{Script_Extensions=Hebrew}/u, ['Hebrew']],
  ['Arabic', /\p{Script_Extensions=Arabic}/u, ['Arabic']],
  ['Devanagari', /\p{Script_Extensions=Devanagari}/u, ['Devanagari']],
  ['Thai', /\p{Script_Extensions=Thai}/u, ['Thai']],
  ['Han', /\p{Script_Extensions=Han}/u, ['Japanese', 'Korean', 'Chinese']],
  ['Hiragana', /\p{Script_Extensions=Hiragana}/u, ['Japanese']],
  ['Katakana', /\p{Script_Extensions=Katakana}/u, ['Japanese']],
  ['Hangul', /\p{Script_Extensions=Hangul}/u, ['Korean']],
  ['Bopomofo', /\p{Script_Extensions=Bopomofo}/u, ['Chinese']],
]

/** Characters of every script (digits, punctuation, combining marks): they join any label. */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u
/** Characters that show nothing (zero-width joiners, soft hyphens): never part of an address one can read. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u
/** A combining mark any letter can carry (Script=Inherited): `i̇`, an i with a second dot, is no letter of a word. */
const COMBINING = /(?=\p{M})\p{Script=Inherited}/u
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/
/** A domain label in punycode, as DNS carries a label that is not ASCII. */
const PUNYCODE = /^xn--/i
/** A domain with a label in punycode. */
const PUNYCODE_LABEL = /(?:^|\.)xn--/i

interface Scripts {
  /** The scripts a label's letters share (UTS #39's resolved script set, augmented). */
  shared: Set<string>
  /** The scripts its letters come from, in the order met. */
  named: string[]
}

/** A letter's scripts and the sets they may mix in; null for a character of every script. Kept per character. */
const scriptsOfChar = new Map<string, {names: string[]; sets: readonly string[]} | null>()

function charScripts(char: string): {names: string[]; sets: readonly string[]} | null {
  let found = scriptsOfChar.get(char)
  if (found !== undefined) return found
  if (ANY_SCRIPT.test(char)) found = null
  else {
    const matches = SCRIPTS.filter(([, pattern]) => pattern.test(char))
    const names = matches.length ? matches.map(([name]) => name) : [`U+${char.codePointAt(0)?.toString(16)}`]
    found = {names, sets: matches.length ? matches.flatMap(([, , sets]) => sets) : names}
  }
  scriptsOfChar.set(char, found)
  return found
}

function scriptsOf(label: string): Scripts {
  let shared: Set<string> | undefined
  const named: string[] = []
  for (const char of label) {
    const scripts = charScripts(char)
    if (!scripts) continue
    for (const name of scripts.names) if (!named.includes(name)) named.push(name)
    shared = new Set(shared ? [...shared].filter(set => scripts.sets.includes(set)) : scripts.sets)
  }
  return {shared: shared ?? new Set(['Common']), named}
}

const mixedNames = (named: string[]) =>
  named.length === 2 ? `${named[0]} and ${named[1]}` : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * A part in capitals, letter by letter, where a capital is one letter of the same kind: `ß` stays (not `SS`), and
 * so does a letter whose capital is ASCII (`ı`, not `I`): case rules, not looks, would make those ASCII.
 */
const raised = (part: string) =>
  [...part]
    .map(char => {
      const capital = char.toUpperCase()
      return capital.length === char.length && !PRINTABLE_ASCII.test(capital) ? capital : char
    })
    .join('')

/** A character that is no letter and no mark but words may hold (`’`, `·`): reading it as ASCII deceives no one. */
const wordPunctuation = (char: string) => ANY_SCRIPT.test(char) && !COMBINING.test(char) && isAllowedCharacter(char)

/**
 * What a part reads as when that is plain ASCII: the skeleton of the part as written, case-folded or in capitals.
 * A part whose only non-ASCII characters are word punctuation (`O’Brien`) reads as itself.
 */
function asciiReading(part: string, folded: string): string | undefined {
  if ([...folded].every(char => PRINTABLE_ASCII.test(char) || wordPunctuation(char))) return undefined
  const variant = [part, folded, raised(part)].find(text => [...text].every(readsAsAscii))
  return variant === undefined ? undefined : skeleton(variant)
}

/**
 * Whether a character's skeleton is plain ASCII, kept per character: a text's skeleton is plain ASCII exactly when
 * each of its characters' is (NFD and the prototypes work character by character; only the order of marks moves).
 */
const asciiSkeleton = new Map<string, boolean>()
function readsAsAscii(char: string): boolean {
  let ascii = asciiSkeleton.get(char)
  if (ascii === undefined) {
    ascii = PRINTABLE_ASCII.test(skeleton(char))
    asciiSkeleton.set(char, ascii)
  }
  return ascii
}

/**
 * Why one part of an address (the local part, a domain label) or of a name (a word) could pass for another text,
 * if it could; undefined for plain ASCII. In order: an invisible character; a form that NFKC changes (`ℯ`, `𝐞`,
 * full-width `ｅ`, ligatures); a combining mark once case-folded (`gmai̇l`, `İ`); letters of scripts that do not
 * mix; a UTS #39 skeleton, as written or in either case, that is plain ASCII (`ЕХАМРӀЕ`, `ΚΙΜ`, `ᎪᏴᏟ`, `pɑypal`,
 * `ı`); a character outside Identifier_Status=Allowed (`ᴀ`).
 */
export function partProblem(part: string): string | undefined {
  if (PRINTABLE_ASCII.test(part)) return undefined
  if (INVISIBLE.test(part)) return `"${part}" holds an invisible character`
  const plain = part.normalize('NFKC')
  if (plain !== part) return `"${part}" is not in its plain form (NFKC makes it "${plain}")`
  const folded = part.toLowerCase()
  if (COMBINING.test(folded)) return `"${part}" has a combining mark over a letter`
  const {shared, named} = scriptsOf(folded)
  if (!shared.size) return `"${part}" mixes ${mixedNames(named)} letters`
  const reading = asciiReading(part, folded)
  if (reading !== undefined) return `"${part}" could be read as "${reading}"`
  const rare = [...folded].find(char => !PRINTABLE_ASCII.test(char) && !isAllowedCharacter(char))
  if (rare) return `"${part}" holds ${rare} (${codePoint(rare)}), which no language writes words with`
  return undefined
}

/** Why a domain label could pass for another: as written, or, in punycode, the label it stands for. */
function labelProblem(label: string): string | undefined {
  if (!PUNYCODE.test(label)) return partProblem(label)
  const unicode = domainToUnicode(label)
  if (!unicode || PRINTABLE_ASCII.test(unicode)) return `"${label}" is not valid punycode`
  const problem = partProblem(unicode)
  return problem && `"${label}" stands for "${unicode}": ${problem}`
}

/** The domain of an e-mail address as DNS sees it; the address itself when it has no domain. */
export function punycodeOf(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1)
  return domainToASCII(domain.toLowerCase()) || domain
}

/**
 * Whether `lookAlikeOf` can find anything in an address: a plain ASCII one without a punycode label cannot. Every row
 * of an import asks, so a plain address answers without being split.
 */
export const mayLookAlike = (address: string): boolean =>
  !PRINTABLE_ASCII.test(address) || PUNYCODE_LABEL.test(address.slice(address.lastIndexOf('@') + 1))

/** Whether an e-mail address (or a handle) could pass for another; undefined for a plain ASCII one. */
export function lookAlikeOf(address: string): LookAlike | undefined {
  if (!mayLookAlike(address)) return undefined
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1).split('.')
  const reason = partProblem(address.slice(0, Math.max(at, 0))) ?? domain.map(labelProblem).find(Boolean)
  return reason ? {reason, punycode: punycodeOf(address)} : undefined
}

/**
 * Why a person's or business's name (an account holder, a counterparty) could pass for another, if it could: the
 * whole name for invisible characters and forms NFKC changes (an odd space), then each word as partProblem judges.
 */
export function nameLookAlikeOf(name: string): string | undefined {
  if (PRINTABLE_ASCII.test(name)) return undefined
  if (INVISIBLE.test(name)) return `"${name}" holds an invisible character`
  const plain = name.normalize('NFKC')
  if (plain !== name) return `"${name}" is not in its plain form (NFKC makes it "${plain}")`
  return name.split(' ').map(partProblem).find(Boolean)
}
