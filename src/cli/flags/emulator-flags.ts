import * as Flags from '@oclif/core/flags'
import {CLAIM_METHODS} from '../../services/emulator-control/claim-details.js'
import {schemaFlag} from './schema-flag.js'

/** Flags shared by the `emulator` control commands. */

export const methodFlag = (summary: string) =>
  Flags.option({options: CLAIM_METHODS, summary, default: 'bank-iban' as const})()

/** `emulator start` for automated tests: `--auto-consent`, `--variance [--variance-seed S]` (docs/emulator.md). */
export const testingFlags = {
  'auto-consent': Flags.boolean({
    summary: 'For automated tests: an OAuth login_hint of a team member signs in and consents without the pages.',
    default: false,
  }),
  variance: Flags.boolean({
    summary: 'Answer with what the spec allows but the emulator otherwise never does, to test your tolerance.',
    description:
      'Unknown fields on every object, new values of open enums, other error wording, Retry-After as a date, long cursors with +/=, Connection: close, slow chunked bodies. See docs/emulator.md "Variance mode".',
    default: false,
  }),
  'variance-seed': Flags.string({
    summary: 'Seed of the variance choices (same seed, same answers).',
    dependsOn: ['variance'],
  }),
}

/** The flags of `emulator start` (an oclif Command, not a BaseCommand: it has no profile), with --schema. */
export const emulatorStartFlags = {
  port: Flags.integer({summary: 'Port to listen on; 0 picks a free one.', default: 4010, min: 0, max: 65_535}),
  host: Flags.string({summary: 'Interface to listen on.', default: '127.0.0.1'}),
  data: Flags.string({
    summary: 'SQLite database file, or :memory: for a throw-away emulator.',
    description: 'Default: emulator.sqlite in the data directory of payctl (PAYCTL_DATA_DIR overrides it).',
  }),
  reset: Flags.boolean({summary: 'Empty the database and seed it again before starting.', default: false}),
  ...testingFlags,
  json: Flags.boolean({
    summary: 'Print one JSON line (url, port, team, keys) on stdout once listening, nothing else.',
    default: false,
  }),
  schema: schemaFlag,
}
