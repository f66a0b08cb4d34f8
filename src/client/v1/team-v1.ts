import type {PatchTeam} from '../../contract/requests/index.js'
import {parseResponse} from '../parse.js'
import {type TeamV1, teamSettingsSchema, teamV1Schema} from '../schemas.js'
import type {Transport} from '../transport.js'

export class TeamV1Resource {
  constructor(private readonly transport: Transport) {}

  async get(): Promise<TeamV1> {
    const res = await this.transport.request({method: 'GET', path: '/api/v1/team'})
    return parseResponse(teamV1Schema, res.body, 'team', res.requestId)
  }

  async update(settings: PatchTeam) {
    const res = await this.transport.request({method: 'PATCH', path: '/api/v1/team', body: settings})
    return parseResponse(teamSettingsSchema, res.body, 'team settings', res.requestId)
  }
}
