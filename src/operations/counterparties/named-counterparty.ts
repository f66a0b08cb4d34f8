import type {PayoutClient} from '../../client/index.js'
import {counterpartyRefInputs} from '../inputs/counterparty-inputs.js'
import {type Operation, operation} from '../operation.js'

/** The counterparty the id argument or --custom-id names (exactly one of them), as the API's paths take it. */
export async function namedCounterparty(input: {id?: string; 'custom-id'?: string}): Promise<string> {
  const {counterpartyRef} = await import('../../services/counterparties/counterparty-service.js')
  return counterpartyRef(input.id, input['custom-id'])
}

/**
 * An operation on the counterparty the id argument or --custom-id names that answers one call of the API client;
 * with `confirm`, a production run asks first (its words name the counterparty).
 */
export const namedCounterpartyCall = <T>({
  call,
  confirm,
  ...declared
}: Pick<Operation, 'id' | 'summary' | 'result'> & {
  confirm?: (id: string) => string
  call: (client: PayoutClient, id: string) => Promise<T>
}) =>
  operation({
    ...declared,
    inputs: counterpartyRefInputs,
    async run(input, context) {
      const id = await namedCounterparty(input)
      if (confirm) await context.confirm({action: confirm(id), count: 1})
      return {value: await call(await context.session.client(), id)}
    },
  })
