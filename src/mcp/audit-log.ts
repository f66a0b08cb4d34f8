import {chmod, mkdir} from 'node:fs/promises'
import {dirname} from 'node:path'
import {redactBody, scrubSecrets} from '../client/redact.js'
import {openAppendOnly} from '../shared/atomic-file.js'

/** One line of the audit log: a tool call, its arguments and its outcome. Never a credential. */
export interface AuditRecord {
  time: string
  profile: string
  tool: string
  arguments: unknown
  outcome: 'ok' | 'error'
  durationMs: number
  error?: {code: string; message: string}
  exitCode?: number
  idempotencyKey?: string
  ids?: string[]
}

/**
 * The MCP audit log: JSON lines appended to a file of mode 0600 in the data directory, one per tool call, in
 * the order the answers were sent. Secret-named fields and the profile's known secrets are redacted.
 */
export class AuditLog {
  private tail: Promise<void> = Promise.resolve()
  private prepared?: Promise<void>

  constructor(
    readonly file: string,
    private readonly secrets: Array<string | undefined>,
  ) {}

  append(record: AuditRecord): Promise<void> {
    const line = `${scrubSecrets(redactBody(JSON.stringify(record)), this.secrets)}\n`
    this.tail = this.tail.then(() => this.write(line))
    return this.tail
  }

  private async write(line: string): Promise<void> {
    this.prepared ??= this.prepare()
    await this.prepared
    const handle = await openAppendOnly(this.file)
    try {
      await handle.appendFile(line)
    } finally {
      await handle.close()
    }
  }

  private async prepare(): Promise<void> {
    await mkdir(dirname(this.file), {recursive: true, mode: 0o700})
    await (await openAppendOnly(this.file)).close()
    await chmod(this.file, 0o600)
  }
}
