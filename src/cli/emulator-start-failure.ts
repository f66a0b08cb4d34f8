import {existsSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'

/**
 * The ways out when no SQLite driver loads (Node 20 without better-sqlite3), simplest first. The install compiles
 * when no prebuilt binary can be downloaded; `--nodedir` points node-gyp at this Node's own headers, so that it
 * does not download them (offline it cannot).
 */
export function noSqliteFixes(nodePath = process.execPath): string[] {
  const prefix = dirname(dirname(nodePath))
  const nodedir = existsSync(join(prefix, 'include', 'node', 'node_version.h')) ? ` --nodedir=${prefix}` : ''
  return [
    'simplest: the standalone executable, with SQLite inside (README, "Without Node: one file per platform")',
    'or run payctl on Node >= 22.13',
    `or install it (compiles for minutes where no prebuilt binary downloads): npm install -g better-sqlite3 --allow-scripts=better-sqlite3${nodedir}`,
  ]
}

/**
 * Why `emulator start` could not start, as a coded error with the way out: exit 1; 3 for a missing SQLite
 * driver (the installation's configuration); 2 for control routes exposed by the flags and for a port in use (the
 * flag names another port, as for `webhooks listen`). `noSqlite` and
 * `exposedControl`: the emulator's codes of those errors.
 */
export async function startFailure(
  error: Error & {code?: string},
  at: {port: number; host: string; noSqlite: string; exposedControl: string; dataDir: string},
): Promise<unknown> {
  if (error.code === at.noSqlite)
    return new PayctlError(error.message, {exitCode: ExitCode.auth, code: 'NO_SQLITE', suggestions: noSqliteFixes()})
  if (error.code === at.exposedControl)
    return new PayctlError(error.message, {exitCode: ExitCode.usage, code: 'EXPOSED_CONTROL'})
  if (error.code === 'EADDRINUSE') {
    const {portHolder} = await import('../services/emulator-control/emulator-proof.js')
    const holder = await portHolder(at.dataDir, at.host, at.port)
    return new PayctlError(`port ${at.port} on ${at.host} is in use by ${holder}`, {
      exitCode: ExitCode.usage,
      code: 'PORT_IN_USE',
      suggestions: ['pass --port 0 for a free one, or stop the other process'],
    })
  }
  return error
}
