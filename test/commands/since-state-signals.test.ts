import {spawn} from 'node:child_process'
import {existsSync, watch} from 'node:fs'
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
}

/** A since-state run that gets `signal` when `when` says so (given the child), or never. */
function run(signal: NodeJS.Signals, when: (kill: () => void) => void): Promise<Run> {
  const env = {...process.env, NO_COLOR: '1', ...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}
  const child = spawn(CLI[0], [...CLI.slice(1), 'transactions', 'list', '--since-state', state, '-o', 'jsonl'], {env})
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', d => {
    stdout += d
  })
  when(() => child.kill(signal))
  return new Promise(resolve => child.on('close', (code, got) => resolve({code, signal: got, stdout})))
}

describe('a since-state run stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s the moment FILE is saved: exit 0', async signal => {
    const watcher = watch(home.dir)
    const result = await run(signal, kill =>
      watcher.on('change', (_event, name) => {
        if (name === 'run.state') {
          kill()
          watcher.close()
        }
      }),
    )
    watcher.close()
    expect(existsSync(state)).toBe(true)
    expect(result).toMatchObject({code: 0, signal: null})
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(3)
  })
})
