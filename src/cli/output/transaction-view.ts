import {type Transaction, transactionSchema} from '../../contract/responses/transaction-answers.js'
import {formatAmount} from '../../shared/money.js'
import {withDocumentKeys} from './columns.js'
import {localTime, orDash} from './format.js'

/** The amount with its sign by direction ("-12.50" going out), in the currency's minor units. */
const signedAmount = (t: Transaction): string => {
  if (t.amount === undefined) return '-'
  const amount = formatAmount(t.amount, t.currency)
  return t.direction === 'out' && !amount.startsWith('-') ? `-${amount}` : amount
}

export const transactionColumns = withDocumentKeys<Transaction>(
  [
    {header: 'ID', value: t => t.id},
    {header: 'Created', key: 'createdAt', value: t => localTime(t.createdAt), raw: t => t.createdAt},
    {header: 'Type', value: t => orDash(t.type), raw: t => t.type},
    {header: 'Status', value: t => orDash(t.status), raw: t => t.status},
    {header: 'Direction', value: t => orDash(t.direction), raw: t => t.direction},
    {header: 'Amount', value: signedAmount, align: 'right', raw: t => t.amount},
    {header: 'Currency', value: t => orDash(t.currency), raw: t => t.currency},
    {
      header: 'Payouts',
      key: 'payoutIds',
      value: t => (t.payoutIds?.length ? t.payoutIds.join(' ') : '-'),
      raw: t => t.payoutIds?.join(' '),
    },
    {header: 'Reference', value: t => orDash(t.reference ?? t.txHash), raw: t => t.reference ?? t.txHash},
  ],
  Object.keys(transactionSchema.shape),
)
