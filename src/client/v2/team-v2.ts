import {operations} from '../../contract/operations.js'
import type {SandboxDeposit} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {Account} from '../schemas.js'
import type {Transport} from '../transport.js'
import type {PostOptions} from './payouts-v2.js'

export class TeamV2Resource {
  constructor(private readonly transport: Transport) {}

  async get() {
    return (await call(this.transport, operations.getTeamV2, {})).body
  }

  async accounts(): Promise<Account[]> {
    return (await call(this.transport, operations.listAccounts, {})).body.data
  }

  /** Sandbox only: adds `amount` to the account as a bank deposit would. */
  async sandboxDeposit(body: SandboxDeposit, options: PostOptions = {}): Promise<Account> {
    return (await call(this.transport, operations.createSandboxDeposit, {body, ...options})).body
  }
}
