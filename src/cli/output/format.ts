import {formatAmount} from '../../shared/money.js'

/** "12.50 EUR"; an absent amount renders as "-". */
export function money(amount: string | undefined, currency: string | undefined): string {
  if (amount === undefined) return '-'
  return `${formatAmount(amount, currency)}${currency ? ` ${currency}` : ''}`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A timestamp in local time, readable: "2026-11-21 14:03". Unparseable input is shown as it is. */
export function localTime(iso: string | undefined): string {
  if (!iso) return '-'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`
}

export const orDash = (value: unknown): string =>
  value === undefined || value === null || value === '' ? '-' : String(value)
