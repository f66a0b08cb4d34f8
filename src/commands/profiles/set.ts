import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {profilesSet} from '../../operations/profiles/profiles-write.js'

export default commandOf(profilesSet, {
  result: 'profileSettings',
  description:
    "Changing the origin or environment of a profile keeps its credentials; keys are environment-specific, so log in again if they no longer apply.\n\n--allow-agent-money is the profile's own key for the money tools of `payctl mcp` on a production profile (the other is `payctl mcp --allow-money`); no MCP tool can set it. --no-allow-agent-money takes it back.",
  examples: [
    '<%= config.bin %> <%= command.id %> local --origin http://127.0.0.1:5010',
    '<%= config.bin %> <%= command.id %> staging --environment sandbox',
    '<%= config.bin %> <%= command.id %> prod --allow-agent-money',
  ],
  view: () => import('../../cli/output/profile-view.js'),
  show: (updated, {showUpdatedProfile}) =>
    shownAnswer(updated, {view: (settings, out) => showUpdatedProfile(out, settings)}),
})
