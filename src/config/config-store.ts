import type Conf from 'conf'
import {BUILTIN_LOCAL, LOCAL_PROFILE, type ProfileSettings, type StoredConfig} from './profiles.js'

/** Profiles (no secrets) in the conf store under oclif's config dir. conf is loaded only when needed. */
export class ConfigStore {
  private conf?: Conf<StoredConfig>

  constructor(private readonly configDir: string) {}

  private async store(): Promise<Conf<StoredConfig>> {
    if (!this.conf) {
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
    const conf = await this.store()
    return {activeProfile: conf.get('activeProfile'), profiles: conf.get('profiles') ?? {}}
  }

  /** Every profile, the built-in `local` included. */
  async profiles(): Promise<Record<string, ProfileSettings>> {
    const {profiles} = await this.read()
    return {[LOCAL_PROFILE]: BUILTIN_LOCAL, ...profiles}
  }

  async activeProfile(): Promise<string> {
    return (await this.read()).activeProfile ?? LOCAL_PROFILE
  }

  async setProfile(name: string, settings: ProfileSettings): Promise<void> {
    const conf = await this.store()
    conf.set('profiles', {...(conf.get('profiles') ?? {}), [name]: settings})
  }

  async removeProfile(name: string): Promise<void> {
    const conf = await this.store()
    const profiles = {...(conf.get('profiles') ?? {})}
    delete profiles[name]
    conf.set('profiles', profiles)
    if (conf.get('activeProfile') === name) conf.delete('activeProfile')
  }

  async setActive(name: string): Promise<void> {
    const conf = await this.store()
    if (name === LOCAL_PROFILE) conf.delete('activeProfile')
    else conf.set('activeProfile', name)
  }
}
