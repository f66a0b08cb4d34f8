import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {listenBanner} from '../../src/cli/output/webhook-listen.js'
import {ApiError} from '../../src/client/api-errors.js'
import type {PayoutClient} from '../../src/client/index.js'
import type {ResolvedProfile} from '../../src/config/resolve.js'
import {listenPlan, sameReceiver} from '../../src/services/webhooks/listen-plan.js'
import {
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
    elsewhere: (id, url) => calls.push(`elsewhere ${id} ${url}`),
    alsoHere: (id, url) => calls.push(`here ${id} ${url}`),
    surveyFailed: error => calls.push(`survey failed ${(error as Error).message}`),
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
      code: 'PORT_IN_USE',
      message: 'port 4011 on 0.0.0.0 is in use',
      suggestions: ['pick another with --port, or --port 0'],
    })
    expect(calls).toEqual([])
  })

  it('registers --public-url as given', () => {
    expect(registrationTarget('http://[::]:4011/', undefined)).toBe('http://[::1]:4011/')
    expect(registrationTarget('http://127.0.0.1:4011/', 'https://t.example/')).toBe('https://t.example/')
  })

  it('plans as stripe listen: a sandbox without a secret registers; a secret given or production does not', async () => {
    const profile =
      (environment: string, origin = 'http://127.0.0.1:4010', stored: Record<string, string> = {}) =>
      async () =>
        ({name: 'p', environment, origin, credentials: {webhookSecrets: stored}}) as unknown as ResolvedProfile
    const plan = (input: Partial<Parameters<typeof listenPlan>[0]>) =>
      listenPlan({printSecret: false, host: '127.0.0.1', port: 4011, profile: profile('sandbox'), ...input})
    expect(await plan({})).toMatchObject({register: true, survey: true})
    expect(await plan({secret: ['s']})).toMatchObject({register: false, survey: false})
    expect(await plan({register: false, profile: profile('sandbox', undefined, {sub_1: 's'})})).toMatchObject({
      register: false,
      survey: true,
    })
    expect(await plan({profile: profile('production', undefined, {sub_1: 's'})})).toMatchObject({register: false})
    await expect(plan({profile: profile('production')})).rejects.toThrow('no signing secret to verify deliveries with')
    await expect(plan({register: true, profile: profile('production', 'https://api.example.com')})).rejects.toThrow(
      '--register against https://api.example.com needs --public-url',
    )
    await expect(plan({profile: profile('sandbox', 'https://sandbox.example.com')})).rejects.toThrow(
      'listening on a sandbox profile registers a temporary subscription, which against https://sandbox.example.com needs --public-url',
    )
    await expect(plan({secret: ['s'], publicUrl: 'https://t.example/'})).rejects.toThrow('it needs --register')
  })

  it('tells a subscription to this listener from one elsewhere', () => {
    expect(sameReceiver('http://localhost:4011/hooks', 'http://127.0.0.1:4011/')).toBe(true)
    expect(sameReceiver('http://[::1]:4011/', 'http://127.0.0.1:4011/')).toBe(true)
    expect(sameReceiver('http://127.0.0.1:4013/hooks', 'http://127.0.0.1:4011/')).toBe(false)
    expect(sameReceiver('https://t.example/a', 'https://t.example/b')).toBe(true)
    expect(sameReceiver('not a url', 'http://127.0.0.1:4011/')).toBe(false)
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
