import {group} from '../operation-types.js'
import {teamSettingsSchema, teamV1Schema} from '../responses/team-answers.js'
import {Scope} from '../scopes.js'

/** The v1 team record and its settings. */

export const v1TeamOperations = group({tag: 'v1 team', read: [Scope.teamRead], write: [Scope.teamManage]}, [
  {
    operationId: 'getTeamV1',
    method: 'get',
    path: '/api/v1/team',
    summary: 'The team record: balances, deposit instructions, members.',
    success: {status: 200, description: 'The team record.', schema: teamV1Schema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'updateTeamSettings',
    method: 'patch',
    path: '/api/v1/team',
    summary: 'Update team settings (DAC7 reportability).',
    decision: 'The body field `dac7ReportingRequired`.',
    body: {schemas: ['patchTeamBody']},
    success: {status: 200, description: 'The settings.', schema: teamSettingsSchema},
    errors: ['NOT_FOUND'],
  },
])
