import type {PayoutV2} from '../../contract/responses.js'
import type {Reporter, Spinner, WaitWatch} from '../../operations/reporter.js'
import type {GoalState} from '../../services/payouts/goals.js'
import type {WaitCounts} from '../../services/payouts/wait.js'
import {formatDuration} from '../../shared/validate.js'

const LABEL: Record<GoalState, string> = {
  completed: 'completed',
  'awaiting-claim': 'awaiting claim',
  approved: 'approved',
  failed: 'failed',
  pending: 'in flight',
}

export function describeCounts(counts: WaitCounts): string {
  return (Object.keys(LABEL) as GoalState[])
    .filter(s => counts[s])
    .map(s => `${counts[s]} ${LABEL[s]}`)
    .join(', ')
}

const payoutsCount = (n: number) => `${n} payout${n === 1 ? '' : 's'}`

const nameOf = (payout: PayoutV2) => (payout.customId ? `${payout.id} (customId "${payout.customId}")` : payout.id)

/**
 * Progress of a wait: on a terminal one spinner line with the counts and the time left; otherwise one line
 * per status change on stderr (for logs). Silent under --json.
 */
export class WaitProgress implements WaitWatch {
  private spinner?: Spinner

  constructor(
    private readonly out: Pick<Reporter, 'stderrIsTTY' | 'spinner' | 'info'>,
    private readonly total: number,
  ) {}

  async start(): Promise<void> {
    if (this.out.stderrIsTTY) this.spinner = await this.out.spinner(`Waiting for ${payoutsCount(this.total)}…`)
  }

  change(payout: PayoutV2, from: string | undefined): void {
    if (!this.spinner) this.out.info(`${nameOf(payout)}: ${from ?? 'unknown'} → ${payout.status}`)
  }

  round(counts: WaitCounts, remainingMs: number): void {
    this.spinner?.update(
      `Waiting for ${payoutsCount(this.total)}: ${describeCounts(counts)} (time-out in ${formatDuration(remainingMs)})`,
    )
  }

  stop(counts?: WaitCounts): void {
    this.spinner?.stop()
    this.spinner = undefined
    if (counts) this.out.info(`Waited for ${payoutsCount(this.total)}: ${describeCounts(counts)}.`)
  }
}
