import type {SandboxDeposit} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {Account} from '../schemas.js'
import type {Transport} from '../transport.js'
import type {PostOptions} from './payouts-v2.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v2-team-operations.js')).v2TeamOperations

export class TeamV2Resource {
  constructor(private readonly transport: Transport) {}

  async get() {
    return (await call(this.transport, (await rows()).getTeamV2, {})).body
  }

  async accounts(): Promise<Account[]> {
    return (await call(this.transport, (await rows()).listAccounts, {})).body.data
  }

  /** Sandbox only: adds `amount` to the account as a bank deposit would. */
  async sandboxDeposit(body: SandboxDeposit, options: PostOptions = {}): Promise<Account> {
    return (await call(this.transport, (await rows()).createSandboxDeposit, {body, ...options})).body
  }
}
