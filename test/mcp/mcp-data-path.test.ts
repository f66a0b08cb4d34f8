import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome, ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {type McpSession, ok, useMcpSessions} from './mcp-client.js'

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, {withFileTypes: true}).flatMap(entry =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  )

describe('MCP tools take the data their commands return', {timeout: 240_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  it('nothing in src replaces write on a process stream; nothing in src/mcp reads printed output', () => {
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8')
      expect(text, file).not.toMatch(/\.write\s*=[^=]/)
      if (file.includes(join('src', 'mcp'))) expect(text, file).not.toMatch(/stdout|stderr/)
    }
  })

  it('a tool answers what the command returns: the same values --json prints, warnings and errors as data', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url}
    const created = await ctx.api.v2Create({customId: 'data-path-1'})
    session = await mcp([], env)
    for (const [tool, args, command] of [
      ['team_get', {}, ['team', 'get']],
      ['team_accounts', {}, ['team', 'accounts']],
      ['counterparties_countries', {}, ['counterparties', 'countries']],
      ['payouts_get', {id: [created.id]}, ['payouts', 'get', created.id]],
    ] as const) {
      const printed = await runCommand([...command, '--json'], {env})
      expect(printed.code, printed.stderr).toBe(0)
      expect(ok(await session.call(tool, args)).data, tool).toEqual(JSON.parse(printed.stdout))
    }
    const url = ok(
      await session.call('sessions_payout', {payout: created.id, 'redirect-url': 'https://example.com/back'}),
    )
    expect(url.data.url).toMatch(/^http/)
    const missing = await session.call('counterparties_get', {id: 'counterparty_00000000-0000-4000-8000-000000000000'})
    expect(missing.isError).toBe(true)
    expect(missing.structuredContent?.error).toMatchObject({code: 'NOT_FOUND', exitCode: 4})
  })
})
