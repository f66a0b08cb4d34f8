import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {appendLineSynced} from '../../shared/atomic-file.js'
import {targetKey} from '../payouts/target-key.js'

/** A record `payctl mcp` keeps per profile and origin, in its data folder. */
export const mcpRecordFile = (dataDir: string, profile: {name: string; origin: string}, name: string) =>
  join(dataDir, 'mcp', targetKey(profile.name, profile.origin), name)

/** One counterparty an agent created or changed through a tool of `payctl mcp`. */
export interface AgentChange {
  at: string
  tool: string
  counterpartyId: string
}

/**
 * The counterparties that agents created or changed through `payctl mcp` on a profile, as JSON lines (mode 0600)
 * beside the server's approval record: the destination line a person reads (`payouts get`, the MCP answers) marks
 * them, since the service cannot tell an agent's key from a person's.
 */
export class AgentChanges {
  private tail: Promise<void> = Promise.resolve()
  readonly file: string

  constructor(dataDir: string, profile: {name: string; origin: string}) {
    this.file = mcpRecordFile(dataDir, profile, 'agent-counterparties.jsonl')
  }

  /** Records a change; resolves once the line is on disk. */
  add(change: Omit<AgentChange, 'at'>): Promise<void> {
    const line = `${JSON.stringify({at: new Date().toISOString(), ...change})}\n`
    const write = this.tail.then(() => appendLineSynced(this.file, line))
    this.tail = write.catch(() => undefined)
    return write
  }

  /** The latest change of each of these counterparties an agent made, by id; a record that cannot be read is empty. */
  async latest(ids: readonly string[]): Promise<Map<string, AgentChange>> {
    const wanted = new Set(ids)
    const found = new Map<string, AgentChange>()
    if (!wanted.size) return found
    let text = ''
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return found
    }
    for (const line of text.split('\n')) {
      const change = parsed(line)
      if (change && wanted.has(change.counterpartyId)) found.set(change.counterpartyId, change)
    }
    return found
  }
}

/** A line of the record, or undefined for a line cut short by a crash. */
function parsed(line: string): AgentChange | undefined {
  try {
    const change = JSON.parse(line) as Partial<AgentChange>
    const {at, tool, counterpartyId} = change
    return typeof at === 'string' && typeof tool === 'string' && typeof counterpartyId === 'string'
      ? {at, tool, counterpartyId}
      : undefined
  } catch {
    return undefined
  }
}
