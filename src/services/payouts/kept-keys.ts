import {createHash, randomUUID} from 'node:crypto'
import {mkdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {acquireFileLock, type LockHolder, withFileLock} from '../../config/file-lock.js'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {canonicalJson} from '../../shared/canonical-json.js'
import {canonicalOrigin} from '../../shared/canonical-origin.js'
import {usageError} from '../../shared/errors.js'
import {refuseUntrustedFile} from '../../shared/own-file.js'
import {errnoCode} from '../../shared/thrown.js'

/** How long a kept key is reused: the service's idempotency window (spec: 24 hours). */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000

/** How long a create waits for another payctl sending the same create: its four attempts of 30 s and their pauses. */
const SEND_WAIT_MS = 3 * 60 * 1000

/** A create as the kept keys know it. */
export interface KeptRequest {
  /** The operation's id in the contract's table: the service keeps keys per endpoint. */
  operation: string
  /** The body as it is sent. */
  body: unknown
  /** What makes another create alike (the same recipient, amount and currency): one still unknown is told. */
  likeness?: unknown
}

interface Kept {
  key: string
  /** When the key was first kept (ms): the service's window runs from the first send. */
  at: number
  /** The hash of the request's likeness. */
  like?: string
  /** A run that reused the key got a definite answer: the key is reused still, but its outcome is known. */
  settled?: true
}

/** A create alike to this one (not the same) whose outcome is still unknown. */
export interface AlikeCreate {
  key: string
  at: Date
}

/** The key a create sends, on disk before the request leaves. */
export interface KeyClaim {
  readonly key: string
  /** The key was kept by an earlier run of the same create, or by one running now. */
  readonly reused: boolean
  readonly alike: AlikeCreate[]
  /**
   * A definite answer came. A new key is forgotten: the same create afterwards is a new one. A reused key stays
   * (settled) for the rest of its 24 hours: once an answer was lost, the same command is a re-run of that create,
   * also when two re-runs overlap or follow each other.
   */
  settle(): Promise<void>
  /** No definite answer came: the key stays for the re-run. */
  keep(): Promise<void>
}

export interface ClaimOptions {
  /** A new key (default: a UUID); v1 creates make a customId. */
  fresh?: () => string
  /** Ctrl-C or SIGTERM while waiting for another payctl sending the same create. */
  signal?: AbortSignal
  /** Told once when another payctl is sending the same create now. */
  onWait?: (holder: LockHolder, key: string) => void
}

/**
 * The keys of creates (payouts v1 and v2, counterparties) whose outcome is not known, in the data folder, one file
 * per service (its canonical origin, whatever profile or spelling reached it) keyed by the SHA-256 of the request
 * (its operation and canonical body). A create claims its key before the request leaves: the one kept for the same
 * request within 24 hours, else a new one written to the file first; so whatever ends the run (an answer that never
 * comes, Ctrl-C, kill -9), the same command run again sends the same idempotency key (v2) or customId (v1), and the
 * service cannot create a second payout. A definite answer to the run that made the key forgets it; a key that was
 * reused stays until its 24 hours are over. Two runs of the same create at once share its key, and the second sends
 * only once the first is done. The file and its folder must be the user's own.
 */
export class KeptKeys {
  private readonly folder: string
  private readonly file: string
  private readonly name: string

  constructor(
    dataDir: string,
    origin: string,
    private readonly now = () => Date.now(),
  ) {
    this.folder = join(dataDir, 'kept-keys')
    this.name = `origin-${createHash('sha256').update(canonicalOrigin(origin)).digest('hex').slice(0, 16)}`
    this.file = join(this.folder, `${this.name}.json`)
  }

  /** The key of this request: kept (younger than 24 hours) or new, written to the file before this returns. */
  async claim(request: KeptRequest, options: ClaimOptions = {}): Promise<KeyClaim> {
    await mkdir(this.folder, {recursive: true, mode: 0o700})
    await refuseUntrustedFile(
      this.file,
      'the kept idempotency keys',
      `make ${this.folder} and its files yours and writable by you only (chmod 700 the folder, 600 the files), or remove them`,
    )
    const hash = hashOf({operation: request.operation, body: request.body})
    const like =
      request.likeness === undefined ? undefined : hashOf({operation: request.operation, like: request.likeness})
    const chosen = await this.locked(options.signal, async all => {
      const alike = Object.entries(all)
        .filter(([other, kept]) => other !== hash && like !== undefined && kept.like === like && !kept.settled)
        .map(([, kept]) => ({key: kept.key, at: new Date(kept.at)}))
      const kept = all[hash]
      if (kept) return {key: kept.key, reused: true, alike}
      const key = (options.fresh ?? randomUUID)()
      all[hash] = {key, at: this.now(), ...(like === undefined ? {} : {like})}
      return {key, reused: false, alike, changed: true}
    })
    const sending = await acquireFileLock(join(this.folder, `${this.name}-${hash.slice(0, 16)}.sending.lock`), {
      timeoutMs: SEND_WAIT_MS,
      signal: options.signal,
      onWait: holder => options.onWait?.(holder, chosen.key),
      wayOut: `wait until that payctl has ended, then re-run the same command: it reuses ${chosen.key}`,
    })
    return {
      key: chosen.key,
      reused: chosen.reused,
      alike: chosen.alike,
      settle: async () => {
        try {
          await this.locked(undefined, async all => {
            const kept = all[hash]
            if (kept?.key !== chosen.key || kept.settled) return {}
            if (chosen.reused) kept.settled = true
            else delete all[hash]
            return {changed: true}
          })
        } finally {
          await sending.release()
        }
      },
      keep: () => sending.release(),
    }
  }

  /** Runs `change` on the kept keys under the file's lock, and writes them when it says they changed. */
  private async locked<T extends {changed?: boolean}>(
    signal: AbortSignal | undefined,
    change: (all: Record<string, Kept>) => Promise<T>,
  ): Promise<T> {
    return withFileLock(
      this.file,
      async () => {
        const all = await this.read()
        const result = await change(all)
        if (result.changed) await writeFileAtomic(this.file, `${JSON.stringify(all)}\n`)
        return result
      },
      {signal},
    )
  }

  /** The kept keys younger than 24 hours (older ones are dropped at the next write). */
  private async read(): Promise<Record<string, Kept>> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return {}
      throw error
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw usageError(`the kept idempotency keys: ${this.file} is not a file payctl wrote`, [
        `remove it to go on (the keys of creates whose outcome is unknown are then forgotten)`,
      ])
    const now = this.now()
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([, kept]) => typeof kept?.key === 'string' && typeof kept.at === 'number' && now - kept.at < KEPT_FOR_MS,
      ),
    ) as Record<string, Kept>
  }
}

const hashOf = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex')
