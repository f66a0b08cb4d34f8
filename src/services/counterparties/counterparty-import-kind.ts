import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import type {ImportKind} from '../import/session/import-kind.js'

/**
 * Counterparties as a kind of import (`payctl counterparties import`): the same engine as the payout
 * import (validation, journal, lock, resume, report, exit codes), with the counterparty row, its sender and
 * the checks against the service's countries and payment methods. Nothing here moves money.
 */
export async function counterpartyImportKind(
  options: {allowConfusable?: boolean} = {},
): Promise<ImportKind<CounterpartyInput>> {
  const {counterpartyRowSchema} = await import('./counterparty-row-schema.js')
  return {
    namespace: 'counterparties',
    api: 'v2',
    schema: counterpartyRowSchema,
    schemaOptions: {decimalComma: false, allowConfusable: options.allowConfusable},
    request: 'counterparties',
    idColumn: 'counterpartyId',
    sender: async client => (await import('./counterparty-sender.js')).counterpartySender(client),
    checkOnline: async input => (await import('./counterparty-import-checks.js')).checkCounterpartyRows(input),
  }
}
