import {dirname, join} from 'node:path'
import {writeFileAtomic} from '../shared/atomic-file.js'
import {MAX_CONFIG_BYTES} from './config-store.js'
import type {ProfileCredentials} from './credential-types.js'
import {withFileLock} from './file-lock.js'
import {ensurePrivateDir, parseCredentialsFile, readConfigText} from './file-shape.js'

interface CredentialsFile {
  version: 1
  profiles: Record<string, ProfileCredentials>
}

/**
 * The only file that holds secrets: `<config dir>/credentials.json`, mode 0600 in a 0700 directory, replaced
 * atomically (src/shared/atomic-file.ts: a temp file beside it, then a rename; never through a symlink) under a lock so that concurrent payctl processes (cron) never
 * lose an update such as a rotated refresh token.
 */
export class CredentialStore {
  readonly file: string

  constructor(configDir: string) {
    this.file = join(configDir, 'credentials.json')
  }

  async read(): Promise<CredentialsFile> {
    const text = await readConfigText(this.file, MAX_CONFIG_BYTES)
    return {version: 1, profiles: text === undefined ? {} : parseCredentialsFile(this.file, text)}
  }

  async get(profile: string): Promise<ProfileCredentials> {
    return (await this.read()).profiles[profile] ?? {}
  }

  /** Read-modify-write under the lock; `update` returns the new credentials (undefined removes them). */
  async update(
    profile: string,
    update: (current: ProfileCredentials) => ProfileCredentials | undefined | Promise<ProfileCredentials | undefined>,
  ): Promise<ProfileCredentials | undefined> {
    await ensurePrivateDir(dirname(this.file))
    return withFileLock(
      this.file,
      async () => {
        const data = await this.read()
        const next = await update(data.profiles[profile] ?? {})
        if (next && Object.keys(next).length > 0) data.profiles[profile] = next
        else delete data.profiles[profile]
        await this.write(data)
        return next
      },
      {wayOut: `remove ${this.file}.lock if no payctl is running`},
    )
  }

  private async write(data: CredentialsFile): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`)
  }
}
