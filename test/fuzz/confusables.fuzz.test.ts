import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {skeleton} from '../../src/contract/confusable-skeleton.js'
import {lookAlikeOf, nameLookAlikeOf} from '../../src/contract/look-alike.js'
import {CONFUSABLES} from '../../src/contract/unicode-security-data.js'

/**
 * The confusable-skeleton corpus (issue 54, item 3). Every character Unicode's confusables.txt says passes for an
 * ASCII letter or digit, put inside an ASCII word, makes a look-alike address and a look-alike name (the
 * exhaustive class); random words with random confusables, case, invisible characters, combining marks and
 * compatibility forms are look-alikes too (the random class); and real addresses and names in many scripts are not
 * (the clean class).
 */

const RUNS = Number(process.env.CONFUSABLE_FUZZ_RUNS ?? 500)

/** The sources of confusables.txt, decoded as src/contract/confusable-skeleton.ts reads them. */
function confusableSources(): string[] {
  let source = 0
  return CONFUSABLES.split(',').map(cell => {
    source += Number.parseInt(cell.split(':')[0], 36)
    return String.fromCodePoint(source)
  })
}

/** Each non-ASCII source whose skeleton is ASCII letters or digits, by that skeleton (`а` under `a`). */
const PASSES_FOR = new Map<string, string[]>()
for (const source of confusableSources()) {
  const reading = skeleton(source)
  if (/^[\x20-\x7e]$/.test(source) || !/^[A-Za-z0-9]+$/.test(reading)) continue
  PASSES_FOR.set(reading, [...(PASSES_FOR.get(reading) ?? []), source])
}
const EXHAUSTIVE = [...PASSES_FOR.values()].flat()

const WORDS = ['example', 'paypal', 'gmail', 'payouts', 'lovelace', 'stripe', 'invoice', 'billing', 'ada', 'bank']
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\u{e0041}']
const COMBINING = ['\u0307', '\u0308', '\u0334', '\u0338', '\u0323']
/** A letter in a compatibility form NFKC folds back: full-width, mathematical bold, circled, script. */
const COMPATIBLE: Array<(char: string) => string> = [
  char => String.fromCodePoint(char.charCodeAt(0) + 0xfee0),
  char => String.fromCodePoint(0x1d41a + char.charCodeAt(0) - 97),
  char => String.fromCodePoint(0x24d0 + char.charCodeAt(0) - 97),
]

/**
 * One letter of a word spelled otherwise: mostly a confusable of it that NFKC keeps (a letter of another script,
 * or a Latin one like `ɑ`), else any confusable, the letter in a compatibility form, with a mark or an invisible.
 */
const respelled = (letter: string): fc.Arbitrary<string> => {
  const confusables = PASSES_FOR.get(skeleton(letter)) ?? []
  const stable = confusables.filter(char => char.normalize('NFKC') === char)
  return fc.oneof(
    ...(stable.length ? [{arbitrary: fc.constantFrom(...stable), weight: 4}] : []),
    ...(confusables.length ? [{arbitrary: fc.constantFrom(...confusables), weight: 1}] : []),
    {arbitrary: fc.constantFrom(...COMPATIBLE).map(form => form(letter)), weight: 1},
    {arbitrary: fc.constantFrom(...COMBINING).map(mark => `${letter}${mark}`), weight: 1},
    {arbitrary: fc.constantFrom(...INVISIBLE).map(invisible => `${letter}${invisible}`), weight: 1},
  )
}

/** An ASCII word with one to three of its letters respelled, in lower, upper or title case. */
const lookAlikeWord = fc
  .tuple(fc.constantFrom(...WORDS), fc.constantFrom('lower', 'upper', 'title'))
  .chain(([word, casing]) =>
    fc.uniqueArray(fc.nat({max: word.length - 1}), {minLength: 1, maxLength: Math.min(3, word.length)}).chain(at =>
      fc.tuple(...at.map(i => respelled(word[i]))).map(spellings => {
        const letters = [...word]
        at.forEach((i, n) => {
          letters[i] = spellings[n]
        })
        const text = letters.join('')
        if (casing === 'upper') return text.toUpperCase()
        return casing === 'title' ? text[0].toUpperCase() + text.slice(1) : text
      }),
    ),
  )
  .filter(word => /[^\x20-\x7e]/.test(word))

/** Real addresses and names of many scripts that no rule may refuse. */
const CLEAN_ADDRESSES = [
  'friend@example.com',
  'Ann.Berg+payouts@Example.COM',
  'anna@münchen.de',
  'anna@xn--mnchen-3ya.de',
  'zoë@café.fr',
  'jürgen.größe@straße.de',
  'иван@пример.рф',
  'δοκιμή@παράδειγμα.δοκιμή',
  'user@例え.jp',
  'ユーザー@例え.jp',
  'राम@उदाहरण.भारत',
  'sara@مثال.إختبار',
  'דוד@דוגמה.ישראל',
  'kim@예시.한국',
  'somchai@ตัวอย่าง.ไทย',
  'nino@მაგალითი.გე',
  'łukasz@przykład.pl',
  'søren@blåbær.dk',
  'josé@españa.es',
  'nguyễn@việtnam.vn',
]
const CLEAN_NAMES = [
  'Ada Lovelace',
  "O'Brien",
  'O’Brien',
  'José Müller-Lüdenscheidt',
  'Zoë Ødegård',
  'Łukasz Żółkiewski',
  'Nguyễn Thị Minh Khai',
  'Иван Петров',
  'Ζωή Παπαδοπούλου',
  'महात्मा गांधी',
  'محمد عبد الله',
  'דוד בן-גוריון',
  '李小龍',
  '山田 太郎',
  '김민준',
  'სოფო ნიჟარაძე',
  'Ada Lovelace GmbH & Co. KG',
  'Anne-Marie Saint-Exupéry',
]

describe('the confusable-skeleton corpus', () => {
  it("every ASCII letter's or digit's confusable in a word is a look-alike address and name (exhaustive)", () => {
    expect(EXHAUSTIVE.length).toBeGreaterThan(1000)
    const missed = EXHAUSTIVE.filter(
      char => !lookAlikeOf(`friend@pay${char}ment.com`) || !nameLookAlikeOf(`Ada Pay${char}ment`),
    )
    expect(missed.map(char => `U+${char.codePointAt(0)?.toString(16)}`)).toEqual([])
    process.stderr.write(`confusables corpus: ${EXHAUSTIVE.length} characters, each as an address and a name\n`)
  })

  it('random words with confusables, case, invisible characters, marks and compatibility forms are look-alikes', () => {
    fc.assert(
      fc.property(lookAlikeWord, fc.constantFrom('local', 'domain', 'name'), (word, where) => {
        if (where === 'name') expect(nameLookAlikeOf(`${word} Berg`), word).toBeDefined()
        else {
          const address = where === 'local' ? `${word}@example.com` : `friend@${word}.com`
          expect(lookAlikeOf(address), address).toBeDefined()
        }
      }),
      {numRuns: RUNS},
    )
  })

  it('real addresses and names in many scripts are not look-alikes', () => {
    for (const address of CLEAN_ADDRESSES) expect(lookAlikeOf(address), address).toBeUndefined()
    for (const name of CLEAN_NAMES) expect(nameLookAlikeOf(name), name).toBeUndefined()
  })
})
