import {BaseCommand} from '../cli/base-command.js'
import {type Answer, shown} from '../cli/shown.js'
import {PayctlError} from '../shared/errors.js'

export default class Doctor extends BaseCommand<typeof Doctor, 'doctor'> {
  static override summary = 'Check the set-up: runtime, file modes, profile and credential, the service, clock, proxy.'
  static override description =
    `Each check passes, warns or fails, with a fix: the runtime (Node's version, or Bun inside the executables); NODE_OPTIONS or BUN_OPTIONS that load code (--require, --import, --preload); modes of the config directory (0700) and credentials file (0600); which profile and credential would be used and why (environment overrides included); token expiry; reachability and latency of the origin and whether it accepts the credential (one GET /api/v1/team); clock skew against the server's Date header; proxy variables (payctl connects directly); the emulator's database.

Exits 0 when nothing fails (warnings included), else with the exit code of the first failure (3 credentials or file modes, 7 unreachable, 1 otherwise). --json prints {ok, checks: [{name, status, detail, fix?}]}.`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'doctor'>> {
    const checks = await import('../services/doctor/doctor-checks.js')
    const results = [
      checks.runtimeCheck(),
      checks.runtimeOptionsCheck(),
      ...(await checks.fileModeChecks(this.config.configDir)),
    ]
    try {
      const profile = await this.session.profile()
      results.push(...checks.profileChecks(profile))
      if (profile.credentialSource !== 'none')
        results.push(...(await checks.serviceChecks(await this.session.client(), profile.origin)))
    } catch (error) {
      const {reportError} = await import('../services/errors/error-report.js')
      const report = reportError(error)
      results.push({
        name: 'profile',
        status: 'fail',
        detail: report.message,
        fix: report.suggestions.join('; '),
        exitCode: report.exitCode,
      })
    }
    results.push(checks.proxyCheck(), await checks.emulatorDatabaseCheck(this.config.dataDir))
    const failed = results.filter(check => check.status === 'fail')
    return shown(
      {ok: failed.length === 0, checks: results.map(({exitCode: _, ...check}) => check)},
      {
        view: (_, out) => {
          // Folded under the check's name on a terminal.
          for (const check of results) out.line(line(check, out.color), 6)
        },
        after: () => {
          if (failed.length)
            throw new PayctlError(
              `${failed.length} check${failed.length === 1 ? '' : 's'} failed: ${failed.map(c => c.name).join(', ')}`,
              {exitCode: failed[0].exitCode ?? 1, code: 'DOCTOR'},
            )
        },
      },
    )
  }
}

const MARK = {pass: 'ok  ', warn: 'warn', fail: 'FAIL'} as const

function line(
  check: {name: string; status: 'pass' | 'warn' | 'fail'; detail: string; fix?: string},
  color: {green(s: string): string; yellow(s: string): string; red(s: string): string},
): string {
  const paint = check.status === 'pass' ? color.green : check.status === 'warn' ? color.yellow : color.red
  return `${paint(MARK[check.status])}  ${check.name}: ${check.detail}${check.fix ? `\n      fix: ${check.fix}` : ''}`
}
