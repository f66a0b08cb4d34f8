/** `production` makes the emulator refuse sandbox-only calls (SANDBOX_ONLY). */
export type Environment = 'sandbox' | 'production'
