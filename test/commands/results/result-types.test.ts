import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {BaseCommand} from '../../../src/cli/base-command.js'
import type Api from '../../../src/commands/api.js'
import type AuthLogin from '../../../src/commands/auth/login.js'
import type AuthLogout from '../../../src/commands/auth/logout.js'
import type AuthStatus from '../../../src/commands/auth/status.js'
import type AuthToken from '../../../src/commands/auth/token.js'
import type CounterpartiesCountries from '../../../src/commands/counterparties/countries.js'
import type CounterpartiesCreate from '../../../src/commands/counterparties/create.js'
import type CounterpartiesDelete from '../../../src/commands/counterparties/delete.js'
import type CounterpartiesGet from '../../../src/commands/counterparties/get.js'
import type CounterpartiesImport from '../../../src/commands/counterparties/import.js'
import type CounterpartiesList from '../../../src/commands/counterparties/list.js'
import type CounterpartiesPaymentMethodTypes from '../../../src/commands/counterparties/payment-method-types.js'
import type CounterpartiesUpdate from '../../../src/commands/counterparties/update.js'
import type Doctor from '../../../src/commands/doctor.js'
import type EmulatorClaim from '../../../src/commands/emulator/claim.js'
import type EmulatorClockAdvance from '../../../src/commands/emulator/clock/advance.js'
import type EmulatorDeliveries from '../../../src/commands/emulator/deliveries.js'
import type EmulatorFaultsAdd from '../../../src/commands/emulator/faults/add.js'
import type EmulatorFaultsClear from '../../../src/commands/emulator/faults/clear.js'
import type EmulatorFaultsList from '../../../src/commands/emulator/faults/list.js'
import type EmulatorRequests from '../../../src/commands/emulator/requests.js'
import type EmulatorReset from '../../../src/commands/emulator/reset.js'
import type EmulatorStart from '../../../src/commands/emulator/start.js'
import type EmulatorTrigger from '../../../src/commands/emulator/trigger.js'
import type Mcp from '../../../src/commands/mcp.js'
import type PayoutsApprove from '../../../src/commands/payouts/approve.js'
import type PayoutsChanges from '../../../src/commands/payouts/changes.js'
import type PayoutsCreate from '../../../src/commands/payouts/create.js'
import type PayoutsDelete from '../../../src/commands/payouts/delete.js'
import type PayoutsGet from '../../../src/commands/payouts/get.js'
import type PayoutsImport from '../../../src/commands/payouts/import.js'
import type PayoutsImportStatus from '../../../src/commands/payouts/import-status.js'
import type PayoutsList from '../../../src/commands/payouts/list.js'
import type PayoutsPay from '../../../src/commands/payouts/pay.js'
import type PayoutsSendClaimLink from '../../../src/commands/payouts/send-claim-link.js'
import type PayoutsUpdate from '../../../src/commands/payouts/update.js'
import type PayoutsWait from '../../../src/commands/payouts/wait.js'
import type ProfilesAdd from '../../../src/commands/profiles/add.js'
import type ProfilesList from '../../../src/commands/profiles/list.js'
import type ProfilesRemove from '../../../src/commands/profiles/remove.js'
import type ProfilesSet from '../../../src/commands/profiles/set.js'
import type ProfilesShow from '../../../src/commands/profiles/show.js'
import type ProfilesUse from '../../../src/commands/profiles/use.js'
import type SessionsAllowance from '../../../src/commands/sessions/allowance.js'
import type SessionsApproval from '../../../src/commands/sessions/approval.js'
import type SessionsKyb from '../../../src/commands/sessions/kyb.js'
import type SessionsPayout from '../../../src/commands/sessions/payout.js'
import type TeamAccounts from '../../../src/commands/team/accounts.js'
import type TeamDeposit from '../../../src/commands/team/deposit.js'
import type TeamGet from '../../../src/commands/team/get.js'
import type TeamUpdate from '../../../src/commands/team/update.js'
import type TransactionsList from '../../../src/commands/transactions/list.js'
import type Version from '../../../src/commands/version.js'
import type WebhooksCreate from '../../../src/commands/webhooks/create.js'
import type WebhooksDelete from '../../../src/commands/webhooks/delete.js'
import type WebhooksList from '../../../src/commands/webhooks/list.js'
import type WebhooksListen from '../../../src/commands/webhooks/listen.js'
import type WebhooksSend from '../../../src/commands/webhooks/send.js'
import type WebhooksVerify from '../../../src/commands/webhooks/verify.js'
import {COMMAND_RESULTS, type CommandId} from '../../../src/results/command-results.js'
import {ROOT} from '../../helpers/cli.js'

/**
 * Issue 50: a command names its result for the compiler (its class's type argument, to which tsc holds its `run()`)
 * and in src/results/command-results.ts for the manifest (--schema, help --llms and the result walk read it there).
 * `npm run lint` type-checks this file (tsc -p test): a class whose type argument is not its row's result, or a
 * command missing on either side, fails there, naming the command.
 */

interface Classes {
  api: typeof Api
  'auth:login': typeof AuthLogin
  'auth:logout': typeof AuthLogout
  'auth:status': typeof AuthStatus
  'auth:token': typeof AuthToken
  'counterparties:countries': typeof CounterpartiesCountries
  'counterparties:create': typeof CounterpartiesCreate
  'counterparties:delete': typeof CounterpartiesDelete
  'counterparties:get': typeof CounterpartiesGet
  'counterparties:import': typeof CounterpartiesImport
  'counterparties:list': typeof CounterpartiesList
  'counterparties:payment-method-types': typeof CounterpartiesPaymentMethodTypes
  'counterparties:update': typeof CounterpartiesUpdate
  doctor: typeof Doctor
  'emulator:claim': typeof EmulatorClaim
  'emulator:clock:advance': typeof EmulatorClockAdvance
  'emulator:deliveries': typeof EmulatorDeliveries
  'emulator:faults:add': typeof EmulatorFaultsAdd
  'emulator:faults:clear': typeof EmulatorFaultsClear
  'emulator:faults:list': typeof EmulatorFaultsList
  'emulator:requests': typeof EmulatorRequests
  'emulator:reset': typeof EmulatorReset
  'emulator:start': typeof EmulatorStart
  'emulator:trigger': typeof EmulatorTrigger
  mcp: typeof Mcp
  'payouts:approve': typeof PayoutsApprove
  'payouts:changes': typeof PayoutsChanges
  'payouts:create': typeof PayoutsCreate
  'payouts:delete': typeof PayoutsDelete
  'payouts:get': typeof PayoutsGet
  'payouts:import': typeof PayoutsImport
  'payouts:import-status': typeof PayoutsImportStatus
  'payouts:list': typeof PayoutsList
  'payouts:pay': typeof PayoutsPay
  'payouts:send-claim-link': typeof PayoutsSendClaimLink
  'payouts:update': typeof PayoutsUpdate
  'payouts:wait': typeof PayoutsWait
  'profiles:add': typeof ProfilesAdd
  'profiles:list': typeof ProfilesList
  'profiles:remove': typeof ProfilesRemove
  'profiles:set': typeof ProfilesSet
  'profiles:show': typeof ProfilesShow
  'profiles:use': typeof ProfilesUse
  'sessions:allowance': typeof SessionsAllowance
  'sessions:approval': typeof SessionsApproval
  'sessions:kyb': typeof SessionsKyb
  'sessions:payout': typeof SessionsPayout
  'team:accounts': typeof TeamAccounts
  'team:deposit': typeof TeamDeposit
  'team:get': typeof TeamGet
  'team:update': typeof TeamUpdate
  'transactions:list': typeof TransactionsList
  'webhooks:create': typeof WebhooksCreate
  'webhooks:delete': typeof WebhooksDelete
  'webhooks:list': typeof WebhooksList
  'webhooks:listen': typeof WebhooksListen
  'webhooks:send': typeof WebhooksSend
  'webhooks:verify': typeof WebhooksVerify
  version: typeof Version
}

// biome-ignore lint/suspicious/noExplicitAny: a command class of any flags
type ResultOfClass<C> = C extends abstract new (...args: any[]) => BaseCommand<any, infer R> ? R : never
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Differing = {
  [K in keyof Classes & CommandId]: Same<ResultOfClass<Classes[K]>, (typeof COMMAND_RESULTS)[K]> extends true
    ? never
    : K
}[keyof Classes & CommandId]
type Unlisted = Exclude<CommandId, keyof Classes> | Exclude<keyof Classes, CommandId>

/** oclif's own plugins: they print text of their own, no data. */
const PLUGIN_COMMANDS = new Set(['help', 'autocomplete', 'autocomplete:create', 'autocomplete:script'])

/** Type-checked only: `true` fits where no command differs, else the type names the commands that do. */
const RESULTS_AGREE: [Differing | Unlisted] extends [never] ? true : Differing | Unlisted = true

describe('each command names one result', () => {
  it("the table has a row for every command of the manifest but oclif's own, and no other", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, {result?: string}>
    }
    const ours = Object.entries(manifest.commands).filter(([id]) => !PLUGIN_COMMANDS.has(id))
    expect(ours.map(([id]) => id).sort()).toEqual(Object.keys(COMMAND_RESULTS).sort())
    for (const [id, command] of ours) expect(command.result, id).toBe(COMMAND_RESULTS[id as CommandId])
    expect(RESULTS_AGREE).toBe(true)
  })
})
