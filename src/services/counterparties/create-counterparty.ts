import type {PayoutClient} from '../../client/index.js'
import type {Counterparty} from '../../client/schemas.js'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import {operations} from '../../contract/operations.js'
import type {KeptKeys} from '../payouts/kept-keys.js'
import {type KeyWords, sendKeyed} from '../payouts/kept-send.js'

const WORDS: KeyWords = {
  field: 'idempotencyKey',
  again: (key, own) =>
    `${own ? `re-run the same command (with --idempotency-key ${key})` : 're-run the same command'}: it reuses idempotency key ${key}, so the service will not create a second counterparty`,
  alike: key => `give --idempotency-key ${key}: the service then refuses this create if that one was applied`,
}

const folded = (value: string | undefined) => value?.trim().toLowerCase()

/**
 * `counterparties create`, safe to re-run as `payouts create` is (src/services/payouts/kept-send.ts): the person's
 * --idempotency-key, or the one kept for the same body, or a new one on disk before the request leaves. Alike: the
 * same names, e-mail address and account.
 */
export async function createCounterparty(
  client: PayoutClient,
  body: CounterpartyInput,
  options: {idempotencyKey?: string; kept: KeptKeys; signal?: AbortSignal; warn?: (line: string) => void},
): Promise<Counterparty> {
  const sent = await sendKeyed(options.kept, {
    signal: options.signal,
    warn: options.warn,
    own: options.idempotencyKey,
    words: WORDS,
    request: {
      operation: operations.createCounterparty.operationId,
      body,
      likeness: {
        names: [folded(body.identity.firstName), folded(body.identity.lastName)],
        email: folded(body.email),
        account: body.paymentMethod?.iban ?? body.paymentMethod?.accountNumber ?? body.paymentMethod?.address,
      },
    },
    send: idempotencyKey => client.v2.counterparties.create(body, {idempotencyKey}),
  })
  return sent.value
}
