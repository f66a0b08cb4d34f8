import type {Command} from '@oclif/core/command'
import * as Flags from '@oclif/core/flags'
import type {SessionUrl} from '../client/schemas.js'
import type {Branding, SessionBody, SessionKind} from '../client/v1/sessions-v1.js'
import {BaseCommand} from './base-command.js'
import {emailFlag, httpUrlFlag} from './flags/common-flags.js'
import {type Shown, shown} from './shown.js'

/** The API value of each --branding choice: `default` is the service's own branding, `talentir` in the API. */
export const BRANDING: Record<'default' | 'team' | 'platform', Branding> = {
  default: 'talentir',
  team: 'team',
  platform: 'platform',
}

export const sessionFlags = {
  'redirect-url': httpUrlFlag({
    summary: 'Where the user returns after finishing or leaving the screen (http or https URL).',
    required: true,
  }),
  branding: Flags.option({
    options: ['default', 'team', 'platform'] as const,
    summary:
      "default: the service's branding; team: your white-label subdomain and logo; platform: the OAuth client's team (OAuth logins only).",
  })(),
  open: Flags.boolean({
    summary: 'Also open the URL in a browser (not without a terminal, nor with PAYCTL_BROWSER=none).',
  }),
}

export const loginHintFlag = emailFlag({summary: 'E-mail of the team member expected to sign in (a hint only).'})

/**
 * Mints a hosted-session URL and prints it (`{url}` under --json); --open also opens it in a browser.
 * Every call mints a fresh URL; nothing is stored, and a mint is never retried.
 */
export abstract class SessionCommand<T extends typeof Command> extends BaseCommand<T> {
  protected async mint<K extends SessionKind>(
    kind: K,
    body: Omit<SessionBody[K], 'redirectUrl' | 'branding'>,
    common: {redirectUrl: string; branding?: keyof typeof BRANDING; open?: boolean},
  ): Promise<Shown<SessionUrl>> {
    const client = await this.client()
    const session = await client.v1.sessions.create(kind, {
      ...body,
      redirectUrl: common.redirectUrl,
      ...(common.branding ? {branding: BRANDING[common.branding]} : {}),
    } as SessionBody[K])
    return shown(
      {url: session.url},
      {
        view: ({url}, out) => out.line(url),
        after: async ({url}) => {
          if (!common.open) return
          const {openInBrowser} = await import('./browser.js')
          if (await openInBrowser(url)) this.out.info('Opened in your browser.')
          else
            this.out.info('No browser was opened (PAYCTL_BROWSER=none, or no terminal): open the URL above yourself.')
        },
      },
    )
  }
}
