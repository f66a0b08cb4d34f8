import {BaseCommand} from '../cli/base-command.js'
import {type Answer, shown} from '../cli/shown.js'

export default class Version extends BaseCommand<typeof Version, 'version'> {
  static override summary = "Print payctl's version, platform and runtime (as --version does)."
  static override description =
    'The same line as "payctl --version": name/version platform-arch runtime. --json prints {name, version, platform, arch, runtime}.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'version'>> {
    const {name, version, platform, arch, userAgent} = this.config
    const runtime = userAgent.split(' ').at(-1) ?? ''
    return shown({name, version, platform, arch, runtime}, {view: (_, out) => out.write(`${userAgent}\n`)})
  }
}
