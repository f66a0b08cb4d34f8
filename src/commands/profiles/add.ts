import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {profilesAdd} from '../../operations/profiles/profiles-write.js'

export default commandOf(profilesAdd, {
  result: 'profileSettings',
  description: 'Credentials are added afterwards with "payctl auth login --profile NAME" (OAuth) or "--with-api-key".',
  examples: [
    '<%= config.bin %> <%= command.id %> sandbox --environment sandbox --origin https://sandbox.example.com --use',
    '<%= config.bin %> <%= command.id %> prod --environment production --origin https://api.example.com',
  ],
  view: () => import('../../cli/output/profile-view.js'),
  show: (added, {showAddedProfile}) => shownAnswer(added, {view: (settings, out) => showAddedProfile(out, settings)}),
})
