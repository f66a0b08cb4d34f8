import {domainToASCII} from 'node:url'

/**
 * Look-alike addresses (Unicode TS #39, section 5): a label that mixes scripts (`exаmple` with a Cyrillic а), or
 * one written wholly in another script with only letters that pass for Latin ones (`раураl` in Cyrillic). Each
 * part of an address is judged on its own (the local part, each label of the domain), so a real address in one
 * script (`пример.рф`) is not a look-alike. Script membership comes from the Unicode properties of the
 * JavaScript engine (`\p{Script_Extensions=…}`), not from a table of our own.
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

/** Cyrillic and Greek letters that look like Latin ones (UTS #39 confusables, lower case). */
const PASSES_FOR_LATIN: ReadonlyArray<[string, RegExp]> = [
  ['Cyrillic', /^[аеорсухѕіјԁһӏԛԝүҽ]+$/u],
  ['Greek', /^[οιρνυκχ]+$/u],
]

interface Scripts {
  /** The scripts a label's letters share (UTS #39's resolved script set, augmented). */
  shared: Set<string>
  /** The scripts its letters come from, in the order met. */
  named: string[]
}

function scriptsOf(label: string): Scripts {
  let shared: Set<string> | undefined
  const named: string[] = []
  for (const char of label) {
    if (ANY_SCRIPT.test(char)) continue
    const matches = SCRIPTS.filter(([, pattern]) => pattern.test(char))
    const names = matches.length ? matches.map(([name]) => name) : [`U+${char.codePointAt(0)?.toString(16)}`]
    for (const name of names) if (!named.includes(name)) named.push(name)
    const sets = matches.length ? matches.flatMap(([, , sets]) => sets) : names
    shared = new Set(shared ? [...shared].filter(set => sets.includes(set)) : sets)
  }
  return {shared: shared ?? new Set(['Common']), named}
}

const mixedNames = (named: string[]) =>
  named.length === 2 ? `${named[0]} and ${named[1]}` : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`

/** Why one label of an address is a look-alike, if it is. */
function labelProblem(label: string): string | undefined {
  if (INVISIBLE.test(label)) return `"${label}" holds an invisible character`
  const lower = label.toLowerCase()
  const {shared, named} = scriptsOf(lower)
  if (!shared.size) return `"${label}" mixes ${mixedNames(named)} letters`
  const letters = [...lower].filter(char => !ANY_SCRIPT.test(char)).join('')
  const whole = PASSES_FOR_LATIN.find(([script, pattern]) => named[0] === script && pattern.test(letters))
  if (whole) return `"${label}" is written in ${whole[0]} letters that look like Latin ones`
  return undefined
}

/** The domain of an e-mail address as DNS sees it; the address itself when it has no domain. */
export function punycodeOf(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1)
  return domainToASCII(domain.toLowerCase()) || domain
}

/** Whether an e-mail address (or a handle) could pass for another; undefined for a plain ASCII one. */
export function lookAlikeOf(address: string): LookAlike | undefined {
  if (/^[\u0020-\u007e]*$/.test(address)) return undefined
  const at = address.lastIndexOf('@')
  const labels = [address.slice(0, Math.max(at, 0)), ...address.slice(at + 1).split('.')].filter(Boolean)
  const reason = labels.map(labelProblem).find(Boolean)
  return reason ? {reason, punycode: punycodeOf(address)} : undefined
}
