import {describe, expect, it} from 'vitest'
import type {Counterparty} from '../../src/client/schemas.js'
import {matchCounterparties, readForSearch, searchLine} from '../../src/services/counterparties/counterparty-search.js'

/** The counterparty search of an interactive payouts create: a bounded read of the list, filtered as typed. */

const counterparty = (n: number, fields: Partial<Counterparty> = {}): Counterparty => ({
  id: `counterparty_00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  identity: {type: 'individual', firstName: `First${n}`, lastName: `Last${n}`},
  ...fields,
})

describe('counterparty search', () => {
  it('reads the list only up to its limit, and says whether it read it all', async () => {
    let pagesRead = 0
    const pages = async function* (limit: number) {
      for (let page = 0; page < 100; page++) {
        pagesRead++
        yield Array.from({length: Math.min(limit, 10)}, (_, i) => counterparty(page * 10 + i))
      }
    }
    const bounded = await readForSearch(pages, 25)
    expect(bounded.counterparties).toHaveLength(25)
    expect(bounded.complete).toBe(false)
    expect(pagesRead).toBe(3)
    const all = await readForSearch(async function* () {
      yield [counterparty(1), counterparty(2)]
    }, 25)
    expect(all).toMatchObject({complete: true})
  })

  it('matches every word of the query in the name, e-mail, customId or id, in any case', () => {
    const rossi = counterparty(1, {
      identity: {type: 'individual', firstName: 'Maria', lastName: 'Rossi'},
      email: 'maria@example.com',
    })
    const shop = counterparty(2, {identity: {type: 'business', businessName: 'Rossi Shop'}, customId: 'shop-7'})
    const list = [rossi, shop, counterparty(3)]
    expect(matchCounterparties(list, 'ROSSI')).toEqual([rossi, shop])
    expect(matchCounterparties(list, 'maria rossi')).toEqual([rossi])
    expect(matchCounterparties(list, 'shop-7')).toEqual([shop])
    expect(matchCounterparties(list, '000000000003')).toHaveLength(1)
    expect(matchCounterparties(list, '')).toEqual(list)
    expect(searchLine(shop)).toBe('Rossi Shop: counterparty without a payment method')
  })
})
