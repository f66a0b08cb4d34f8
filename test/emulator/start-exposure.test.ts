import {spawn} from 'node:child_process'
import {mkdtempSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {describe, expect, it} from 'vitest'
import {BIN, runCli} from '../helpers/cli.js'
import {rawRequest} from '../helpers/raw-request.js'

/** End to end: `payctl emulator start` on another interface than loopback, and the modes of its files. */

/** Starts the built CLI's emulator under a shell with `umask`, answers its --json line and a stop function. */
async function startUnderUmask(umask: string, args: string[]) {
  const child = spawn(
    'sh',
    ['-c', `umask ${umask}; exec "${process.execPath}" "${BIN}" emulator start "$@"`, 'sh', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', chunk => {
    stderr += chunk
  })
  const lines = createInterface({input: child.stdout})
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', code => reject(new Error(`emulator exited with ${code}: ${stderr}`)))
  })
  const stop = async () => {
    const exited = new Promise(resolve => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    lines.close()
  }
  return {info: JSON.parse(first), stop}
}

describe('payctl emulator start for others', () => {
  it('--host 0.0.0.0 alone refuses to start with one line naming --no-control and --control-token (exit 2)', async () => {
    const res = await runCli(['emulator', 'start', '--host', '0.0.0.0', '--port', '0', '--data', ':memory:'])
    expect(res.code, res.stderr).toBe(2)
    expect(res.stderr.trim().split('\n')).toHaveLength(1)
    expect(res.stderr).toMatch(/--no-control/)
    expect(res.stderr).toMatch(/--control-token/)
  })

  it('--host 0.0.0.0 --control-token prints a token that another host must show', async () => {
    const {info, stop} = await startUnderUmask('022', [
      '--host',
      '0.0.0.0',
      '--control-token',
      '--port',
      '0',
      '--data',
      ':memory:',
      '--json',
    ])
    try {
      expect(info.controlToken).toMatch(/^ect_/)
      const origin = `http://127.0.0.1:${info.port}`
      const remote = {method: 'POST', target: '//_emulator/reset', localAddress: '127.0.0.2'}
      expect((await rawRequest(origin, remote)).status).toBe(403)
      const withToken = await rawRequest(origin, {...remote, headers: {'x-emulator-control-token': info.controlToken}})
      expect(withToken.status).toBe(200)
    } finally {
      await stop()
    }
  })

  it('under umask 000 the database is 0600 and its new folder 0700', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payctl-emu-modes-'))
    const data = join(dir, 'nested', 'emulator.sqlite')
    const {stop} = await startUnderUmask('000', ['--port', '0', '--data', data, '--json'])
    try {
      expect(statSync(data).mode & 0o777).toBe(0o600)
      expect(statSync(join(dir, 'nested')).mode & 0o777).toBe(0o700)
      for (const companion of [`${data}-wal`, `${data}-shm`])
        expect(statSync(companion).mode & 0o777, companion).toBe(0o600)
    } finally {
      await stop()
    }
  })
})
