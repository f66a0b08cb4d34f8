import {stripVTControlCharacters} from 'node:util'
import type {Delivery} from '../../services/webhooks/listener.js'
import {formatAmount} from '../../shared/money.js'
import type {Palette} from '../output/colors.js'

const pad2 = (n: number) => String(n).padStart(2, '0')

/** "14:03:07" in local time. */
export function clockTime(iso: string): string {
  const date = new Date(iso)
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
}

/**
 * One aligned line per delivery for `webhooks listen`:
 * `14:03:07  completed  6f1c…  125.00 EUR  -> 200  verified  (app -> 200)`. On a terminal narrower than that
 * line (`columns`), the delivery takes a few short lines instead, the payout id whole on its own:
 * `14:03:07  completed  125.00 EUR  -> 200  verified`, then the id and the notes indented below.
 */
export function deliveryLine(delivery: Delivery, color: Palette, columns?: number): string {
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
        ? `(app -> ${delivery.forward.status})`
        : `(app unreachable: ${delivery.forward.error})`
  const repeated = delivery.duplicate ? color.yellow('REPEATED (same signature and timestamp as before)') : ''
  const time = clockTime(delivery.receivedAt)
  const line = [`${time}  ${status}  ${id}  ${amount}  ${answeredText}  ${verdict}`, repeated, forward]
    .filter(Boolean)
    .join('  ')
  if (!columns || stripVTControlCharacters(line).length <= columns) return line
  const shortVerdict = delivery.reason ? color.red(`REJECTED ${delivery.reason}`) : color.green('verified')
  const head = [time, (delivery.status ?? '-').padEnd(13), amount.trim(), answeredText, shortVerdict]
  const notes = [delivery.payoutId, delivery.reason && delivery.detail, repeated, forward]
  return [head.filter(Boolean).join('  '), ...notes.filter(Boolean).map(note => `${INDENT}${note}`)].join('\n')
}

/** Where the notes of a delivery shown on several lines start: under its status. */
const INDENT = ' '.repeat(10)
