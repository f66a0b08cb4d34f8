import {commandOf} from '../../cli/command-of.js'
import {emulatorRequests} from '../../operations/emulator/emulator-controls.js'

export default commandOf(emulatorRequests, {
  result: 'emulatorRequests',
  description: `Prints the running emulator's request log, one line per request it answered (the API, hosted pages and OAuth; not its /_emulator control routes): time, method, path with its query, status ("---" when no answer was sent), milliseconds and request id, the id an error of payctl names. Secrets are scrubbed: a hosted session's token and query values such as OAuth's code and state show as "…". The emulator keeps the last 1,000; "emulator start" prints the same lines as they come, and a reset empties the log. On a terminal it keeps following until Ctrl-C; in a pipe or file it prints the log so far and exits (--follow keeps following there too, --no-follow stops on a terminal). --json prints one object per line (-o json without following: one array): {seq, at, method, path, status, ms, requestId}.`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --no-follow --json --jq 'select(.status >= 400)'",
  ],
  decide: ({flags, out}) => ({follow: flags.follow ?? out.stdoutIsTTY}),
  view: () => Promise.all([import('../../cli/output/request-line.js'), import('../../cli/output/followed-log.js')]),
  show: (requests, [{showRequests}, {shownLog}], {out, exit}) => shownLog(requests, showRequests, out, exit),
})
