import Big from 'big.js'
import {describe, expect, it, vi} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/** The seeded balances came from deposits: `transactions list` adds up to `team accounts`, per currency. */

vi.setConfig({testTimeout: 60_000})

const ctx = useEmulator()

interface Transaction {
  type: string
  status: string
  direction: string
  amount: string
  currency: string
}

describe('the seeded team', () => {
  it("has one completed deposit per seeded balance; the transactions' sum is the balance", async () => {
    const [listed, accounts] = await Promise.all([
      runCli(['transactions', 'list', '--all', '--json'], {env: ctx.env}),
      runCli(['team', 'accounts', '--json'], {env: ctx.env}),
    ])
    expect(listed.code, listed.stderr).toBe(0)
    expect(accounts.code, accounts.stderr).toBe(0)
    const transactions = JSON.parse(listed.stdout) as Transaction[]
    const sums = new Map<string, Big>()
    for (const t of transactions) {
      if (t.status !== 'completed') continue
      const signed = t.direction === 'in' ? new Big(t.amount) : new Big(t.amount).neg()
      sums.set(t.currency, (sums.get(t.currency) ?? new Big(0)).plus(signed))
    }
    const balances = (JSON.parse(accounts.stdout) as Array<{currency: string; balance: {total: string}}>).map(a => [
      a.currency,
      a.balance.total,
    ])
    expect(balances.length).toBeGreaterThan(0)
    for (const [currency, total] of balances) {
      expect(new Big(total).gt(0)).toBe(true)
      expect(sums.get(currency)?.toFixed(2), currency).toBe(new Big(total).toFixed(2))
    }
    expect(transactions.filter(t => t.type === 'deposit' && t.direction === 'in')).toHaveLength(balances.length)
  })
})
