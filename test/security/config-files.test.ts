import {mkdirSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/** Config and credentials files: private from the first write, and a broken file is one line, never a JS error. */

const mode = (path: string) => statSync(path).mode & 0o777

describe('config directory and files', () => {
  it('profiles add as the very first command makes the directory 0700 and config.json 0600', async () => {
    const home = isolatedHome()
    const result = await runCommand(
      ['profiles', 'add', 's', '--environment', 'sandbox', '--origin', 'https://sb.example.com'],
      {env: home.env},
    )
    expect(result.code, result.stderr).toBe(0)
    expect(mode(home.env.PAYCTL_CONFIG_DIR)).toBe(0o700)
    expect(mode(join(home.env.PAYCTL_CONFIG_DIR, 'config.json'))).toBe(0o600)
  })

  it('a directory left 0755 by an older version is made 0700 on the next write', async () => {
    const home = isolatedHome()
    mkdirSync(home.env.PAYCTL_CONFIG_DIR, {mode: 0o755})
    const result = await runCommand(['profiles', 'add', 's', '--environment', 'sandbox', '--origin', 'http://x.test'], {
      env: home.env,
    })
    expect(result.code, result.stderr).toBe(0)
    expect(mode(home.env.PAYCTL_CONFIG_DIR)).toBe(0o700)
  })
})

describe('corrupted or wrongly typed files', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['credentials.json', 'null', 'payouts list', /credentials\.json: the top level must be an object \(found null\)/],
    [
      'credentials.json',
      '{"profiles":{"local":{"apiKey":42}}}',
      'payouts list',
      /credentials\.json: profiles\.local\.apiKey must be a string \(found number\)/,
    ],
    ['credentials.json', '{"profiles":', 'payouts list', /credentials\.json: is not valid JSON/],
    [
      'config.json',
      '{"activeProfile":"p","profiles":{"p":{"environment":"sandbox","origin":42}}}',
      'payouts list',
      /config\.json: profiles\.p\.origin must be a string \(found number\)/,
    ],
    [
      'config.json',
      '{"profiles":{"p":{"environment":"staging","origin":"https://x.test"}}}',
      'profiles add q --environment sandbox --origin https://q.test',
      /config\.json: profiles\.p\.environment must be one of production, sandbox \(found "staging"\)/,
    ],
    ['config.json', '[]', 'profiles list', /config\.json: the top level must be an object \(found an array\)/],
    [
      'config.json',
      '{"activeProfile":"p","profiles":{"p":{"environment":"production","origin":"https://x.test","allowAgentMoney":"yes"}}}',
      'mcp --allow-money',
      /config\.json: profiles\.p\.allowAgentMoney must be true or false \(found "yes"\)/,
    ],
  ]

  it.each(cases)(
    '%s containing %s: one line naming file and field, exit 3',
    async (file, content, command, message) => {
      const home = isolatedHome()
      mkdirSync(home.env.PAYCTL_CONFIG_DIR, {recursive: true})
      writeFileSync(join(home.env.PAYCTL_CONFIG_DIR, file), content)
      const result = await runCommand(command.split(' '), {env: home.env})
      expect(result.code).toBe(3)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
      expect(result.stderr).toMatch(message)
      expect(result.stderr).not.toMatch(/TypeError|Cannot read properties|is not a function/)
    },
  )

  it('--debug --json keeps stderr JSON (no stack): every line parses, the error comes last', async () => {
    const home = isolatedHome()
    mkdirSync(home.env.PAYCTL_CONFIG_DIR, {recursive: true})
    writeFileSync(join(home.env.PAYCTL_CONFIG_DIR, 'credentials.json'), 'null')
    const result = await runCommand(['payouts', 'list', '--debug', '--json'], {env: home.env})
    expect(result.code).toBe(3)
    const lines = result.stderr.trim().split('\n')
    const objects = lines.map(line => JSON.parse(line))
    expect(objects.at(-1).error).toMatchObject({code: 'CONFIG', exitCode: 3})
    expect(result.stderr).not.toContain('    at ')
  })

  it('--debug --json with HTTP traffic: trace lines are JSON objects too', async () => {
    const home = isolatedHome()
    const result = await runCommand(['payouts', 'list', '--debug', '--json'], {
      env: {...home.env, PAYCTL_ORIGIN: 'http://127.0.0.1:9', PAYCTL_API_KEY: 'sk_test_x'},
    })
    expect(result.code).toBe(7)
    const objects = result.stderr
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(objects.slice(0, -1).every(o => typeof o.debug === 'string')).toBe(true)
    expect(objects.at(-1).error.code).toBe('NETWORK')
  })
})
