import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {request} from 'undici'
import {describe, expect, it} from 'vitest'

/** End to end: the built CLI starts the emulator (run after `npm run build`, as `npm test` does). */
const root = fileURLToPath(new URL('../..', import.meta.url))

describe('payctl emulator start', () => {
  it('--port 0 --data :memory: --json prints one JSON line, serves the API and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['bin/run.js', 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
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
})
