/**
 * Values of open enumerations in requests (spec section 9: a new value is not a breaking change). The client
 * suggests the known ones and passes any other through, so that the service decides; the emulator, as the
 * service, takes exactly these.
 */

/** v1 `payoutType`; `advance` is the real service's (YouTube channels only, DESIGN.md). */
export const KNOWN_PAYOUT_TYPES = ['manual', 'manual-immutable', 'advance'] as const

/** v1 `notifications`. */
export const KNOWN_NOTIFICATIONS = ['allowed', 'not-allowed'] as const

/**
 * The request fields holding an open enumeration: the contract's request schemas check them as the emulator takes
 * them, but a client's own checks (the import's dry run, the create flags) leave them to the service.
 */
export const OPEN_REQUEST_FIELDS: ReadonlySet<string> = new Set(['payoutType', 'notifications'])
