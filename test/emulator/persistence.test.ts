import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startEmulator} from '../../src/emulator/index.js'
import {Api} from './helpers.js'

/** Issue 3 item 1 and 2: state survives a restart with the same file; the seed runs only on first start. */
describe('emulator persistence', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payctl-emulator-'))
  })
  afterEach(async () => {
    await rm(dir, {recursive: true, force: true})
  })

  it('state survives a restart with the same data file, and the seed is not applied again', async () => {
    const dataFile = join(dir, 'emulator.sqlite')
    const first = await startEmulator({port: 0, dataFile})
    const api = new Api(first.url)
    const payout = await api.v2Create({customId: 'kept'})
    await api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '5.00'})
    await api.post('/api/v1/webhook', {targetUrl: 'https://example.com/hook'})
    await first.close()

    const second = await startEmulator({port: 0, dataFile})
    try {
      const again = new Api(second.url)
      expect((await again.get('/api/v2/payouts/kept')).body.id).toBe(payout.id)
      expect((await again.account('EUR')).balance.total).toBe('10005.00')
      expect((await again.get('/api/v1/webhook')).body).toHaveLength(1)
      // The deposit and the seed's two, not seeded again.
      expect((await again.get('/api/v2/transactions')).body.data).toHaveLength(3)
    } finally {
      await second.close()
    }
  })

  it('reset: true empties the file and seeds it again', async () => {
    const dataFile = join(dir, 'emulator.sqlite')
    const first = await startEmulator({port: 0, dataFile})
    await new Api(first.url).v2Create()
    await first.close()
    const second = await startEmulator({port: 0, dataFile, reset: true})
    try {
      const api = new Api(second.url)
      expect((await api.get('/api/v2/payouts')).body.data).toEqual([])
      expect((await api.get('/api/v1/team')).status).toBe(200)
    } finally {
      await second.close()
    }
  })
})
