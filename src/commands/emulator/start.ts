import {mkdir} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {Command} from '@oclif/core/command'
import * as Flags from '@oclif/core/flags'
import {NO_SQLITE} from '../../emulator/store/driver.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'

export default class EmulatorStart extends Command {
  static override summary = 'Run the local emulator of the whole service in the foreground'

  static override description =
    `Serves the v1 and v2 APIs, hosted-session URLs, webhooks, an OAuth authorization server (sign-in and consent pages; seeded client cl_emulator_platform) and the /_emulator control routes on 127.0.0.1, from a SQLite database that survives restarts. The first start seeds a team with a wallet, EUR and USD balances and two API keys (one with every scope including payouts:approve, one with the default scopes), plus a second team; the built-in "local" profile uses the full key. Stop it with Ctrl-C. See docs/emulator.md.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --port 0 --data :memory: --json',
    '<%= config.bin %> <%= command.id %> --data ./emulator.sqlite --reset',
    '<%= config.bin %> <%= command.id %> --port 0 --data :memory: --json --auto-consent',
  ]

  static override flags = {
    port: Flags.integer({summary: 'Port to listen on; 0 picks a free one.', default: 4010, min: 0, max: 65_535}),
    host: Flags.string({summary: 'Interface to listen on.', default: '127.0.0.1'}),
    data: Flags.string({
      summary: 'SQLite database file, or :memory: for a throw-away emulator.',
      description: 'Default: emulator.sqlite in the data directory of payctl (PAYCTL_DATA_DIR overrides it).',
    }),
    reset: Flags.boolean({summary: 'Empty the database and seed it again before starting.', default: false}),
    'auto-consent': Flags.boolean({
      summary: 'For automated tests: an OAuth login_hint of a team member signs in and consents without the pages.',
      default: false,
    }),
    json: Flags.boolean({
      summary: 'Print one JSON line (url, port, team, keys) on stdout once listening, nothing else.',
      default: false,
    }),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(EmulatorStart)
    const dataFile = flags.data ?? join(this.config.dataDir, 'emulator.sqlite')
    if (dataFile !== ':memory:') await mkdir(dirname(dataFile), {recursive: true})

    const {startEmulator} = await import('../../emulator/index.js')
    let emulator: Awaited<ReturnType<typeof startEmulator>>
    try {
      emulator = await startEmulator({
        port: flags.port,
        host: flags.host,
        dataFile,
        reset: flags.reset,
        autoConsent: flags['auto-consent'],
        log: line => process.stderr.write(`${line}\n`),
      })
    } catch (error) {
      const code = (error as {code?: string}).code
      if (code === NO_SQLITE) {
        process.stderr.write(`Error: ${(error as Error).message}\n`)
        this.exit(ExitCode.unexpected)
      }
      if (code === 'EADDRINUSE')
        this.error(
          `port ${flags.port} on ${flags.host} is in use; pass --port 0 for a free one or stop the other process`,
          {
            exit: ExitCode.unexpected,
          },
        )
      throw error
    }

    const {seed, url, port} = emulator
    // Listening for Ctrl-C before saying "Press Ctrl-C".
    const {watchInterrupts} = await import('../../cli/interrupt.js')
    const interrupts = watchInterrupts()
    if (flags.json) {
      this.log(
        JSON.stringify({
          url,
          port,
          teamId: seed.teamId,
          keys: seed.keys,
          otherTeam: seed.otherTeam,
        }),
      )
    } else {
      this.log(`Emulator listening on ${url}`)
      this.log(`Data:        ${dataFile}`)
      this.log(`Team:        ${seed.teamId}`)
      this.log(`Full key:    ${seed.keys.full}   (every scope, including payouts:approve)`)
      this.log(`Default key: ${seed.keys.default}   (default scopes)`)
      this.log(`Other team:  ${seed.otherTeam.teamId}   key ${seed.otherTeam.keys.full}`)
      this.log(
        `OAuth:       client ${LOCAL_EMULATOR.oauthClientId}, sign in as owner@example.com${flags['auto-consent'] ? ' (auto-consent on)' : ''}`,
      )
      this.log('Control routes under /_emulator (docs/emulator.md). Press Ctrl-C to stop.')
    }

    const signal = await interrupts.stopped
    await emulator.close()
    interrupts.dispose()
    if (!flags.json) this.logToStderr(`Emulator stopped (${signal}).`)
    // Ctrl-C is an interruption (130) like in every long command; SIGTERM is a supervisor's normal stop.
    if (signal === 'SIGINT') this.exit(ExitCode.interrupted)
  }
}
