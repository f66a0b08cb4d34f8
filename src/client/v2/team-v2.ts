import type {SandboxDeposit} from '../../contract/requests/index.js'
import {parseResponse} from '../parse.js'
import {type Account, accountSchema, listOf, teamV2Schema} from '../schemas.js'
import type {Transport} from '../transport.js'
import {type PostOptions, postV2, V2} from './post-v2.js'

export class TeamV2Resource {
  constructor(private readonly transport: Transport) {}

  async get() {
    const res = await this.transport.request({method: 'GET', path: `${V2}/team`})
    return parseResponse(teamV2Schema, res.body, 'team', res.requestId)
  }

  async accounts(): Promise<Account[]> {
    const res = await this.transport.request({method: 'GET', path: `${V2}/accounts`})
    return parseResponse(listOf(accountSchema), res.body, 'account list', res.requestId).data
  }

  /** Sandbox only: adds `amount` to the account as a bank deposit would. */
  async sandboxDeposit(body: SandboxDeposit, options: PostOptions = {}): Promise<Account> {
    const res = await postV2(this.transport, '/team/sandbox-deposit', body, options)
    return parseResponse(accountSchema, res.body, 'account', res.requestId)
  }
}
