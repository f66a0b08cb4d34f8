import {type Invocations, noArguments} from './invocation.js'

/** Commands outside src/commands/payouts whose results the walk checks (results.test.ts). */
export const OTHER_INVOCATIONS: Invocations = {
  'counterparties:countries': noArguments,
  'counterparties:payment-method-types': noArguments,
  'counterparties:create': {
    argv: () =>
      ['--first-name', 'Jan', '--last-name', 'Berg', '--line1', 'Hauptstr. 5', '--city', 'Berlin']
        .concat(['--postal-code', '10115', '--country', 'DE', '--payment-method', 'bank_iban'])
        .concat(['--iban', 'DE89370400440532013000', '--payment-currency', 'EUR'])
        .concat(['--tax-id', '12345678901', '--date-of-birth', '1990-04-30']),
  },
  'counterparties:get': {argv: async ({api}) => [(await api.counterparty()).id]},
  'counterparties:update': {argv: async ({api}) => [(await api.counterparty()).id, '--city', 'Hamburg']},
  'counterparties:delete': {argv: async ({api}) => [(await api.counterparty()).id, '--yes']},
  'team:get': noArguments,
  'team:accounts': noArguments,
  'emulator:faults:add': {argv: () => ['--path', '/api/v2/team', '--action', 'status', '--status', '503']},
  'emulator:faults:list': noArguments,
  'emulator:faults:clear': noArguments,
  'emulator:clock:advance': {argv: () => ['1h']},
  'emulator:reset': {argv: () => ['--yes']},
}

/** Commands outside src/commands/payouts that do not declare a result yet: the walk checks they do not. */
export const OTHERS_PENDING: readonly string[] = [
  'api',
  'auth:login',
  'auth:logout',
  'auth:status',
  'auth:token',
  'counterparties:import',
  'counterparties:list',
  'doctor',
  'emulator:claim',
  'emulator:deliveries',
  'emulator:start',
  'emulator:trigger',
  'mcp',
  'profiles:add',
  'profiles:list',
  'profiles:remove',
  'profiles:set',
  'profiles:show',
  'profiles:use',
  'sessions:allowance',
  'sessions:approval',
  'sessions:kyb',
  'sessions:payout',
  'team:deposit',
  'team:update',
  'transactions:list',
  'webhooks:create',
  'webhooks:delete',
  'webhooks:list',
  'webhooks:listen',
  'webhooks:send',
  'webhooks:verify',
]
