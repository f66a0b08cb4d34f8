import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {CLI} from '../helpers/cli.js'

/** End to end: the built CLI starts the emulator (run after `npm run build`, as `npm test` does). */
const root = fileURLToPath(new URL('../..', import.meta.url))

describe('payctl emulator start', () => {
  it('--port 0 --data :memory: --json prints one JSON line, serves the API and stops on SIGTERM', async () => {
    const child = spawn(CLI[0], [...CLI.slice(1), 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', chunk => {
      stderr += chunk
    })
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    try {
      const lines = createInterface({input: child.stdout})
      const first = await new Promise<string>((resolve, reject) => {
        lines.once('line', resolve)
        child.once('exit', code => reject(new Error(`emulator exited with ${code}: ${stderr}`)))
      })
      const info = JSON.parse(first)
      expect(Object.keys(info).sort()).toEqual(['keys', 'otherTeam', 'port', 'teamId', 'url'])
      expect(info.url).toBe(`http://127.0.0.1:${info.port}`)
      expect(info.port).toBeGreaterThan(0)
      expect(info.keys.full).toMatch(/^sk_/)
      expect(info.keys.default).toMatch(/^sk_/)
      expect(info.otherTeam.keys.full).toMatch(/^sk_/)
      const res = await request(`${info.url}/api/v1/team`, {headers: {authorization: `Bearer ${info.keys.full}`}})
      const team = (await res.body.json()) as {id: string}
      expect(res.statusCode).toBe(200)
      expect(team.id).toBe(info.teamId)
      const other = await request(`${info.url}/api/v1/team`, {
        headers: {authorization: `Bearer ${info.otherTeam.keys.full}`},
      })
      expect(((await other.body.json()) as {id: string}).id).toBe(info.otherTeam.teamId)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      lines.close()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('--auto-consent: an authorization request with a member login_hint redirects straight back with a code', async () => {
    const child = spawn(
      CLI[0],
      [...CLI.slice(1), 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json', '--auto-consent'],
      {cwd: root, stdio: ['ignore', 'pipe', 'pipe']},
    )
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    try {
      const lines = createInterface({input: child.stdout})
      const info = JSON.parse(await new Promise<string>(resolve => lines.once('line', resolve)))
      const authorize = new URL(`${info.url}/api/auth/oauth2/authorize`)
      for (const [key, value] of Object.entries({
        response_type: 'code',
        client_id: 'cl_emulator_platform',
        redirect_uri: 'http://127.0.0.1:8765/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        resource: `${info.url}/api/v1`,
        state: 's1',
        login_hint: 'owner@example.com',
      }))
        authorize.searchParams.set(key, value)
      const res = await request(authorize)
      await res.body.text()
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:8765\/callback\?code=ac_[^&]+&state=s1&iss=/)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      lines.close()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
