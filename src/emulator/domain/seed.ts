import {randomBytes, randomUUID} from 'node:crypto'
import Big from 'big.js'
import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'
import type {Store} from '../store/index.js'
import {DEFAULT_SCOPES, FULL_SCOPES} from './api-scopes.js'
import type {Clock} from './clock.js'
import {recordDeposit, sandboxIban} from './settlement.js'

/**
 * The seed: a main team (owner and a second member, a wallet, EUR and USD balances with the deposits that made
 * them, deposit instructions,
 * a full-scope and a default-scope key) and a second team to prove that nothing crosses teams. The keys
 * are the well-known ones of `src/shared/local-emulator.ts`, so the CLI's built-in `local` profile works.
 */

export const SEEDED = {
  mainTeamId: '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  otherTeamId: '8c7b6a59-4d3e-4f2a-8b1c-0d9e8f7a6b5c',
} as const

export interface SeedInfo {
  teamId: string
  keys: {full: string; default: string}
  otherTeam: {teamId: string; keys: {full: string}}
}

export const seedInfo = (): SeedInfo => ({
  teamId: SEEDED.mainTeamId,
  keys: {full: LOCAL_EMULATOR.fullKey, default: LOCAL_EMULATOR.defaultKey},
  otherTeam: {teamId: SEEDED.otherTeamId, keys: {full: LOCAL_EMULATOR.otherTeamFullKey}},
})

export interface NewTeam {
  id?: string
  name: string
  owner?: {email: string; name: string}
  wallet?: boolean
  balances?: Record<string, string>
  keys?: Array<{key?: string; name: string; scopes: readonly string[]}>
}

export const newWalletAddress = () => `0x${randomBytes(20).toString('hex')}`
export const newApiKey = () => `sk_sandbox_${randomBytes(20).toString('hex')}`

/** Creates a team with its owner, accounts and keys; answers the team id and the keys. */
export function createTeam(store: Store, clock: Clock, team: NewTeam): {teamId: string; keys: string[]} {
  const now = clock.iso()
  const teamId = team.id ?? randomUUID()
  const keys: string[] = []
  store.transaction(() => {
    store.teams.insertTeam({
      id: teamId,
      name: team.name,
      kyb_status: 'pending',
      dac7_reporting_required: 0,
      wallet_address: team.wallet === false ? null : newWalletAddress(),
      created_at: now,
    })
    const owner = team.owner ?? {email: `owner+${teamId.slice(0, 8)}@example.com`, name: `${team.name} Owner`}
    store.teams.insertMember({team_id: teamId, email: owner.email, name: owner.name, role: 'owner', joined_at: now})
    for (const [currency, total] of Object.entries(team.balances ?? {EUR: '0', USD: '0'})) {
      store.teams.insertAccount({
        team_id: teamId,
        currency,
        total,
        reserved: '0',
        allowance_limit: null,
        allowance_used: '0',
        allowance_resets_at: null,
        iban: sandboxIban(teamId, currency),
        created_at: now,
      })
      // A starting balance arrived as a deposit: the team's transactions add up to its balance.
      if (!new Big(total).eq(0)) recordDeposit(store, {teamId, currency, amount: total, at: now})
    }
    for (const key of team.keys ?? []) {
      const value = key.key ?? newApiKey()
      store.teams.insertKey({
        key: value,
        team_id: teamId,
        name: key.name,
        scopes: key.scopes.join(' '),
        created_at: now,
        revoked_at: null,
      })
      keys.push(value)
    }
  })
  return {teamId, keys}
}

/** Seeds the two teams (the caller adds the OAuth platform client in the same transaction). */
export function seed(store: Store, clock: Clock): SeedInfo {
  store.transaction(() => {
    createTeam(store, clock, {
      id: SEEDED.mainTeamId,
      name: 'Emulator Media GmbH',
      owner: {email: 'owner@example.com', name: 'Olivia Owner'},
      balances: {EUR: '10000.00', USD: '10000.00'},
      keys: [
        {key: LOCAL_EMULATOR.fullKey, name: 'full (every scope)', scopes: FULL_SCOPES},
        {key: LOCAL_EMULATOR.defaultKey, name: 'default scopes', scopes: DEFAULT_SCOPES},
      ],
    })
    store.teams.insertMember({
      team_id: SEEDED.mainTeamId,
      email: 'ops@example.com',
      name: 'Oscar Ops',
      role: 'admin',
      joined_at: clock.iso(),
    })
    createTeam(store, clock, {
      id: SEEDED.otherTeamId,
      name: 'Other Team Ltd',
      owner: {email: 'owner@other.example.com', name: 'Otto Other'},
      balances: {EUR: '1000.00'},
      keys: [{key: LOCAL_EMULATOR.otherTeamFullKey, name: 'full (every scope)', scopes: FULL_SCOPES}],
    })
    // ops@example.com belongs to both teams: the OAuth team choice has something to choose from.
    store.teams.insertMember({
      team_id: SEEDED.otherTeamId,
      email: 'ops@example.com',
      name: 'Oscar Ops',
      role: 'member',
      joined_at: clock.iso(),
    })
    store.setMeta('seeded_at', clock.iso())
  })
  return seedInfo()
}
