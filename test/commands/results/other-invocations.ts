import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {signWebhook} from '../../../src/contract/webhook-hmac.js'
import {FULL} from '../../emulator/helpers.js'
import type {EmulatorFixture} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import {type Invocation, type Invocations, noArguments} from './invocation.js'

const BACK = ['--redirect-url', 'https://example.com/back']

/** A profile "walk" in the test's home, for the commands that change one. */
async function walkProfile({env}: EmulatorFixture): Promise<void> {
  const added = await runCommand(
    ['profiles', 'add', 'walk', '--origin', 'https://api.example.com', '--environment', 'sandbox'],
    {env},
  )
  if (added.code !== 0) throw new Error(added.stderr)
}

/** An e-mail payout, approved (its claim link sent): what `emulator claim` claims. */
async function approvedPayout({api}: EmulatorFixture): Promise<string> {
  return (await api.v2Create({customId: 'walk-claim', andThen: 'send-claim-link'})).id
}

const SECRET = 'whsec_walk'
const DELIVERY = '{"id":"payout_walk","status":"completed"}'
const NOW = String(Math.floor(Date.now() / 1000))

const verify: Invocation = {
  argv: () => ['--secret', SECRET, '--timestamp', NOW, '--signature', signWebhook(SECRET, NOW, DELIVERY), '-'],
  input: DELIVERY,
}

/** Commands outside src/commands/payouts whose results the walk checks (results.test.ts). */
export const OTHER_INVOCATIONS: Invocations = {
  api: {argv: () => ['GET', '/api/v1/team']},
  'auth:login': {argv: () => ['--with-api-key'], input: `${FULL}\n`},
  'auth:logout': noArguments,
  'auth:status': noArguments,
  'auth:token': noArguments,
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
  'counterparties:import': {
    argv: ({home}) => {
      const file = join(home.dir, 'walk-counterparties.csv')
      writeFileSync(
        file,
        'customId,firstName,lastName,line1,city,postalCode,country,paymentMethod,iban,paymentCurrency\n' +
          'walk-1,Ann,Berg,Hauptstr. 1,Berlin,10115,DE,bank_iban,DE89370400440532013000,EUR\n',
      )
      return [file]
    },
  },
  'counterparties:list': noArguments,
  doctor: noArguments,
  version: noArguments,
  'emulator:claim': {argv: async ctx => [await approvedPayout(ctx), '--method', 'paypal']},
  // Without following (stdout is no terminal here), -o json: the attempts as one array.
  'emulator:deliveries': {argv: () => ['-o', 'json']},
  'emulator:requests': {argv: () => ['-o', 'json']},
  'emulator:start': {
    argv: ({home}) => ['--port', '0', '--data', join(home.dir, 'walk-emulator.sqlite')],
    form: 'stopped',
  },
  'emulator:trigger': {argv: () => ['payout.completed']},
  // The client is the empty stdin of the in-process run: it goes away at once, and the server returns its summary.
  mcp: {argv: () => [], form: 'returned'},
  'profiles:add': {argv: () => ['walk', '--origin', 'https://api.example.com', '--environment', 'sandbox']},
  'profiles:list': noArguments,
  'profiles:remove': {argv: async ctx => [...(await walkProfile(ctx), []), 'walk', '--yes']},
  'profiles:set': {argv: async ctx => [...(await walkProfile(ctx), []), 'walk', '--environment', 'production']},
  'profiles:show': noArguments,
  'profiles:use': {argv: async ctx => [...(await walkProfile(ctx), []), 'walk']},
  'sessions:allowance': {argv: () => BACK},
  'sessions:approval': {argv: async ({api}) => ['--payout', (await api.v2Create({customId: 'walk-s'})).id, ...BACK]},
  'sessions:kyb': {argv: () => BACK},
  'sessions:payout': {argv: async ({api}) => ['--payout', (await api.v2Create({customId: 'walk-p'})).id, ...BACK]},
  'team:get': noArguments,
  'team:accounts': noArguments,
  'team:deposit': {argv: () => ['--amount', '10.00', '--currency', 'EUR']},
  'team:update': {argv: () => ['--dac7-reporting', 'true']},
  'transactions:list': noArguments,
  'webhooks:create': {argv: () => ['--url', 'https://example.com/hooks']},
  'webhooks:delete': {
    argv: async ({api}) => {
      const created = await api.post('/api/v1/webhook', {targetUrl: 'https://example.com/hooks', eventType: 'payout'})
      return [created.body.id, '--yes']
    },
  },
  'webhooks:list': noArguments,
  'webhooks:listen': {argv: () => ['--port', '0', '--secret', SECRET], form: 'stopped'},
  // The emulator's origin is no webhook receiver: it refuses the delivery, and the check fails (exit 1) with its JSON.
  'webhooks:send': {argv: ({url}) => ['--to', `${url}/walk-receiver`, '--secret', SECRET], exit: 1},
  'webhooks:verify': verify,
  'emulator:faults:add': {argv: () => ['--path', '/api/v2/team', '--action', 'status', '--status', '503']},
  'emulator:faults:list': noArguments,
  'emulator:faults:clear': noArguments,
  'emulator:clock:advance': {argv: () => ['1h']},
  'emulator:reset': {argv: () => ['--yes']},
}
