import {describe, expect, it} from 'vitest'
import {isAllowedCharacter, skeleton} from '../../src/contract/confusable-skeleton.js'
import {lookAlikeOf, nameLookAlikeOf} from '../../src/contract/look-alike.js'
import {UNICODE_SECURITY_VERSION} from '../../src/contract/unicode-security-data.js'

/** Issue 54, item 3: the look-alike rule, on UTS #39's skeleton and identifier profile from Unicode's own data. */

describe("UTS #39's skeleton and identifier profile", () => {
  it("maps confusables to one prototype, from Unicode's data", () => {
    expect(UNICODE_SECURITY_VERSION).toMatch(/^\d+\.\d+\.\d+$/)
    expect(skeleton('раураӏ')).toBe(skeleton('paypal'))
    expect(skeleton('ЕХАМРӀЕ')).toBe(skeleton('EXAMPIE'))
    expect(skeleton('ΚΙΜ')).toBe(skeleton('KIM'))
    expect(skeleton('ᎪᏴᏟ')).toBe(skeleton('ABC'))
    expect(skeleton('ɑɡı')).toBe('agi')
    expect(skeleton('a\u200bb')).toBe('ab')
    expect(skeleton('münchen')).not.toBe(skeleton('munchen'))
  })

  it('allows the letters of living languages and not technical ones', () => {
    for (const char of ['a', 'ä', 'ß', 'ı', 'İ', 'я', 'λ', '東', '한', 'ش', 'क', '’'])
      expect(isAllowedCharacter(char), char).toBe(true)
    for (const char of ['ᴀ', 'ɑ', 'ɡ', 'Ꭺ', '\u200b', 'ℯ', '𝐞']) expect(isAllowedCharacter(char), char).toBe(false)
  })
})

describe('look-alike addresses', () => {
  it.each([
    ['friend@ЕХАМРӀЕ.СОМ', 'could be read as'],
    ['friend@ехамрӏе.сом', 'could be read as'],
    ['billing@ТАХ.com', 'could be read as "TAX"'],
    ['ΚΙΜ@example.com', 'could be read as "KlM"'],
    ['ᎪᏴᏟ@example.com', 'could be read as "ABC"'],
    ['friend@pɑypal.com', 'could be read as "paypal"'],
    ['friend@ɡmail.com', 'could be read as "grnail"'],
    ['friend@gmaıl.com', 'could be read as "grnail"'],
    ['friend@pᴀypal.com', 'ᴀ (U+1D00), which no language writes words with'],
    ['friend@İnfo.com', 'combining mark'],
    ['friend@gmai\u0307l.com', 'combining mark'],
    ['friend@\u212fxample.com', 'NFKC makes it "example"'],
    ['friend@𝐞𝐱𝐚𝐦𝐩𝐥𝐞.com', 'NFKC makes it "example"'],
    ['friend@ｅｘａｍｐｌｅ.com', 'NFKC makes it "example"'],
    ['friend@xn--exmple-4nf.com', '"xn--exmple-4nf" stands for "exаmple": "exаmple" mixes Latin and Cyrillic letters'],
    ['friend@XN--80AK6AA92E.com', 'stands for "аррӏе"'],
    ['friend@xn--zz.com', '"xn--zz" is not valid punycode'],
    ['friend@ex\u0430mple.com', 'mixes Latin and Cyrillic letters'],
    ['friend@раураӏ.com', 'could be read as "paypal"'],
    ['fri\u200bend@example.com', 'invisible character'],
  ])('%s is a look-alike: %s', (address, reason) => {
    const found = lookAlikeOf(address)
    expect(found?.reason).toContain(reason)
    expect(found?.punycode).toMatch(/^[\x21-\x7e]+$/)
  })

  it.each([
    'friend@example.com',
    'Friend.Name+tag@Example.COM',
    'anna@münchen.de',
    'anna@xn--mnchen-3ya.de',
    'иван@пример.рф',
    'δοκιμή@παράδειγμα.δοκιμή',
    'user@例え.jp',
    'राम@उदाहरण.भारत',
    'jürgen.größe@straße.de',
    'zoë@café.fr',
    '@creator_handle',
  ])('%s is not', address => {
    expect(lookAlikeOf(address)).toBeUndefined()
  })
})

describe('look-alike names', () => {
  it.each([
    ['\u0410da Lovelace', 'mixes Cyrillic and Latin letters'],
    ['Ada\u200bLovelace', 'invisible character'],
    ['Ada Love\u200blace', 'invisible character'],
    ['Ada\u00a0Lovelace', 'NFKC makes it "Ada Lovelace"'],
    ['Ａｄａ Lovelace', 'NFKC'],
    ['ΚΙΜ Berg', 'could be read as "KlM"'],
    ['Аdа Lоvеlасе', 'mixes'],
    ['Ada Lovela\u0334ce', 'combining mark'],
  ])('%j is a look-alike: %s', (name, reason) => {
    expect(nameLookAlikeOf(name)).toContain(reason)
  })

  it.each([
    'Ada Lovelace',
    "O'Brien",
    'O’Brien',
    'José Müller-Lüdenscheidt',
    'Иван Петров',
    'Ada Lovelace GmbH',
    '李小龍',
    'Zoë Ødegård',
  ])('%j is not', name => {
    expect(nameLookAlikeOf(name)).toBeUndefined()
  })
})
