import type {PatchTeam} from '../../contract/requests/index.js'
import {call} from '../call.js'
import type {TeamV1} from '../schemas.js'
import type {Transport} from '../transport.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v1-team-operations.js')).v1TeamOperations

export class TeamV1Resource {
  constructor(private readonly transport: Transport) {}

  async get(): Promise<TeamV1> {
    return (await call(this.transport, (await rows()).getTeamV1, {})).body
  }

  async update(settings: PatchTeam) {
    return (await call(this.transport, (await rows()).updateTeamSettings, {body: settings})).body
  }
}
