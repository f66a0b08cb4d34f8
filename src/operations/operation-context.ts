import type {Reporter} from './reporter.js'
import type {Session} from './session.js'

/** What a money-moving or destructive action is about to do, for the production confirmation. */
export interface MoneySummary {
  /** What is about to happen, e.g. "approve 3 payouts" or "delete a counterparty". */
  action: string
  /** How many items the action touches (omitted for one thing named in `action`, e.g. a profile). */
  count?: number
  /**
   * Totals per currency, decimal strings; or a function that computes them (e.g. by fetching the payouts),
   * called only when a prompt is actually shown. Omitted for actions that move no amount (deletes, settings).
   */
  totals?: Record<string, string> | (() => Promise<Record<string, string>>)
}

/**
 * Who takes an operation's result: a person (views: more is read to show it, e.g. where a payout's money goes), a
 * script (the API's documents as JSON, nothing more read), or an agent (data, with what a person would be shown
 * as details beside it).
 */
export type Audience = 'person' | 'script' | 'agent'

/** What an operation runs with, whoever calls it (a command, an agent's tool call). */
export interface OperationContext {
  session: Session
  report: Reporter
  audience: Audience
  /**
   * The production confirmation of money movement and deletes: the CLI asks a person, or needs --yes; an agent's
   * server is the consent (a person started it with its tool groups).
   */
  confirm(summary: MoneySummary): Promise<void>
}
