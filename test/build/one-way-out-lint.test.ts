import {describe, expect, it} from 'vitest'
import {layoutTree} from './layout-tree.js'

/**
 * scripts/check-layout.js (run by `npm run lint`), issue 42 "one way out": a command returns its result and
 * BaseCommand shows it, so no command prints its result itself (no respond, no this.log, no stdout of its own, no
 * writing to its own Output); a view writes to the `out` it is given.
 */

const tree = layoutTree('layout-out')

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
    const clean = tree.onRepository()
    expect(clean.stderr).not.toMatch(/this\.log|stdout written|own Output written/)
  })

  it('names each way a command would print by file and line; a view writing to its out passes', () => {
    tree.write(
      'commands/things/show.ts',
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
    const copied = tree.check()
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
