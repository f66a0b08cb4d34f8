import type {FollowLog} from '../../operations/emulator/follow-log.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {type Shown, shown} from '../shown.js'
import type {Output} from './output.js'

/**
 * One of the emulator's logs as `emulator deliveries` and `emulator requests` show it: one line per item, then,
 * when following, new lines as they come until Ctrl-C (`exit` ends the run with 130). -o json without following
 * prints the log as one array, like every list.
 */
export function shownLog<T>(
  log: {value: T[]; follow?: FollowLog<T>},
  showLines: (items: T[], out: Output) => void,
  out: Output,
  exit: (code: number) => never,
): T[] | Shown<T[]> {
  const first = log.value
  if (!log.follow && out.script.format === 'json') return first
  const lines = {view: showLines, json: showLines}
  const following = log.follow
  if (!following) return shown(first, lines)
  const after = async () => {
    const {all, stopped} = await following(next => showLines(next, out))
    if (stopped === 'SIGINT') exit(ExitCode.interrupted)
    return all
  }
  return shown(first, {...lines, after})
}
