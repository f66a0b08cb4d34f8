import {createHash, randomUUID} from 'node:crypto'
import {mkdir, readFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {canonicalJson} from '../../shared/canonical-json.js'
import {targetKey} from './target-key.js'

/** How long a kept key is reused: the service's idempotency window (spec: 24 hours). */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000

interface Kept {
  key: string
  at: number
}

/**
 * The keys of creates whose outcome is unknown (a 5xx after the request was sent, a time-out, a connection that
 * broke after the write), in the state folder, by profile and by the request's content (its SHA-256): the same
 * command run again within 24 hours sends the same idempotency key (v2) or customId (v1), so the service cannot
 * create a second payout. A create that ends either way forgets its key.
 */
export class KeptKeys {
  private readonly file: string

  constructor(
    dataDir: string,
    profile: {name: string; origin: string},
    private readonly now = () => Date.now(),
  ) {
    this.file = join(dataDir, 'kept-keys', `${targetKey(profile.name, profile.origin)}.json`)
  }

  /** The kept key of this request, if one is younger than 24 hours; else a new one. */
  async keyFor(request: unknown, fresh: () => string = randomUUID): Promise<{key: string; reused: boolean}> {
    const kept = (await this.read())[hashOf(request)]
    if (kept && this.now() - kept.at < KEPT_FOR_MS) return {key: kept.key, reused: true}
    return {key: fresh(), reused: false}
  }

  /** Keeps `key` for this request (its first keeping time stays: the window is the service's, from the first send). */
  async keep(request: unknown, key: string): Promise<void> {
    const all = await this.read()
    const hash = hashOf(request)
    const at = all[hash]?.key === key ? all[hash].at : this.now()
    await this.write({...all, [hash]: {key, at}})
  }

  async forget(request: unknown): Promise<void> {
    const all = await this.read()
    const hash = hashOf(request)
    if (!(hash in all)) return
    delete all[hash]
    await this.write(all)
  }

  private async read(): Promise<Record<string, Kept>> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return {}
    }
    try {
      const parsed = JSON.parse(text) as Record<string, Kept>
      const now = this.now()
      return Object.fromEntries(
        Object.entries(parsed).filter(
          ([, kept]) => typeof kept?.key === 'string' && typeof kept.at === 'number' && now - kept.at < KEPT_FOR_MS,
        ),
      )
    } catch {
      return {}
    }
  }

  private async write(all: Record<string, Kept>): Promise<void> {
    await mkdir(dirname(this.file), {recursive: true, mode: 0o700})
    await writeFileAtomic(this.file, `${JSON.stringify(all)}\n`)
  }
}

const hashOf = (request: unknown) => createHash('sha256').update(canonicalJson(request)).digest('hex')
