import {describe, expect, it} from 'vitest'
import {closestCommand} from '../../src/cli/hooks/command-not-found.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCliInTty} from '../helpers/tty.js'

/** A typo never runs a command: a suggestion, exit 2, one JSON object under --json. */

const ctx = useEmulator()

describe('unknown commands', () => {
  it('on a terminal a typo of "payouts delete" suggests it, deletes nothing, exits 2 (Enter does not confirm)', async () => {
    const payout = await ctx.api.v2Create({customId: 'keep-me'})
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
    const result = await runCliInTty(['payouts', 'delet', '--custom-id', 'keep-me'], {
      env,
      prompt: 'not a payctl command',
      answer: '\r',
    })
    expect(result.code).toBe(2)
    expect(result.output).toContain('"payouts delet" is not a payctl command; did you mean "payouts delete"?')
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).status).toBe(200)
  })

  it('without a TTY: exit 2 and one line', async () => {
    const result = await runCli(['payouts', 'delet', '--custom-id', 'x'], {env: isolatedHome().env})
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stdout).toBe('')
  })

  it('under --json stderr is one JSON object with the suggestion', async () => {
    const result = await runCli(['payouts', 'delet', '--custom-id', 'x', '--json'], {env: isolatedHome().env})
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        exitCode: 2,
        code: 'UNKNOWN_COMMAND',
        message: '"payouts delet" is not a payctl command; did you mean "payouts delete"?',
        data: {suggestion: 'payouts delete'},
        suggestions: ['run "payctl help payouts" for the list of commands'],
      },
    })
  })

  it('suggests only close matches, and a huge id costs no more than a short one', () => {
    const ids = ['payouts:delete', 'payouts:list', 'webhooks:listen']
    expect(closestCommand('payouts:lst', ids)).toBe('payouts:list')
    expect(closestCommand('frobnicate', ids)).toBeUndefined()
    expect(closestCommand('x'.repeat(1_000_000), ids)).toBeUndefined()
  })
})
