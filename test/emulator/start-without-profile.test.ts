import {spawn} from 'node:child_process'
import {rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {afterAll, describe, expect, it} from 'vitest'
import {CLI, isolatedHome} from '../helpers/cli.js'

/**
 * `emulator start` is a BaseCommand that needs no profile: it serves the built-in one. With a config "directory" that
 * is a plain file (no profile, no credential can be read from it) and a profile name that exists nowhere, it starts,
 * shows its banner (its view, each line within 80 columns), keeps serving, and stops on SIGTERM with exit 0.
 */

const home = isolatedHome()
afterAll(() => rmSync(home.dir, {recursive: true, force: true}))

describe('emulator start without a profile', () => {
  it('starts with an unreadable config dir and an unknown PAYCTL_PROFILE, shows the banner and stops on SIGTERM', async () => {
    const configFile = join(home.dir, 'not-a-directory')
    writeFileSync(configFile, 'no profiles here\n')
    const env: NodeJS.ProcessEnv = {...process.env, ...home.env, NO_COLOR: '1'}
    env.PAYCTL_CONFIG_DIR = configFile
    env.PAYCTL_PROFILE = 'no-such-profile'
    delete env.PAYCTL_API_KEY
    delete env.PAYCTL_ORIGIN
    const child = spawn(CLI[0], [...CLI.slice(1), 'emulator', 'start', '--port', '0', '--data', ':memory:'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', chunk => {
      stderr += chunk
    })
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    try {
      const banner: string[] = []
      const lines = createInterface({input: child.stdout})
      await new Promise<void>((resolve, reject) => {
        lines.on('line', line => {
          banner.push(line)
          if (line === 'Press Ctrl-C to stop.') resolve()
        })
        child.once('exit', code => reject(new Error(`emulator exited with ${code}: ${stderr}`)))
      })
      expect(banner[0]).toMatch(/^Emulator listening on http:\/\/127\.0\.0\.1:\d+$/)
      expect(banner.filter(line => line.length > 80)).toEqual([])
      // Still serving after the banner: run() returned, the base command showed it, and the server runs on.
      const url = banner[0].replace('Emulator listening on ', '')
      expect((await fetch(`${url}/api/v1/team`)).status).toBe(401)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(stderr).toContain('Emulator stopped (SIGTERM).')
      expect(stderr).not.toMatch(/profile/i)
      lines.close()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
