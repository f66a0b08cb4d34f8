/** What credentials.json holds per profile. */
/** OAuth tokens of a profile (auth login). */
export interface OAuthCredentials {
  accessToken: string
  refreshToken?: string
  /** ISO timestamp of the access token's expiry. */
  expiresAt?: string
  scope?: string
  tokenType?: string
  clientId: string
  clientSecret?: string
  resource?: string
  teamId?: string
  email?: string
  /** Remembered from discovery so that a refresh needs one request. */
  tokenEndpoint?: string
  revocationEndpoint?: string
}

export interface ProfileCredentials {
  apiKey?: string
  oauth?: OAuthCredentials
  /** Signing secrets of webhook subscriptions created with this profile, by subscription id. */
  webhookSecrets?: Record<string, string>
}
