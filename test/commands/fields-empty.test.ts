import {beforeEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** --fields is checked against the fields the command knows of (columns and the response schema), not the rows. */
describe('--fields on an empty answer', () => {
  const ctx = useEmulator()
  let home: {env: Record<string, string>}
  beforeEach(() => {
    home = isolatedHome()
  })
  const cli = (args: string[]) =>
    runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

  it.each([
    ['payouts list (v1)', ['payouts', 'list', '--json']],
    ['payouts list --status (v2)', ['payouts', 'list', '--status', 'created', '--json']],
    ['payouts list -o jsonl', ['payouts', 'list', '--status', 'created', '-o', 'jsonl']],
    ['counterparties list', ['counterparties', 'list', '--json']],
  ])('%s: a typo is exit 2 with the valid names, nothing on stdout', async (_name, args) => {
    const result = await cli([...args, '--fields', 'id,amnt'])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/--fields: \\?"amnt\\?" is not a field here; choose from id, customId, .*createdAt/)
  })

  it('a schema field that no column shows is valid on an empty list too', async () => {
    const payouts = await cli(['payouts', 'list', '--status', 'created', '--json', '--fields', 'id,updatedAt'])
    expect(payouts.code, payouts.stderr).toBe(0)
    expect(JSON.parse(payouts.stdout)).toEqual([])
    const counterparties = await cli(['counterparties', 'list', '--json', '--fields', 'id,taxIdentity'])
    expect(counterparties.code, counterparties.stderr).toBe(0)
    expect(JSON.parse(counterparties.stdout)).toEqual([])
  })
})
