/**
 * The well-known values of the local emulator, shared by the emulator's seed and the CLI's built-in
 * `local` profile, so that `payctl emulator start` and `payctl payouts list` work together out of the box.
 * These keys only ever open the emulator on this machine.
 */
export const LOCAL_EMULATOR = {
  origin: 'http://127.0.0.1:4010',
  port: 4010,
  /** Every scope, including payouts:approve. */
  fullKey: 'sk_sandbox_emulator_full_0000000000000000',
  /** The default scopes only (no payouts:approve, no team:manage-less restrictions). */
  defaultKey: 'sk_sandbox_emulator_default_00000000000000',
  /** A second team, to prove that nothing crosses teams. */
  otherTeamFullKey: 'sk_sandbox_emulator_other_full_000000000000',
  /**
   * The seeded OAuth client of the main team (admin-provisioned, public, every scope, redirect
   * http://127.0.0.1/callback on any port): `payctl auth login --client-id cl_emulator_platform`.
   */
  oauthClientId: 'cl_emulator_platform',
} as const

/** True for a host on this machine's loopback interface (127.0.0.0/8, localhost, ::1, with or without brackets). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/** True for a URL on this machine's loopback interface. */
export const isLoopbackOrigin = (url: string): boolean => isLoopbackHost(new URL(url).hostname)
