import type {SessionUrl} from '../../client/schemas.js'
import type {Branding, SessionBody, SessionKind} from '../../client/v1/sessions-v1.js'
import type {Answered} from '../operation.js'
import type {OperationContext} from '../operation-context.js'

/** The API value of each branding choice: `default` is the service's own branding, `talentir` in the API. */
const BRANDING: Record<'default' | 'team' | 'platform', Branding> = {
  default: 'talentir',
  team: 'team',
  platform: 'platform',
}

/** Mints a hosted-session URL. Every call mints a fresh URL; nothing is stored, and a mint is never retried. */
export async function mintSession<K extends SessionKind>(
  context: OperationContext,
  kind: K,
  body: Omit<SessionBody[K], 'redirectUrl' | 'branding'>,
  common: {redirectUrl: string; branding?: keyof typeof BRANDING},
): Promise<Answered<SessionUrl>> {
  const client = await context.session.client()
  const session = await client.v1.sessions.create(kind, {
    ...body,
    redirectUrl: common.redirectUrl,
    ...(common.branding ? {branding: BRANDING[common.branding]} : {}),
  } as SessionBody[K])
  return {value: {url: session.url}}
}
