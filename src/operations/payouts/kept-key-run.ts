import type {KeptKeys} from '../../services/payouts/kept-keys.js'
import {watchInterrupts} from '../interrupt.js'
import type {Reporter} from '../reporter.js'

/** What a create needs to be safe to re-run (src/services/payouts/kept-send.ts). */
export interface KeptKeyRun {
  kept: KeptKeys
  /** Aborted by Ctrl-C or SIGTERM: the create ends at once and names the key its re-run reuses. */
  signal: AbortSignal
  warn: (line: string) => void
}

/**
 * Runs a create (payouts, counterparties) with the kept keys of the profile's service and Ctrl-C and SIGTERM watched
 * while it is sent: the first stop ends the run (130, 143 after SIGTERM) with the key a re-run reuses.
 */
export async function runWithKeptKeys<T>(
  context: {dataDir: string; origin: string; report: Reporter},
  create: (run: KeptKeyRun) => Promise<T>,
): Promise<T> {
  const {KeptKeys} = await import('../../services/payouts/kept-keys.js')
  const interrupts = watchInterrupts()
  try {
    return await create({
      kept: new KeptKeys(context.dataDir, context.origin),
      signal: interrupts.signal,
      warn: line => context.report.warn(line),
    })
  } finally {
    interrupts.dispose()
  }
}
