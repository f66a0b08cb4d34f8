import * as Flags from '@oclif/core/flags'
import {ControlCommand} from '../../../cli/emulator-command.js'
import {type Answer, shown} from '../../../cli/shown.js'
import {FAULT_ACTIONS} from '../../../contract/control-bodies.js'
import {usageError} from '../../../shared/errors.js'

export default class EmulatorFaultsAdd extends ControlCommand<typeof EmulatorFaultsAdd, 'fault'> {
  static override summary = 'Make the next matching API requests fail, stall or lose their answer.'
  static override description =
    `The next --count requests whose method matches (* for any) and whose path starts with --path get the action:
  status             answer --status with an error body; nothing changes (429 and 503 carry Retry-After: 1)
  delay              wait --delay-ms, then handle the request, unless the client went away meanwhile
  drop               close the connection without an answer; nothing changes
  drop-after-commit  apply the change, then close the connection without an answer
  status-after-commit  apply the change, then answer --status with an error body (a 502 from a proxy after the
                     service applied the request)
Control routes (/_emulator) are never affected.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --path /api/v2/payouts --method POST --action status --status 503 --count 2',
    '<%= config.bin %> <%= command.id %> --path /api/v2/payouts --action drop-after-commit',
    '<%= config.bin %> <%= command.id %> --path /api/v1 --method "*" --action delay --delay-ms 3000',
  ]

  static override flags = {
    path: Flags.string({summary: 'Path prefix the requests start with, e.g. /api/v2/payouts.', required: true}),
    method: Flags.string({summary: 'HTTP method, or * for any.', default: '*'}),
    action: Flags.option({
      options: FAULT_ACTIONS,
      summary: 'What happens to the matching requests.',
      required: true,
    })(),
    status: Flags.integer({
      summary: 'With --action status or status-after-commit: the HTTP status to answer.',
      min: 100,
      max: 599,
    }),
    'delay-ms': Flags.integer({summary: 'With --action delay: how long to wait.', min: 0, max: 600_000}),
    count: Flags.integer({summary: 'How many requests get the fault.', default: 1, min: 1, max: 1_000_000}),
  }

  async run(): Promise<Answer<'fault'>> {
    const {action, count, method, path, status} = this.flags
    const delayMs = this.flags['delay-ms']
    if ((action === 'status' || action === 'status-after-commit') && status === undefined)
      throw usageError(`--action ${action} needs --status`)
    if (action === 'delay' && delayMs === undefined) throw usageError('--action delay needs --delay-ms')
    if (!path.startsWith('/')) throw usageError(`--path "${path}" must start with /`)
    const [{faultLine}, control] = await Promise.all([import('../../../cli/output/fault-line.js'), this.control()])
    const fault = await control.addFault({method, path, action, count, status, delayMs})
    return shown(fault, {view: (added, out) => out.line(`Added fault ${faultLine(added)}`)})
  }
}
