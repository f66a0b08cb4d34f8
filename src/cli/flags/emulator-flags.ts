import * as Flags from '@oclif/core/flags'
import {CLAIM_METHODS} from '../../services/emulator-control/claim-details.js'

/** Flags shared by the `emulator` control commands. */

export const methodFlag = (summary: string) =>
  Flags.option({options: CLAIM_METHODS, summary, default: 'bank-iban' as const})()

/** What a recipient gives on the claim page: `emulator claim`'s method, details, failure trigger and DAC7 step. */
export const claimFlags = {
  method: methodFlag('Payout method the recipient chooses.'),
  fail: Flags.boolean({summary: "Claim with the method's failure trigger, so the transfer is declined."}),
  detail: Flags.string({summary: 'Override one field of the details: NAME=VALUE (repeatable).', multiple: true}),
  'tax-residence': Flags.string({summary: "DAC7: the recipient's country of residence (code, or other)."}),
  'tax-identity': Flags.string({summary: 'DAC7: one tax identity field, NAME=VALUE (repeatable).', multiple: true}),
}

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

/** `--[no-]follow` of the emulator's logs (`emulator deliveries`, `emulator requests`). */
export const followFlag = (what: string) =>
  Flags.boolean({
    summary: `Keep printing new ${what} until Ctrl-C (default on a terminal; --no-follow: print the log so far and exit).`,
    allowNo: true,
  })
