import {spawn} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {CLI, isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/** --since-state runs stopped by real signals: once FILE is saved the run exits 0; before, FILE is as it was. */

const ctx = useEmulator()
let home: ReturnType<typeof isolatedHome>
let state: string

beforeEach(async () => {
  home = isolatedHome()
  state = join(home.dir, 'run.state')
  for (let i = 1; i <= 3; i++) await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i}.00`})
})

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** A since-state run that gets `signal` when `when` says so (given the child and its stderr so far), or never. */
function run(
  signal: NodeJS.Signals,
  when: (kill: () => void, stderr: () => string) => void,
  extraEnv: Record<string, string> = {},
): Promise<Run> {
  const env = {
    ...process.env,
    NO_COLOR: '1',
    ...home.env,
    PAYCTL_ORIGIN: ctx.emu.url,
    PAYCTL_API_KEY: FULL,
    ...extraEnv,
  }
  const child = spawn(CLI[0], [...CLI.slice(1), 'transactions', 'list', '--since-state', state, '-o', 'jsonl'], {env})
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', d => {
    stdout += d
  })
  child.stderr.setEncoding('utf8').on('data', d => {
    stderr += d
  })
  when(
    () => child.kill(signal),
    () => stderr,
  )
  return new Promise(resolve => child.on('close', (code, got) => resolve({code, signal: got, stdout, stderr})))
}

describe('a since-state run stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s right after the rename (a test hook pauses there): the save stands, exit 0, no "Stopping" notice',
    async signal => {
      const result = await run(
        signal,
        (kill, stderr) => {
          const poll = setInterval(() => {
            if (!stderr().includes('payctl-test-pause: since-state saved')) return
            clearInterval(poll)
            kill()
          }, 20)
        },
        {PAYCTL_TEST_PAUSE: 'since-state saved'},
      )
      expect(result, result.stderr).toMatchObject({code: 0, signal: null})
      expect(result.stderr).not.toMatch(/Stopping|interrupted/i)
      const printed = result.stdout
        .split('\n')
        .filter(Boolean)
        .map(line => JSON.parse(line).id)
      // 3 deposits and the seed's 2, all saved in FILE: the next run prints nothing.
      expect(printed).toHaveLength(5)
      expect(Object.keys(JSON.parse(readFileSync(state, 'utf8')).seen).sort()).toEqual([...printed].sort())
    },
  )
})
