import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/** Profiles: only http(s) origins, and https for production unless the service runs on this machine. */

describe('profile origins', () => {
  it.each([
    ['http://api.example.com', /--origin: a production profile needs an https origin .*https:\/\/api\.example\.com/],
    ['file:///etc/passwd', /--origin.*must use http or https/],
    ['ftp://api.example.com', /--origin.*must use http or https/],
  ])('profiles add production %s exits 2 naming the flag', async (origin, message) => {
    const {env} = isolatedHome()
    const result = await runCommand(['profiles', 'add', 'p2', '--environment', 'production', '--origin', origin], {env})
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(message)
    const list = JSON.parse((await runCommand(['profiles', 'list', '--json'], {env})).stdout)
    expect(list.map((p: {name: string}) => p.name)).toEqual(['local'])
  })

  it.each(['http://127.0.0.1:4010', 'http://localhost:8080', 'http://[::1]:9000', 'https://api.example.com'])(
    'production accepts %s (https, or loopback)',
    async origin => {
      const {env} = isolatedHome()
      const result = await runCommand(['profiles', 'add', 'p', '--environment', 'production', '--origin', origin], {
        env,
      })
      expect(result.code, result.stderr).toBe(0)
    },
  )

  it('a sandbox may use http; switching it to production is refused naming --environment', async () => {
    const {env} = isolatedHome()
    const add = await runCommand(
      ['profiles', 'add', 's', '--environment', 'sandbox', '--origin', 'http://sb.example.com'],
      {
        env,
      },
    )
    expect(add.code, add.stderr).toBe(0)
    const set = await runCommand(['profiles', 'set', 's', '--environment', 'production'], {env})
    expect(set.code).toBe(2)
    expect(set.stderr).toMatch(/^Error: USAGE: --environment: a production profile needs an https origin/)
  })

  it('PAYCTL_ORIGIN cannot point a production profile at clear-text http', async () => {
    const {env} = isolatedHome()
    await runCommand(['profiles', 'add', 'p', '--environment', 'production', '--origin', 'https://api.example.com'], {
      env,
    })
    const result = await runCommand(['payouts', 'list', '--profile', 'p'], {
      env: {...env, PAYCTL_ORIGIN: 'http://api.example.com', PAYCTL_API_KEY: 'sk_live_x'},
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/profile "p": a production profile needs an https origin/)
  })
})
