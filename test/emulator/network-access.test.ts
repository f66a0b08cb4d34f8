import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {type RunningEmulator, startEmulator} from '../../src/emulator/index.js'
import {buildRouter} from '../../src/emulator/route-table.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {pathForms} from '../helpers/path-forms.js'
import {rawRequest} from '../helpers/raw-request.js'

/**
 * The emulator on a network (docs/emulator.md, "Running the emulator for others"). It listens on 0.0.0.0 and the
 * tests connect to 127.0.0.1: from 127.0.0.1 they are this machine, from 127.0.0.2 they play another host (the
 * emulator's "local" is the exact loopback peer or a peer sending from the address it reached).
 */

const REMOTE = '127.0.0.2'
const TOKEN = 'ect_test-control-token'

let emu: RunningEmulator
let origin: string

beforeAll(async () => {
  emu = await startEmulator({port: 0, host: '0.0.0.0', dataFile: ':memory:', control: {mode: 'token', token: TOKEN}})
  origin = `http://127.0.0.1:${emu.port}`
})

afterAll(async () => {
  await emu?.close()
})

const send = (method: string, target: string, headers: Record<string, string> = {}, localAddress?: string) =>
  rawRequest(origin, {
    method,
    target,
    headers: {'content-type': 'application/json', ...headers},
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    localAddress,
  })

describe('emulator access on a network', () => {
  it('refuses every control route, in every path form, to another host without the token', async () => {
    const control = buildRouter(emu.app)
      .list()
      .filter(route => route.access.kind === 'loopback')
    expect(control.length).toBeGreaterThan(8)
    for (const route of control)
      for (const target of pathForms(route.path.replace(/:\w+/g, 'payout_x'))) {
        const res = await send(route.method, target, {}, REMOTE)
        expect([403, 404], `${route.method} ${target} from ${REMOTE}: ${res.status} ${res.text}`).toContain(res.status)
      }
    // Nothing was reset or created by those requests: the seeded keys still work and no team was added.
    const team = await send('GET', '/api/v1/team', {authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`}, REMOTE)
    expect(team.status).toBe(200)
  })

  it('POST //_emulator/reset and POST /%5Femulator/teams from another host answer 403', async () => {
    for (const target of ['//_emulator/reset', '/%5Femulator/teams', '/_emulator/reset']) {
      const res = await send('POST', target, {}, REMOTE)
      expect(res.status, `${target}: ${res.text}`).toBe(403)
      expect(JSON.parse(res.text).error.code).toBe('FORBIDDEN')
    }
  })

  it('serves control routes to this machine, and to another host that shows the token', async () => {
    expect((await send('GET', '/_emulator/clock')).status).toBe(200)
    expect((await send('GET', '//_emulator/clock')).status).toBe(200)
    expect((await send('GET', '/_emulator/clock', {'x-emulator-control-token': TOKEN}, REMOTE)).status).toBe(200)
    expect((await send('GET', '/_emulator/clock', {'x-emulator-control-token': `${TOKEN}x`}, REMOTE)).status).toBe(403)
  })

  it('refuses a cross-site Origin on control routes and the API, and accepts the emulator’s own', async () => {
    const evil = {origin: 'https://evil.example'}
    const reset = await send('POST', '/_emulator/reset', evil)
    expect(reset.status, reset.text).toBe(403)
    const key = {authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`}
    expect((await send('GET', '/api/v1/team', {...key, ...evil})).status).toBe(403)
    expect((await send('GET', '/api/v1/team', {...key, origin: 'null'})).status).toBe(403)
    expect((await send('GET', '/api/v1/team', {...key, 'sec-fetch-site': 'cross-site'})).status).toBe(403)
    expect((await send('GET', '/api/v1/team', {...key, origin})).status).toBe(200)
    expect((await send('GET', '/_emulator/clock', {origin})).status).toBe(200)
  })

  it('refuses a Host that is not the emulator’s on control routes and the API (DNS rebinding)', async () => {
    const key = {authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`}
    for (const host of ['evil.example', `evil.example:${emu.port}`, 'rebind.127.0.0.1.nip.io']) {
      expect((await send('GET', '/api/v1/team', {...key, host})).status, host).toBe(403)
      expect((await send('POST', '/_emulator/reset', {host})).status, host).toBe(403)
    }
    for (const host of [`localhost:${emu.port}`, `127.0.0.1:${emu.port}`, `[::1]:${emu.port}`, 'app.localhost'])
      expect((await send('GET', '/api/v1/team', {...key, host})).status, host).toBe(200)
  })

  it('leaves hosted pages reachable by any Host (they guard their own forms)', async () => {
    const res = await send('GET', '/hosted/claim/not-a-token', {host: 'tunnel.example'}, REMOTE)
    expect(res.status).not.toBe(403)
  })
})

describe('emulator access options', () => {
  it('refuses to start on a non-loopback interface with control routes for anyone local', async () => {
    await expect(startEmulator({port: 0, host: '0.0.0.0', dataFile: ':memory:'})).rejects.toMatchObject({
      code: 'EXPOSED_CONTROL',
    })
  })

  it('with control off, control routes answer 404 even to this machine; --allow-host names are accepted', async () => {
    const off = await startEmulator({
      port: 0,
      host: '0.0.0.0',
      dataFile: ':memory:',
      control: {mode: 'off'},
      allowedHosts: ['devbox.internal'],
    })
    try {
      const target = `http://127.0.0.1:${off.port}`
      expect((await rawRequest(target, {method: 'POST', target: '/_emulator/reset'})).status).toBe(404)
      const team = await rawRequest(target, {
        target: '/api/v1/team',
        headers: {authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`, host: 'devbox.internal:4010'},
      })
      expect(team.status).toBe(200)
    } finally {
      await off.close()
    }
  })
})
