import {stripVTControlCharacters} from 'node:util'
import type {Delivery} from '../../services/webhooks/listener.js'
import {formatAmount} from '../../shared/money.js'
import type {Palette} from '../output/colors.js'
import {fold} from './fold.js'

const pad2 = (n: number) => String(n).padStart(2, '0')

/** "14:03:07" in local time. */
export function clockTime(iso: string): string {
  const date = new Date(iso)
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
}

/**
 * One aligned line per delivery for `webhooks listen`:
 * `14:03:07  completed  6f1c…  125.00 EUR  -> 200  verified  (app -> 200)`. On a terminal narrower than that
 * line (`columns`), the amount is left out (`payouts get` has it) and the columns close up:
 * `14:03:07 completed        6f1c…  verified`, the payout id whole; an answer other than 2xx, a rejection's
 * detail and the notes follow on the next line, under the event.
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
  const success = code >= 200 && code < 300
  const answeredText = success ? answered : color.yellow(answered)
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
  return narrowLines(delivery, color, columns, {
    time,
    status,
    id,
    answered: success ? '' : answeredText,
    repeated,
    forward,
  })
}

/** The narrow form of `deliveryLine`: what fits on the first line, the rest under the event. */
function narrowLines(
  delivery: Delivery,
  color: Palette,
  columns: number,
  parts: {time: string; status: string; id: string; answered: string; repeated: string; forward: string},
): string {
  const shortVerdict = delivery.reason ? color.red(`REJECTED ${delivery.reason}`) : color.green('verified')
  const start = `${parts.time} ${parts.status} ${parts.id}`
  const fits = stripVTControlCharacters(`${start} ${shortVerdict}`).length <= columns
  const head = fits ? `${start} ${shortVerdict}` : start.trimEnd()
  const notes = [
    fits ? '' : shortVerdict,
    parts.answered,
    delivery.reason && delivery.detail,
    parts.repeated,
    parts.forward,
  ].filter(Boolean)
  if (!notes.length) return head
  return `${head}\n${fold(`${INDENT}${notes.join('  ')}`, columns, {hang: 0})}`
}

/** Where the notes of a delivery start on their own line: under its event. */
const INDENT = ' '.repeat(9)
