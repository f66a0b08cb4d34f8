import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'
import {type RequestShown, requestLine} from './request-line.js'
import type {TextOut} from './text-out.js'

/** What `emulator start` tells once it listens: where, which database, and the seeded teams and keys. */
export interface EmulatorStarted {
  url: string
  port: number
  dataFile: string
  autoConsent: boolean
  control: {mode: 'local'} | {mode: 'off'} | {mode: 'token'; token: string}
  seed: {teamId: string; keys: {full: string; default: string}; otherTeam: {teamId: string; keys: {full: string}}}
}

/** --json: one line on stdout with what a script needs to use the emulator. */
export const emulatorJson = ({url, port, seed, control}: EmulatorStarted) =>
  JSON.stringify({
    url,
    port,
    teamId: seed.teamId,
    keys: seed.keys,
    otherTeam: seed.otherTeam,
    ...(control.mode === 'token' ? {controlToken: control.token} : {}),
  })

const controlLines = (control: EmulatorStarted['control']) => {
  if (control.mode === 'off') return ['Control:     switched off (--no-control)']
  const routes = 'Control:     routes under /_emulator (docs/emulator.md)'
  if (control.mode === 'local') return [routes]
  return [routes, `Token:       ${control.token}`, '             (other hosts send it as x-emulator-control-token)']
}

/** The banner a person reads at start; every line fits 80 columns (but a long --data path). */
export function emulatorBanner({url, dataFile, seed, autoConsent, control}: EmulatorStarted): string[] {
  return [
    `Emulator listening on ${url}`,
    `Data:        ${dataFile}`,
    `Team:        ${seed.teamId}`,
    `Full key:    ${seed.keys.full}  (every scope)`,
    `Default key: ${seed.keys.default}  (default scopes)`,
    `Other team:  ${seed.otherTeam.teamId}`,
    `             key ${seed.otherTeam.keys.full}`,
    `OAuth:       ${LOCAL_EMULATOR.oauthClientId}; sign in as owner@example.com${autoConsent ? ' (auto-consent)' : ''}`,
    ...controlLines(control),
    'Press Ctrl-C to stop.',
  ]
}

/** Where the emulator's answered requests can be heard as they end (its request log). */
export interface RequestSource {
  onRequest(listener: (entry: RequestShown) => void): void
}

/**
 * The banner, then with `requests` one line per request the emulator answers from its "Press Ctrl-C" on, so that
 * no request after it goes unprinted.
 */
export function showStarted(started: EmulatorStarted, out: TextOut, requests?: RequestSource): void {
  for (const line of emulatorBanner(started)) out.line(line)
  requests?.onRequest(entry => out.line(requestLine(entry, out.color, out.stdoutColumns)))
}
