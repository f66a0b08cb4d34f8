import {describe, expect, it} from 'vitest'
import {commandFirst, type FlagShape} from '../../src/cli/entry/argv-order.js'

/** Issue 53, bug 1 and item 2: flags before the command or between its topic and verb, in oclif's order. */

const GLOBAL: Record<string, FlagShape> = {
  json: {type: 'boolean', helpGroup: 'GLOBAL'},
  profile: {type: 'option', helpGroup: 'GLOBAL'},
  output: {type: 'option', char: 'o', helpGroup: 'GLOBAL'},
  color: {type: 'boolean', allowNo: true, helpGroup: 'GLOBAL'},
}
const FLAGS: Record<string, Record<string, FlagShape>> = {
  'payouts:list': {...GLOBAL, limit: {type: 'option'}, all: {type: 'boolean'}},
  'payouts:get': {...GLOBAL},
  'emulator:faults:add': {...GLOBAL, count: {type: 'option'}},
  team: {...GLOBAL},
  'team:accounts': {...GLOBAL},
}
const ids = Object.keys(FLAGS)
let asked = 0
const flagsOf = (id: string) => {
  asked++
  return FLAGS[id] ?? {}
}
const order = (line: string) => commandFirst(line.split(' '), ids, flagsOf)

describe('commandFirst', () => {
  it('leaves argv in order alone without reading any flags', () => {
    asked = 0
    expect(order('payouts list --limit 5 --json')).toEqual({argv: ['payouts', 'list', '--limit', '5', '--json']})
    expect(order('payouts get payout_x')).toEqual({argv: ['payouts', 'get', 'payout_x']})
    expect(asked).toBe(0)
  })

  it('moves flags between the topic and its verb after the verb, values with them', () => {
    expect(order('payouts --json list --limit 1')).toEqual({argv: ['payouts', 'list', '--json', '--limit', '1']})
    expect(order('payouts --limit 1 list')).toEqual({argv: ['payouts', 'list', '--limit', '1']})
    expect(order('payouts --limit=1 --no-color list --all')).toEqual({
      argv: ['payouts', 'list', '--limit=1', '--no-color', '--all'],
    })
    expect(order('emulator --json faults --count 2 add x')).toEqual({
      argv: ['emulator', 'faults', 'add', '--json', '--count', '2', 'x'],
    })
    expect(order('team --json accounts')).toEqual({argv: ['team', 'accounts', '--json']})
  })

  it('moves global flags typed first, and only global ones', () => {
    expect(order('--profile emu -ojson payouts list')).toEqual({
      argv: ['payouts', 'list', '--profile', 'emu', '-ojson'],
    })
    expect(order('--limit 5 payouts list')).toEqual({argv: ['--limit', '5', 'payouts', 'list']})
    expect(order('--json --limit 5 payouts list')).toEqual({argv: ['--limit', '5', 'payouts', 'list', '--json']})
  })

  it('a flag where the command belongs is named, never the topic help', () => {
    expect(order('payouts --limit 1')).toEqual({topicFlag: {topic: 'payouts', flag: '--limit'}})
    expect(order('payouts --bogus list')).toEqual({
      topicFlag: {topic: 'payouts', flag: '--bogus', command: 'payouts:list'},
    })
    expect(order('emulator faults --json')).toEqual({topicFlag: {topic: 'emulator:faults', flag: '--json'}})
    expect(order('payouts --help')).toEqual({argv: ['payouts', '--help']})
    expect(order('team --json')).toEqual({argv: ['team', '--json']})
  })
})
