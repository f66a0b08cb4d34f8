import {operations} from '../../contract/operations.js'
import type {PatchTeam} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {TeamV1} from '../schemas.js'
import type {Transport} from '../transport.js'

export class TeamV1Resource {
  constructor(private readonly transport: Transport) {}

  async get(): Promise<TeamV1> {
    return (await call(this.transport, operations.getTeamV1, {})).body
  }

  async update(settings: PatchTeam) {
    return (await call(this.transport, operations.updateTeamSettings, {body: settings})).body
  }
}
