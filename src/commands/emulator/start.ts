import {join} from 'node:path'
import {BaseCommand} from '../../cli/base-command.js'
import {startFailure} from '../../cli/emulator-start-failure.js'
import {controlAccess, emulatorStartBaseFlags, emulatorStartFlags} from '../../cli/flags/emulator-start-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {EXPOSED_CONTROL} from '../../emulator/http/access-policy.js'
import {NO_SQLITE} from '../../emulator/store/sqlite-driver.js'
import {ExitCode} from '../../shared/exit-codes.js'

export default class EmulatorStart extends BaseCommand<typeof EmulatorStart, 'emulatorRun'> {
  static override summary = 'Run the local emulator of the whole service in the foreground'

  static override description =
    `Serves the v1 and v2 APIs, hosted-session URLs, webhooks, an OAuth authorization server (sign-in and consent pages; seeded client cl_emulator_platform) and the /_emulator control routes on 127.0.0.1, from a SQLite database that survives restarts. The first start seeds a team with a wallet, EUR and USD balances and two API keys (one with every scope including payouts:approve, one with the default scopes), plus a second team; the built-in "local" profile uses the full key. On a terminal it prints one line per request it answers (--no-log-requests: none; "payctl emulator requests" lists them too). Stop it with Ctrl-C. See docs/emulator.md.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --port 0 --data :memory: --json',
    '<%= config.bin %> <%= command.id %> --data ./emulator.sqlite --reset',
    '<%= config.bin %> <%= command.id %> --variance --variance-seed 42',
    '<%= config.bin %> <%= command.id %> --host 0.0.0.0 --control-token',
  ]

  // No profile: the emulator serves the built-in one and needs none itself.
  static override baseFlags = emulatorStartBaseFlags
  static override flags = emulatorStartFlags

  async run(): Promise<Answer<'emulatorRun'>> {
    const {flags} = this
    const dataFile = flags.data ?? join(this.config.dataDir, 'emulator.sqlite')
    const [{startEmulator}, {runUntilStopped}, banner, identity] = await Promise.all([
      import('../../emulator/index.js'),
      import('../../operations/interrupt.js'),
      import('../../cli/output/emulator-banner.js'),
      import('../../services/emulator-control/emulator-proof.js'),
    ])
    const control = controlAccess(flags)
    const identityToken = identity.newIdentityToken()
    const emulator = await startEmulator({
      identityToken,
      port: flags.port,
      host: flags.host,
      dataFile,
      reset: flags.reset,
      autoConsent: flags['auto-consent'],
      variance: flags.variance ? {seed: flags['variance-seed']} : undefined,
      control,
      allowedHosts: flags['allow-host'],
      log: line => process.stderr.write(`${line}\n`),
    }).catch(async error => {
      const at = {...flags, dataDir: this.config.dataDir, noSqlite: NO_SQLITE, exposedControl: EXPOSED_CONTROL}
      throw await startFailure(error, at)
    })
    const forget = await identity.announceIdentity(this.config.dataDir, emulator, dataFile, identityToken)
    // Listening for Ctrl-C before the banner says "Press Ctrl-C".
    const stopping = runUntilStopped(async serving =>
      serving.onStop(async () => {
        await forget()
        await emulator.close()
      }),
    )
    const requests = (flags['log-requests'] ?? this.out.stdoutIsTTY) ? emulator.app.requests : undefined
    return shown(
      {...emulator, dataFile, autoConsent: flags['auto-consent'], control},
      {
        view: (started, out) => banner.showStarted(started, out, requests),
        json: (started, out) => out.write(`${banner.emulatorJson(started)}\n`),
        after: async () => {
          const stopped = await stopping
          this.out.info(`Emulator stopped (${stopped}).`)
          // Ctrl-C is an interruption (130) like in every long command; SIGTERM is a supervisor's normal stop.
          if (stopped === 'SIGINT') this.exit(ExitCode.interrupted)
          return {url: emulator.url, port: emulator.port, dataFile, stopped}
        },
      },
    )
  }
}
