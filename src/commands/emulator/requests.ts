import {ControlCommand} from '../../cli/emulator-command.js'
import {followFlag} from '../../cli/flags/emulator-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {ExitCode} from '../../shared/exit-codes.js'

export default class EmulatorRequests extends ControlCommand<typeof EmulatorRequests> {
  static override result = 'emulatorRequests' as const
  static override summary =
    'List the requests the emulator answered: time, method, path, status, time taken, request id.'
  static override description =
    `Prints the running emulator's request log, one line per request it answered (the API, hosted pages and OAuth; not its /_emulator control routes): time, method, path with its query, status ("---" when no answer was sent), milliseconds and request id, the id an error of payctl names. Secrets are scrubbed: a hosted session's token and query values such as OAuth's code and state show as "…". The emulator keeps the last 1,000; "emulator start" prints the same lines as they come, and a reset empties the log. On a terminal it keeps following until Ctrl-C; in a pipe or file it prints the log so far and exits (--follow keeps following there too, --no-follow stops on a terminal). --json prints one object per line (-o json without following: one array): {seq, at, method, path, status, ms, requestId}.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --no-follow --json --jq 'select(.status >= 400)'",
  ]

  static override flags = {
    follow: followFlag('requests'),
  }

  async run(): Promise<Answer<typeof EmulatorRequests.result>> {
    const [{showRequests}, {followLog}, control] = await Promise.all([
      import('../../cli/output/request-line.js'),
      import('../../cli/follow-log.js'),
      this.control(),
    ])
    const follow = this.flags.follow ?? this.out.stdoutIsTTY
    const first = await control.requests()
    let last = first.at(-1)?.seq ?? 0
    // -o json without following: the log as one array, like every list; else one line per request.
    if (!follow && this.out.script.format === 'json') return first
    const lines = {view: showRequests, json: showRequests}
    if (!follow) return shown(first, lines)
    const next = async () => {
      const fresh = await control.requests(last)
      last = fresh.at(-1)?.seq ?? last
      return fresh
    }
    const after = async () => {
      const {items, stopped} = await followLog(this.out, 'the request log', next, fresh =>
        showRequests(fresh, this.out),
      )
      if (stopped === 'SIGINT') this.exit(ExitCode.interrupted)
      return [...first, ...items]
    }
    return shown(first, {...lines, after})
  }
}
