import * as Flags from '@oclif/core/flags'

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
