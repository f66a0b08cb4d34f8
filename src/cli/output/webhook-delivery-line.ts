import {formatAmount} from '../../shared/money.js'
import type {Palette} from '../output/colors.js'
import type {Delivery} from '../../services/webhooks/listener.js'

const pad2 = (n: number) => String(n).padStart(2, '0')

/** "14:03:07" in local time. */
export function clockTime(iso: string): string {
  const date = new Date(iso)
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
}

/**
 * One aligned line per delivery for `webhooks listen`:
 * `14:03:07  completed  6f1c…  125.00 EUR  -> 200  verified  (app -> 200)`.
 */
export function deliveryLine(delivery: Delivery, color: Palette): string {
  const status = (delivery.status ?? '-').padEnd(16)
  const id = (delivery.payoutId ?? '-').padEnd(43)
  const amount =
    delivery.amount === undefined
      ? ''.padStart(16)
      : `${formatAmount(delivery.amount, delivery.currency).padStart(12)} ${(delivery.currency ?? '').padEnd(3)}`
  const code = delivery.response
  const answered = `-> ${code}`
  const answeredText = code >= 200 && code < 300 ? answered : color.yellow(answered)
  const verdict = delivery.reason
    ? color.red(`REJECTED ${delivery.reason}${delivery.detail ? `: ${delivery.detail}` : ''}`)
    : color.green('verified')
  let forward = ''
  if (delivery.forward)
    forward =
      delivery.forward.status !== undefined
        ? `  (app -> ${delivery.forward.status})`
        : `  (app unreachable: ${delivery.forward.error})`
  const repeated = delivery.duplicate ? `  ${color.yellow('REPEATED (same signature and timestamp as before)')}` : ''
  return `${clockTime(delivery.receivedAt)}  ${status}  ${id}  ${amount}  ${answeredText}  ${verdict}${repeated}${forward}`
}
