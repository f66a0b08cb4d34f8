import type {Branding, SessionClaims} from '../domain/session-tokens.js'
import {hasWhiteLabel} from '../domain/white-label.js'
import type {TeamStore} from '../store/team-store.js'
import {type Html, html} from './hosted-html.js'

/**
 * The three brandings of a hosted session (spec 4.2 `branding`), each visibly different: the service's own
 * (default, `talentir`), the team's white label (`team`: the team's name and monogram) and the platform's
 * (`platform`: the team operating the OAuth client that minted the session). Logos are inline SVG, so the
 * pages make no request beyond the emulator. A page whose brand's team has lost the white-label feature since the
 * link was minted shows the service's own branding (`domain/white-label.ts`).
 */

export interface Brand {
  kind: Branding
  /** Shown in the header and the title. */
  name: string
  /** Small print under the name. */
  tagline: string
  logo: Html
}

/** Who the platform behind an OAuth client is (the OAuth server answers; see `Brands.usePlatformNames`). */
export type PlatformResolver = (clientId: string) => string | undefined

export const SERVICE_NAME = 'Payout Service'

export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

const serviceLogo = (label: string) => html`<svg class="logo" viewBox="0 0 40 40" width="40" height="40" role="img"
  aria-label="${label}"><rect width="40" height="40" rx="10" fill="#1d4ed8"/><path d="M12 28V12h9a5.5 5.5 0 0 1 0 11h-9"
  fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="28"
  cy="28" r="3" fill="#93c5fd"/></svg>`

const teamLogo = (label: string, letters: string) => html`<svg class="logo" viewBox="0 0 40 40" width="40" height="40"
  role="img" aria-label="${label}"><circle cx="20" cy="20" r="20" fill="#0f766e"/><text x="20" y="25.5"
  text-anchor="middle" font-family="Georgia, serif" font-size="15" font-weight="700" fill="#fff">${letters}</text></svg>`

const platformLogo = (label: string, letters: string) => html`<svg class="logo" viewBox="0 0 40 40" width="40"
  height="40" role="img" aria-label="${label}"><path d="M20 1l17 9.5v19L20 39 3 29.5v-19z" fill="#6d28d9"/><text x="20"
  y="25" text-anchor="middle" font-family="Verdana, sans-serif" font-size="12" font-weight="700"
  fill="#fff">${letters}</text></svg>`

export function serviceBrand(): Brand {
  return {kind: 'talentir', name: SERVICE_NAME, tagline: 'Sandbox', logo: serviceLogo(`${SERVICE_NAME} logo`)}
}

/** The brand of a session: the team's and the platform's names come from the emulator's data. */
export class Brands {
  private platformName: PlatformResolver = () => undefined
  private platformTeam: PlatformResolver = () => undefined

  constructor(private readonly teams: TeamStore) {}

  /** Lets the OAuth server name the team operating a client, for `branding: platform`. */
  usePlatformNames(names: PlatformResolver, teams: PlatformResolver): void {
    this.platformName = names
    this.platformTeam = teams
  }

  brandFor(claims: Pick<SessionClaims, 'branding' | 'teamId' | 'createdBy'>): Brand {
    if (claims.branding === 'team' && hasWhiteLabel(this.teams, claims.teamId)) {
      const name = this.teams.team(claims.teamId)?.name ?? 'Your team'
      return {kind: 'team', name, tagline: `Payouts by ${SERVICE_NAME}`, logo: teamLogo(`${name} logo`, initials(name))}
    }
    const clientId = claims.createdBy.clientId ?? ''
    if (
      claims.branding === 'platform' &&
      hasWhiteLabel(this.teams, clientId ? this.platformTeam(clientId) : undefined)
    ) {
      const name = (clientId && this.platformName(clientId)) || 'Partner Platform'
      return {
        kind: 'platform',
        name,
        tagline: `Payouts by ${SERVICE_NAME}`,
        logo: platformLogo(`${name} logo`, initials(name)),
      }
    }
    return serviceBrand()
  }
}
