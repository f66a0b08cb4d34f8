import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {type CliResult, isolatedHome, runCli} from './cli.js'
import {useEmulator} from './emulator.js'
import {runCommand} from './run-command.js'

/** runCommand answers what the built CLI in its own process answers: same stdout, stderr and exit code. */

const ctx = useEmulator()

type Case = {name: string; args: string[]; env?: Record<string, string>; input?: string}

const cases = (): Case[] => [
  {name: 'a table on stdout', args: ['profiles', 'list']},
  {name: 'JSON on stdout from the API', args: ['team', 'get', '--json'], env: {PAYCTL_API_KEY: FULL}},
  {name: 'a table from the API', args: ['counterparties', 'list', '-o', 'table'], env: {PAYCTL_API_KEY: FULL}},
  {name: 'JSON lines from a cursor list', args: ['transactions', 'list', '-o', 'jsonl'], env: {PAYCTL_API_KEY: FULL}},
  {name: 'a usage error (exit 2)', args: ['payouts', 'list', '--limit', 'many']},
  {name: 'an unknown flag (exit 2)', args: ['payouts', 'list', '--colour']},
  {name: 'not found (exit 4)', args: ['payouts', 'get', 'po_00000000000000000000000000'], env: {PAYCTL_API_KEY: FULL}},
  {
    name: 'not found as JSON on stderr (exit 4)',
    args: ['payouts', 'get', 'po_00000000000000000000000000', '--json'],
    env: {PAYCTL_API_KEY: FULL},
  },
  {name: 'a refused key (exit 3)', args: ['payouts', 'list'], env: {PAYCTL_API_KEY: 'sk_sandbox_not_a_real_key'}},
  {name: 'an unknown profile (exit 2)', args: ['team', 'get'], env: {PAYCTL_PROFILE: 'nope'}},
  {name: 'a secret read from stdin', args: ['auth', 'login', '--with-api-key'], input: `${FULL}\n`},
  {name: 'an empty stdin (exit 2)', args: ['auth', 'login', '--with-api-key']},
]

/** The output with what differs between two runs (the home directory, request ids) replaced. */
const comparable = (result: CliResult, home: {dir: string}) => {
  const same = (text: string) => text.replaceAll(home.dir, '<home>').replace(/req_[0-9a-f]+/g, 'req_<id>')
  return {code: result.code, stdout: same(result.stdout), stderr: same(result.stderr)}
}

describe('runCommand and runCli agree', () => {
  for (const {name, args, env, input} of cases()) {
    it(name, async () => {
      const homeA = isolatedHome()
      const homeB = isolatedHome()
      const envOf = (home: {env: Record<string, string>}) => ({...home.env, PAYCTL_ORIGIN: ctx.emu.url, ...env})
      const inProcess = await runCommand(args, {env: envOf(homeA), input})
      const subprocess = await runCli(args, {env: envOf(homeB), input})
      expect(comparable(inProcess, homeA)).toEqual(comparable(subprocess, homeB))
      if (!name.includes('exit')) expect(inProcess.code).toBe(0)
    })
  }
})

describe('runCommand leaves the process as it found it', () => {
  it('restores the environment, process.exitCode and the streams; refuses overlapping calls', async () => {
    const listeners = () =>
      [process.stdout, process.stderr].map(s => s.listenerCount('drain') + s.listenerCount('error'))
    const before = {
      env: {...process.env},
      exitCode: process.exitCode,
      write: process.stdout.write,
      listeners: listeners(),
      sigint: process.listenerCount('SIGINT'),
    }
    const {env} = isolatedHome()
    const failed = await runCommand(['payouts', 'list'], {env: {...env, PAYCTL_API_KEY: 'sk_sandbox_x'}})
    expect(failed.code).not.toBe(0)
    expect(process.env).toEqual(before.env)
    expect(process.exitCode).toBe(before.exitCode)
    expect(process.stdout.write).toBe(before.write)
    expect(listeners()).toEqual(before.listeners)
    expect(process.listenerCount('SIGINT')).toBe(before.sigint)
    const first = runCommand(['profiles', 'list'], {env})
    await expect(runCommand(['profiles', 'list'], {env})).rejects.toThrow('must not overlap')
    expect((await first).code).toBe(0)
    // One call's state does not reach the next: a fresh home sees only the built-in profile again.
    await runCommand(['profiles', 'add', 'other', '--origin', 'https://api.example.com'], {env})
    const fresh = await runCommand(['profiles', 'list', '--json'], {env: isolatedHome().env})
    expect(JSON.parse(fresh.stdout).map((p: {name: string}) => p.name)).toEqual(['local'])
  })
})
