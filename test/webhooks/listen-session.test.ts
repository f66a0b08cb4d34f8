import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {listenBanner} from '../../src/cli/output/webhook-listen.js'
import {ApiError} from '../../src/client/api-errors.js'
import type {PayoutClient} from '../../src/client/index.js'
import {
  checkReachable,
  type ListenSessionEvents,
  openListenSession,
  registrationTarget,
} from '../../src/services/webhooks/listen-session.js'
import {singleSecret} from '../../src/services/webhooks/secrets.js'

/** A listen session with a fake listener and a fake client: what it calls, tells and leaves to clean up. */
function session(options: {deleteError?: Error; startError?: NodeJS.ErrnoException} = {}) {
  const calls: string[] = []
  const cleanups: Array<() => Promise<void>> = []
  const listener = {
    url: 'http://0.0.0.0:4011/',
    start: async () => {
      if (options.startError) throw options.startError
      calls.push('start')
    },
    close: async () => {
      calls.push('close')
    },
  }
  const client = {
    v1: {
      webhooks: {
        create: async (body: {targetUrl: string}) => {
          calls.push(`create ${body.targetUrl}`)
          return {id: 'sub_1', signingSecret: 'whsec_registered'}
        },
        delete: async (id: string) => {
          calls.push(`delete ${id}`)
          if (options.deleteError) throw options.deleteError
        },
      },
    },
  } as unknown as PayoutClient
  const events: ListenSessionEvents = {
    registered: (id, target, secret) => calls.push(`registered ${id} ${target} ${secret}`),
    unregistered: (id, outcome) => calls.push(`unregistered ${id} ${outcome}`),
    unregisterFailed: (id, error) => new Error(`could not delete ${id}: ${(error as Error).message}`),
    secretFileWritten: (name, file) => calls.push(`wrote ${name} ${file}`),
  }
  const base = {listener, host: '0.0.0.0', port: 4011, events, onStop: (c: () => Promise<void>) => cleanups.push(c)}
  const stop = async () => {
    for (const cleanup of cleanups) await cleanup()
  }
  return {calls, client, base, stop}
}

describe('the listen session', () => {
  it('--register: subscribes the loopback URL, verifies with its secret, writes it, and deletes it after closing', async () => {
    const {calls, client, base, stop} = session()
    const found = {secrets: ['whsec_stored_a', 'whsec_stored_b'], source: 'stored in profile "local"'}
    const env = join(mkdtempSync(join(tmpdir(), 'payctl-listen-')), '.env')
    const {registered} = await openListenSession({
      ...base,
      found,
      register: {client: async () => client},
      secretFile: {file: env, name: 'APP_SECRET'},
    })
    expect(registered).toBe(true)
    expect(found.secrets).toEqual(['whsec_stored_a', 'whsec_stored_b', 'whsec_registered'])
    expect(readFileSync(env, 'utf8')).toBe('APP_SECRET=whsec_registered\n')
    await stop()
    expect(calls).toEqual([
      'start',
      'create http://127.0.0.1:4011/',
      'registered sub_1 http://127.0.0.1:4011/ whsec_registered',
      `wrote APP_SECRET ${env}`,
      'close',
      'delete sub_1',
      'unregistered sub_1 deleted',
    ])
  })

  it('a subscription the service deleted already is "gone"; another failure is reported through the events', async () => {
    const gone = session({deleteError: new ApiError({status: 404, code: 'NOT_FOUND', message: 'no such webhook'})})
    await openListenSession({
      ...gone.base,
      found: {secrets: [], source: '--secret'},
      register: {client: async () => gone.client},
    })
    await gone.stop()
    expect(gone.calls.at(-1)).toBe('unregistered sub_1 gone')

    const failed = session({deleteError: new Error('socket hang up')})
    await openListenSession({
      ...failed.base,
      found: {secrets: [], source: '--secret'},
      register: {client: async () => failed.client},
    })
    await expect(failed.stop()).rejects.toThrow('could not delete sub_1: socket hang up')
  })

  it('a port in use is a usage error naming the way out, and nothing is left to clean up', async () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), {code: 'EADDRINUSE'})
    const {base, calls} = session({startError: inUse})
    await expect(openListenSession({...base, found: {secrets: ['s'], source: '--secret'}})).rejects.toMatchObject({
      exitCode: 2,
      message: 'port 4011 on 0.0.0.0 is in use',
      suggestions: ['pick another with --port, or --port 0'],
    })
    expect(calls).toEqual([])
  })

  it('registers --public-url as given; --register against a remote origin needs one', () => {
    expect(registrationTarget('http://[::]:4011/', undefined)).toBe('http://[::1]:4011/')
    expect(registrationTarget('http://127.0.0.1:4011/', 'https://t.example/')).toBe('https://t.example/')
    expect(() => checkReachable('http://127.0.0.1:4010')).not.toThrow()
    expect(() => checkReachable('https://api.example.com')).toThrow(/needs --public-url/)
  })

  it('--print-secret and --secret-file take the one secret in force, never a guess among several', () => {
    expect(singleSecret({secrets: ['a'], source: '--secret'}, '--print-secret')).toBe('a')
    expect(singleSecret({secrets: ['a', 'b'], source: 'the registered subscription'}, '--secret-file')).toBe('b')
    expect(() => singleSecret({secrets: ['a', 'b'], source: 'stored in profile "x"'}, '--print-secret')).toThrow(
      '--print-secret: 2 secrets are stored in profile "x"; which one is meant is not clear',
    )
  })

  it('the banner names the secrets, the tolerance, the answer and the filters', () => {
    const banner = listenBanner({
      source: '--secret',
      fromSource: 1,
      registered: true,
      respondWith: [500, 200],
      toleranceSeconds: 0,
      events: ['completed', 'payout.failed'],
      saveDir: 'deliveries',
    })
    expect(banner).toBe(
      'Verifying with 2 secrets (--secret and the registered subscription); no timestamp check; answering 500, 200 (then the last again). Showing only completed, payout.failed. Saving to deliveries. Press Ctrl-C to stop.',
    )
  })
})
