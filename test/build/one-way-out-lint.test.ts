import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-layout.js (run by `npm run lint`), issue 42 "one way out": a command returns its result and
 * BaseCommand shows it, so no command prints its result itself (no respond, no this.log, no stdout of its own, no
 * writing to its own Output); a view writes to the `out` it is given.
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-layout.js')
const root = mkdtempSync(join(tmpdir(), 'payctl-layout-out-'))
afterAll(() => rmSync(root, {recursive: true, force: true}))

const command = (body: string[]) =>
  [
    "import {BaseCommand} from '../../cli/base-command.js'",
    "import {type Answer, shown} from '../../cli/shown.js'",
    '',
    "export default class ThingsShow extends BaseCommand<typeof ThingsShow, 'thing'> {",
    "  static override summary = 'Show a thing.'",
    '',
    "  async run(): Promise<Answer<'thing'>> {",
    ...body,
    '  }',
    '}',
  ].join('\n')

describe('no command prints its result itself', () => {
  it('holds in this repository', () => {
    const clean = spawnSync(process.execPath, [script], {encoding: 'utf8'})
    expect(clean.stderr).not.toMatch(/this\.log|stdout written|own Output written/)
  })

  it('names each way a command would print by file and line; a view writing to its out passes', () => {
    mkdirSync(join(root, 'src', 'commands', 'things'), {recursive: true})
    writeFileSync(
      join(root, 'src', 'commands', 'things', 'show.ts'),
      command([
        '    const thing = {id: 1}',
        '    this.log(JSON.stringify(thing))',
        '    process.stdout.write("done\\n")',
        '    this.out.line("thing " + thing.id)',
        '    await this.out.table([thing], [])',
        '    return this.respond(thing, {})',
        '    return shown(thing, {view: (shownThing, out) => out.line("thing " + shownThing.id)})',
      ]),
    )
    const copied = spawnSync(process.execPath, [script, root], {encoding: 'utf8'})
    expect(copied.status).toBe(1)
    const named = copied.stderr
      .split('\n')
      .filter(line => line.startsWith('src/commands/things/show.ts:'))
      .map(line => line.split(': ').slice(0, 2).join(': ').split(' (')[0])
    expect(named).toEqual([
      'src/commands/things/show.ts:9: this.log/logToStderr/respond',
      'src/commands/things/show.ts:10: stdout written directly',
      "src/commands/things/show.ts:11: the command's own Output written to",
      "src/commands/things/show.ts:12: the command's own Output written to",
      'src/commands/things/show.ts:13: this.log/logToStderr/respond',
    ])
  })
})
