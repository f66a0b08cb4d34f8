import * as Flags from '@oclif/core/flags'
import {apiFlag} from './common-flags.js'

/** The flags of `auth login`: an API key instead, the OAuth client, what to ask for, and the browser's round trip. */
export const loginFlags = {
  'with-api-key': Flags.boolean({summary: 'Store an API key instead (hidden prompt, or stdin).'}),
  'client-id': Flags.string({summary: 'OAuth client created in the dashboard (else one is registered dynamically).'}),
  'client-secret': Flags.boolean({
    summary: 'The client is confidential: read its secret from a hidden prompt or stdin (never a flag value).',
  }),
  resource: apiFlag('v1', 'API the token is bound to (a v1 token also works for v2).'),
  scope: Flags.string({
    summary: 'Scope to request (repeatable; default: every scope payctl uses, with offline_access).',
    multiple: true,
  }),
  'login-hint': Flags.string({summary: 'E-mail to pre-fill on the sign-in page.'}),
  'team-hint': Flags.string({summary: 'Team to preselect (a hint: the server verifies membership).'}),
  'team-name': Flags.string({summary: 'Suggested name for a new user creating a team.'}),
  port: Flags.integer({
    summary: 'Fixed port for the loopback callback (default: any free port).',
    min: 1,
    max: 65535,
  }),
  timeout: Flags.integer({summary: 'Seconds to wait for the browser to come back.', default: 300, min: 1}),
  'no-browser': Flags.boolean({
    summary: 'Do not open a browser: print the URL and accept the redirected URL pasted back.',
  }),
}
