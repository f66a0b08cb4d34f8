import {statSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {CredentialStore} from '../../src/config/credentials.js'
import {isolatedHome} from '../helpers/cli.js'

describe('CredentialStore', () => {
  it('writes the credentials file with mode 0600 in a 0700 directory', async () => {
    const {dir} = isolatedHome()
    const store = new CredentialStore(join(dir, 'config'))
    await store.update('prod', () => ({apiKey: 'sk_live_abcdef'}))
    expect(statSync(store.file).mode & 0o777).toBe(0o600)
    expect(statSync(join(dir, 'config')).mode & 0o777).toBe(0o700)
    expect(await store.get('prod')).toEqual({apiKey: 'sk_live_abcdef'})
  })

  it('keeps every update when many writers race (lock + atomic rename)', async () => {
    const {dir} = isolatedHome()
    const store = new CredentialStore(join(dir, 'config'))
    await Promise.all(
      Array.from({length: 20}, (_, i) =>
        new CredentialStore(join(dir, 'config')).update('p', current => ({
          ...current,
          webhookSecrets: {...current.webhookSecrets, [`wh_${i}`]: `whsec_${i}`},
        })),
      ),
    )
    expect(Object.keys((await store.get('p')).webhookSecrets ?? {})).toHaveLength(20)
  })

  it('removes a profile entry when the update returns nothing', async () => {
    const {dir} = isolatedHome()
    const store = new CredentialStore(join(dir, 'config'))
    await store.update('a', () => ({apiKey: 'sk_1234567'}))
    await store.update('a', () => undefined)
    expect((await store.read()).profiles).toEqual({})
  })
})
