import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'

/** What `emulator start` tells once it listens: where, which database, and the seeded teams and keys. */
export interface EmulatorStarted {
  url: string
  port: number
  dataFile: string
  autoConsent: boolean
  seed: {teamId: string; keys: {full: string; default: string}; otherTeam: {teamId: string; keys: {full: string}}}
}

/** --json: one line on stdout with what a script needs to use the emulator. */
export const emulatorJson = ({url, port, seed}: EmulatorStarted) =>
  JSON.stringify({url, port, teamId: seed.teamId, keys: seed.keys, otherTeam: seed.otherTeam})

export function emulatorBanner({url, dataFile, seed, autoConsent}: EmulatorStarted): string[] {
  return [
    `Emulator listening on ${url}`,
    `Data:        ${dataFile}`,
    `Team:        ${seed.teamId}`,
    `Full key:    ${seed.keys.full}   (every scope, including payouts:approve)`,
    `Default key: ${seed.keys.default}   (default scopes)`,
    `Other team:  ${seed.otherTeam.teamId}   key ${seed.otherTeam.keys.full}`,
    `OAuth:       client ${LOCAL_EMULATOR.oauthClientId}, sign in as owner@example.com${autoConsent ? ' (auto-consent on)' : ''}`,
    'Control routes under /_emulator (docs/emulator.md). Press Ctrl-C to stop.',
  ]
}
