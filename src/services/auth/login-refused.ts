/**
 * A login that cannot complete for a reason of the login itself (a forged or stale callback, another issuer,
 * an authorization server that refused, no callback in time): the command ends with exit 3 (auth).
 */
export class LoginRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LoginRefusedError'
  }
}
