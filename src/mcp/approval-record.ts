import {mkdir, readFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {payoutIdBody} from '../contract/ids.js'
import {targetKey} from '../services/payouts/target-key.js'
import {appendLineSynced} from '../shared/atomic-file.js'
import {refuseUntrustedFile} from '../shared/own-file.js'
import {errnoCode} from '../shared/thrown.js'

/** One approval URL handed to an agent: the payouts it covers and the counterparties they pay. */
export interface IssuedApproval {
  at: string
  tool: string
  payoutIds: string[]
  counterpartyIds: string[]
}

/** A payout id as a bare lower-case UUID, whichever form (v1 UUID, payout_<UUID>) named it. */
export const payoutUuid = (id: string) => payoutIdBody(id).toLowerCase()

/**
 * The payouts (and their counterparties) for which an MCP server has handed out an approval URL, kept in the
 * profile's data folder as JSON lines (mode 0600). It is read afresh at every check, so a restarted server and a
 * second server on the same profile refuse the same changes: once a person may be looking at a payout, no tool
 * changes what they are about to approve.
 */
export class ApprovalRecord {
  private tail: Promise<void> = Promise.resolve()

  constructor(readonly file: string) {}

  /** The record of a profile (its name and origin), its owner checked. */
  static async ofProfile(dataDir: string, profile: {name: string; origin: string}): Promise<ApprovalRecord> {
    const record = new ApprovalRecord(
      join(dataDir, 'mcp', targetKey(profile.name, profile.origin), 'approval-urls.jsonl'),
    )
    await record.checkOwner()
    return record
  }

  /**
   * Refuses (exit 2) a record that another user owns or can write, or in such a folder: one who could remove a line
   * could let a tool change what a person is about to approve. Checked at the server's start and at every use.
   */
  async checkOwner(): Promise<void> {
    await refuseUntrustedFile(
      this.file,
      'the approval URLs record',
      `make it and its folder yours and writable by you only (chmod 600 ${this.file}, chmod 700 its folder)`,
    )
  }

  /** Records an approval URL; resolves once the line is on disk (before the URL is handed out). */
  add(entry: Omit<IssuedApproval, 'at'>): Promise<void> {
    const line = `${JSON.stringify({at: new Date().toISOString(), ...entry, payoutIds: entry.payoutIds.map(payoutUuid)})}\n`
    const write = this.tail.then(() => this.append(line))
    this.tail = write.catch(() => undefined)
    return write
  }

  /** The approval URL issued for this payout, or for a payout paying this counterparty, if any. */
  async issuedFor(target: {payoutId?: string; counterpartyId?: string}): Promise<IssuedApproval | undefined> {
    const payout = target.payoutId === undefined ? undefined : payoutUuid(target.payoutId)
    return (await this.entries()).find(
      entry =>
        (payout !== undefined && entry.payoutIds.includes(payout)) ||
        (target.counterpartyId !== undefined && entry.counterpartyIds.includes(target.counterpartyId)),
    )
  }

  private async entries(): Promise<IssuedApproval[]> {
    await this.checkOwner()
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return []
      throw error
    }
    return text.split('\n').flatMap(line => {
      try {
        const entry = JSON.parse(line) as IssuedApproval
        return Array.isArray(entry.payoutIds) && Array.isArray(entry.counterpartyIds) ? [entry] : []
      } catch {
        // A line cut short by a crash: its URL was never handed out.
        return []
      }
    })
  }

  private async append(line: string): Promise<void> {
    await mkdir(dirname(this.file), {recursive: true, mode: 0o700})
    await this.checkOwner()
    await appendLineSynced(this.file, line)
  }
}
