import {describe, expect, it} from 'vitest'
import {layoutTree} from './layout-tree.js'

/**
 * scripts/check-layout.js (run by `npm run lint`), issue 50: a command is the command of an operation
 * (`export default commandOf(operation, {…})`, src/cli/command-of.ts) or a class typed by its result; a class never
 * runs an operation itself, and the run's Output that commandOf hands to `show` is written to by views only.
 */

const tree = layoutTree('layout-forms')

const factory = (show: string[]) =>
  [
    "import {commandOf} from '../../cli/command-of.js'",
    "import {shownAnswer} from '../../cli/shown.js'",
    "import {thingsGet} from '../../operations/things/things-get.js'",
    '',
    'export default commandOf(thingsGet, {',
    "  result: 'thing',",
    "  description: 'Shows a thing.',",
    "  examples: ['<%= config.bin %> <%= command.id %>'],",
    "  view: () => import('../../cli/output/thing-view.js'),",
    ...show,
    '})',
    '',
  ].join('\n')

describe('each command is a commandOf or a BaseCommand class', () => {
  it('holds in this repository', () => {
    const clean = tree.onRepository()
    expect(clean.stderr).not.toMatch(/is neither|an operation run by a class|own Output written/)
  })

  it("names another form, a class that runs an operation, and a write to the run's Output; a view's out passes", () => {
    const write = (name: string, text: string) => tree.write(`commands/things/${name}`, text)
    write(
      'get.ts',
      factory([
        '  show: (thing, {showThing}, {out}) => {',
        "    out.line('got it')",
        '    return shownAnswer(thing, {view: (got, out) => showThing(out, got)})',
        '  },',
      ]),
    )
    write(
      'show.ts',
      factory(['  show: (thing, {showThing}) => shownAnswer(thing, {view: (got, out) => out.line(got.id)}),']),
    )
    write(
      'list.ts',
      [
        "import {BaseCommand} from '../../cli/base-command.js'",
        '',
        "export default class ThingsList extends BaseCommand<typeof ThingsList, 'things'> {",
        '  async run() {',
        '    return this.operate(thingsList)',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
    write('count.ts', "import {Command} from '@oclif/core/command'\n\nexport default class Count extends Command {}\n")
    const copied = tree.check()
    expect(copied.status).toBe(1)
    const named = copied.stderr
      .split('\n')
      .filter(line => line.startsWith('src/commands/things/'))
      .map(line => line.split(' (')[0])
      .sort()
    expect(named).toEqual([
      "src/commands/things/count.ts is neither `export default commandOf(operation, {…})` nor `export default class X extends BaseCommand<typeof X, 'result'>`",
      "src/commands/things/get.ts:11: the command's own Output written to",
      'src/commands/things/list.ts:5: an operation run by a class',
    ])
  })
})
