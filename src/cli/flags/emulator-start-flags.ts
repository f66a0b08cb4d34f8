import {randomBytes} from 'node:crypto'
import * as Flags from '@oclif/core/flags'
import {testingFlags} from './emulator-flags.js'
import {schemaFlag} from './schema-flag.js'

/** The flags of `emulator start`: where it listens, its database, and who may reach it. */
export const emulatorStartFlags = {
  port: Flags.integer({summary: 'Port to listen on; 0 picks a free one.', default: 4010, min: 0, max: 65_535}),
  host: Flags.string({
    summary: 'Interface to listen on.',
    description:
      'Another than loopback needs --no-control or --control-token (docs/emulator.md, "Running the emulator for others").',
    default: '127.0.0.1',
  }),
  data: Flags.string({
    summary: 'SQLite database file, or :memory: for a throw-away emulator.',
    description: 'Default: emulator.sqlite in the data directory of payctl (PAYCTL_DATA_DIR overrides it).',
  }),
  reset: Flags.boolean({summary: 'Empty the database and seed it again before starting.', default: false}),
  ...testingFlags,
  control: Flags.boolean({
    summary: 'Serve the /_emulator control routes (--no-control: answer 404 to everyone).',
    default: true,
    allowNo: true,
  }),
  'control-token': Flags.boolean({
    summary: 'Let other hosts use the control routes with a token printed at start (x-emulator-control-token).',
    default: false,
  }),
  'log-requests': Flags.boolean({
    summary:
      'Print one line per request answered: time, method, path, status, milliseconds, request id (default on a terminal).',
    description: 'Secrets scrubbed; not under --json. "payctl emulator requests" lists the same log.',
    allowNo: true,
  }),
  'allow-host': Flags.string({
    summary: 'Also accept this Host name on the API and control routes (a tunnel or the machine name); repeatable.',
    multiple: true,
  }),
}

/**
 * The global flags `emulator start` has: no profile (it serves one, it uses none), no script flags and no colours (its
 * --json is one line, once listening).
 */
export const emulatorStartBaseFlags = {
  json: Flags.boolean({
    summary: 'Print one JSON line (url, port, team, keys) on stdout once listening, nothing else.',
    helpGroup: 'GLOBAL',
  }),
  schema: schemaFlag,
}

type ControlAccess = {mode: 'local'} | {mode: 'off'} | {mode: 'token'; token: string}

/** The control-route access the flags ask for (--no-control wins); a token is drawn afresh at every start. */
export function controlAccess(flags: {control: boolean; 'control-token': boolean}): ControlAccess {
  if (!flags.control) return {mode: 'off'}
  if (flags['control-token']) return {mode: 'token', token: `ect_${randomBytes(24).toString('base64url')}`}
  return {mode: 'local'}
}
