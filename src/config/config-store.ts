import {join} from 'node:path'
import type Conf from 'conf'
import {withFileLock} from './file-lock.js'
import {ensurePrivateDir, parseConfigFile, readConfigText} from './file-shape.js'
import {BUILTIN_LOCAL, LOCAL_PROFILE, type ProfileSettings, type StoredConfig} from './profiles.js'

/** Stored profiles with the built-in `local` beside them. */
export function withBuiltinLocal(profiles: Record<string, ProfileSettings>): Record<string, ProfileSettings> {
  return {[LOCAL_PROFILE]: BUILTIN_LOCAL, ...profiles}
}

/** Far more than any set of profiles; a bigger config.json is not one. */
export const MAX_CONFIG_BYTES = 1024 * 1024

/**
 * Profiles (no secrets) in the conf store (`config.json` under oclif's config dir). Reads parse that file
 * directly, so that API commands never pay for loading conf (and its JSON-schema validator); writes go
 * through conf.
 */
export class ConfigStore {
  private conf?: Conf<StoredConfig>

  constructor(private readonly configDir: string) {}

  get file(): string {
    return join(this.configDir, 'config.json')
  }

  private async store(): Promise<Conf<StoredConfig>> {
    if (!this.conf) {
      // A corrupted file is reported, never overwritten; the directory is private before conf writes into it.
      await this.read()
      await ensurePrivateDir(this.configDir)
      const {default: ConfClass} = await import('conf')
      this.conf = new ConfClass<StoredConfig>({
        cwd: this.configDir,
        configName: 'config',
        projectName: 'payctl',
        defaults: {profiles: {}},
        configFileMode: 0o600,
      })
    }
    return this.conf
  }

  async read(): Promise<StoredConfig> {
    if (this.conf) return {activeProfile: this.conf.get('activeProfile'), profiles: this.conf.get('profiles') ?? {}}
    const text = await readConfigText(this.file, MAX_CONFIG_BYTES)
    return text === undefined ? {profiles: {}} : parseConfigFile(this.file, text)
  }

  /** Every profile, the built-in `local` included. */
  async profiles(): Promise<Record<string, ProfileSettings>> {
    return withBuiltinLocal((await this.read()).profiles)
  }

  async activeProfile(): Promise<string> {
    return (await this.read()).activeProfile ?? LOCAL_PROFILE
  }

  /**
   * Every change reads and writes config.json under the lock credentials.json uses (file-lock.ts), so payctl
   * processes at once never lose each other's profiles (conf reads the file afresh on every get).
   */
  private async update(change: (conf: Conf<StoredConfig>) => void): Promise<void> {
    await ensurePrivateDir(this.configDir)
    // conf may write its defaults when it opens the file: that too happens under the lock.
    await withFileLock(this.file, async () => change(await this.store()), {
      wayOut: `remove ${this.file}.lock if no payctl is running`,
    })
  }

  async setProfile(name: string, settings: ProfileSettings): Promise<void> {
    await this.update(conf => conf.set('profiles', {...(conf.get('profiles') ?? {}), [name]: settings}))
  }

  async removeProfile(name: string): Promise<void> {
    await this.update(conf => {
      const profiles = {...(conf.get('profiles') ?? {})}
      delete profiles[name]
      conf.set('profiles', profiles)
      if (conf.get('activeProfile') === name) conf.delete('activeProfile')
    })
  }

  async setActive(name: string): Promise<void> {
    await this.update(conf => {
      if (name === LOCAL_PROFILE) conf.delete('activeProfile')
      else conf.set('activeProfile', name)
    })
  }
}
