import {chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer} from '../helpers/fake-server.js'

/**
 * The files class of the fuzz suites: fast-check picks a `--since-state` run, a way another user could have
 * touched its FILE (a symbolic link to a file of the user's, FILE or its folder owned by another uid or writable by
 * group or others) and whether FILE exists. Asserted for every case: exit 2, one `Error: USAGE` line naming
 * `--since-state`, no request sent, and every file as it was (nothing written through a link, no lock or temporary
 * file left). The tests run as root: "another user" is uid 4242. A few cases in `npm test`; FILES_FUZZ_RUNS=N runs
 * more.
 */

const RUNS = Number(process.env.FILES_FUZZ_RUNS ?? 3)
const OTHER = 4242
const STATE = '{"version":1,"command":"x","profile":"x","origin":"x","filters":{},"seen":{}}\n'

const COMMANDS: Record<string, string[]> = {
  transactions: ['transactions', 'list', '--since-state'],
  payouts: ['payouts', 'list', '--since-state'],
  changes: ['payouts', 'changes', '--since-state'],
}

type Spoil = (at: {folder: string; file: string; victim: string}) => void
const SPOILS: Record<string, {spoil: Spoil; needsFile: boolean}> = {
  'a symlink to a file of ours': {
    spoil: ({file, victim}) => {
      rmSync(file, {force: true})
      symlinkSync(victim, file)
    },
    needsFile: false,
  },
  'FILE of another user': {spoil: ({file}) => chownSync(file, OTHER, OTHER), needsFile: true},
  'FILE writable by its group': {spoil: ({file}) => chmodSync(file, 0o660), needsFile: true},
  'FILE writable by all': {spoil: ({file}) => chmodSync(file, 0o606), needsFile: true},
  'the folder of another user': {spoil: ({folder}) => chownSync(folder, OTHER, OTHER), needsFile: false},
  'the folder writable by its group': {spoil: ({folder}) => chmodSync(folder, 0o770), needsFile: false},
  'the folder writable by all (sticky)': {spoil: ({folder}) => chmodSync(folder, 0o1777), needsFile: false},
}

let server: FakeServer
beforeAll(async () => {
  server = await new FakeServer().start()
})
afterAll(async () => server.stop())

describe('the files class', () => {
  it('a state file or folder another user could touch is refused: exit 2, one line, nothing sent or written', async () => {
    const home = isolatedHome()
    let cases = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(COMMANDS)),
        fc.constantFrom(...Object.keys(SPOILS)),
        fc.boolean(),
        async (command, how, exists) => {
          const folder = join(home.dir, `case-${cases++}`)
          mkdirSync(folder, {mode: 0o700})
          const file = join(folder, 'run.state')
          const victim = join(home.dir, `victim-${cases}.txt`)
          writeFileSync(victim, 'precious\n', {mode: 0o600})
          const {spoil, needsFile} = SPOILS[how]
          if (exists || needsFile) writeFileSync(file, STATE, {mode: 0o600})
          const before = readdirSync(folder)
          spoil({folder, file, victim})
          const sent = server.requests.length
          const result = await runCli([...COMMANDS[command], file], {
            env: {...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'},
          })
          const context = `${command}, ${how}${exists ? ', FILE exists' : ''}: ${result.stderr}`
          expect(result.code, context).toBe(2)
          expect(
            result.stderr.split('\n').filter(line => line.startsWith('Error:')),
            context,
          ).toEqual([expect.stringMatching(/^Error: USAGE: --since-state /)])
          expect(server.requests.length, context).toBe(sent)
          expect(readFileSync(victim, 'utf8'), context).toBe('precious\n')
          expect(readdirSync(folder).sort(), context).toEqual(
            how.startsWith('a symlink') ? ['run.state'] : [...before].sort(),
          )
        },
      ),
      {numRuns: RUNS},
    )
    process.stderr.write(`files fuzz: ${cases} cases\n`)
  }, 120_000)
})
