import type {Environment} from '../config/profiles.js'
import type {MoneySummary} from '../operations/operation-context.js'
import {usageError} from '../shared/errors.js'
import {describeTotals} from '../shared/money.js'
import type {Output} from './output/output.js'

export type {MoneySummary}

export interface ConfirmOptions {
  environment: Environment
  /** --yes: the caller confirmed up front. */
  yes: boolean
  summary: MoneySummary
  out: Output
  /** Whether a person can answer (default: stdin and stderr are terminals). */
  interactive?: boolean
}

function describe(summary: MoneySummary, totals: Record<string, string> | undefined): string {
  const {count} = summary
  const parts = [count === undefined ? '' : `${count} item${count === 1 ? '' : 's'}`, totals && describeTotals(totals)]
  const shown = parts.filter(Boolean).join(', ')
  return `${summary.action}${shown ? ` (${shown})` : ''} on PRODUCTION`
}

/**
 * The one confirmation rule for every money-moving or destructive action (approve, pay, any --and-then,
 * pre-approved create, deletes, team update, removing a production profile): on a production profile, ask
 * on a TTY, naming the action, the count and the totals per currency; without a TTY (or under --json),
 * require --yes (exit 2 otherwise, nothing sent). Sandbox profiles never ask.
 */
export async function confirmProductionAction(options: ConfirmOptions): Promise<void> {
  if (options.environment !== 'production' || options.yes) return
  const {summary} = options
  const interactive = options.interactive ?? Boolean(process.stdin.isTTY && process.stderr.isTTY)
  if (!interactive || options.out.json) {
    const known = typeof summary.totals === 'function' ? undefined : summary.totals
    throw usageError(`refusing to ${describe(summary, known)} without confirmation`, [
      'add --yes to confirm in scripts',
    ])
  }
  const totals = typeof summary.totals === 'function' ? await summary.totals() : summary.totals
  const what = describe(summary, totals)
  const {confirm} = await import('@inquirer/prompts')
  const ok = await confirm(
    {message: `${what[0].toUpperCase()}${what.slice(1)}?`, default: false},
    {output: process.stderr},
  )
  if (!ok) throw usageError('cancelled: nothing was sent')
}

/** The same rule under the name the money-moving callers (import, create, batch actions) use. */
export const confirmMoneyMovement = confirmProductionAction
