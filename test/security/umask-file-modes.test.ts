import {spawn} from 'node:child_process'
import {readdirSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {BIN, isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {waitFor} from '../webhooks/listen-process.js'

/**
 * Files payctl writes for the user stay private whatever the umask (issue 26, item 8): the import's --report
 * and the listener's --save folder and files, written by the built CLI started under `umask 000`.
 */

const ctx = useEmulator({reset: false})

/** The built CLI under a shell with umask 000. */
function underUmask000(args: string[], env: Record<string, string>) {
  return spawn('sh', ['-c', `umask 000; exec "${process.execPath}" "${BIN}" "$@"`, 'sh', ...args], {
    env: {...process.env, NO_COLOR: '1', ...env},
  })
}

const modeOf = (path: string) => statSync(path).mode & 0o777

describe('under umask 000', () => {
  it('payouts import --report writes the report 0600', async () => {
    const home = isolatedHome()
    const csv = join(home.dir, 'payouts.csv')
    writeFileSync(csv, 'customId,description,amount,currency,recipientEmail\nu-1,A,5.00,EUR,a@example.com\n')
    const report = join(home.dir, 'report.csv')
    const child = underUmask000(['payouts', 'import', csv, '--report', report], {
      ...home.env,
      PAYCTL_ORIGIN: ctx.url,
      PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey,
    })
    let stderr = ''
    child.stderr.on('data', chunk => {
      stderr += chunk
    })
    const code = await new Promise(resolve => child.on('close', resolve))
    expect(code, stderr).toBe(0)
    expect(modeOf(report).toString(8)).toBe('600')
  })

  it('webhooks listen --save creates its folder 0700 and each saved file 0600', async () => {
    const home = isolatedHome()
    const saveDir = join(home.dir, 'saved')
    const child = underUmask000(
      ['webhooks', 'listen', '--port', '0', '--secret', 'whsec_dGVzdHNlY3JldA==', '--save', saveDir],
      home.env,
    )
    let stderr = ''
    child.stderr.on('data', chunk => {
      stderr += chunk
    })
    try {
      const url = await waitFor(() => /Listening on (\S+)/.exec(stderr)?.[1], 'the listener to start')
      const answer = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({id: 'p-1', status: 'completed'}),
        headers: {'content-type': 'application/json'},
      })
      expect(answer.status).toBe(401)
      const files = await waitFor(() => {
        const names = readdirSync(saveDir)
        return names.length >= 2 ? names : undefined
      }, 'the saved delivery')
      expect(modeOf(saveDir).toString(8)).toBe('700')
      for (const name of files) expect(`${name} ${modeOf(join(saveDir, name)).toString(8)}`).toBe(`${name} 600`)
    } finally {
      const closed = new Promise(resolve => child.on('close', resolve))
      child.kill('SIGTERM')
      await closed
    }
  })
})
