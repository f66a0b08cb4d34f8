import type {Environment} from './config/profiles.js'
import {usageError} from './errors.js'
import type {Output} from './output/output.js'

export interface MoneySummary {
  /** What is about to happen, e.g. "approve 3 payouts". */
  action: string
  count: number
  /**
   * Totals per currency, decimal strings; or a function that computes them (e.g. by fetching the payouts),
   * called only when a prompt is actually shown.
   */
  totals: Record<string, string> | (() => Promise<Record<string, string>>)
}

export const describeTotals = (totals: Record<string, string>) =>
  Object.entries(totals)
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ') || 'no amounts'

/**
 * Money-moving commands (approve, pay, pre-approved create, --and-then pay, import with pay) against a
 * production profile: ask on a TTY, showing count and totals per currency; without a TTY, require --yes
 * (exit 2 otherwise). Sandbox profiles never ask.
 */
export async function confirmMoneyMovement(options: {
  environment: Environment
  yes: boolean
  summary: MoneySummary
  out: Output
  interactive?: boolean
}): Promise<void> {
  if (options.environment !== 'production' || options.yes) return
  const {summary} = options
  const items = `${summary.count} item${summary.count === 1 ? '' : 's'}`
  const describe = (totals: Record<string, string> | undefined) =>
    `${summary.action} (${items}${totals ? `, ${describeTotals(totals)}` : ''}) on PRODUCTION`
  const interactive = options.interactive ?? Boolean(process.stdin.isTTY && process.stderr.isTTY)
  if (!interactive || options.out.json) {
    const known = typeof summary.totals === 'function' ? undefined : summary.totals
    throw usageError(`refusing to ${describe(known)} without confirmation`, ['add --yes to confirm in scripts'])
  }
  const what = describe(typeof summary.totals === 'function' ? await summary.totals() : summary.totals)
  const {confirm} = await import('@inquirer/prompts')
  const ok = await confirm(
    {message: `${what[0].toUpperCase()}${what.slice(1)}?`, default: false},
    {output: process.stderr},
  )
  if (!ok) throw usageError('cancelled: nothing was sent')
}
