import type {Config} from '@oclif/core/config'
import {Session} from '../operations/session.js'
import {jsonTerminalSafe} from '../shared/terminal-safe.js'
import type {Output} from './output/output.js'

/** What a run's session is made from: oclif's config, the command, its global flags and its output (once made). */
export interface RunSessionInput {
  config: Config
  id: string | undefined
  flags: {profile?: string; debug?: boolean} | undefined
  out: () => Output | undefined
}

/**
 * A command run's session (src/operations/session.ts): its profile, its --debug trace, and a warning on a terminal
 * when PAYCTL_API_KEY overrides the stored credentials (auth status says so itself).
 */
export function runSession({config, id, flags, out}: RunSessionInput): Session {
  return new Session({
    configDir: config.configDir,
    dataDir: config.dataDir,
    version: config.version,
    profile: flags?.profile,
    trace: flags?.debug ? traceWriter(out()?.json ?? false) : undefined,
    resolved: ({overridden, name}) => {
      const output = out()
      if (overridden && output?.stderrIsTTY && id !== 'auth:status')
        output.warn(
          `PAYCTL_API_KEY overrides the stored ${overridden === 'oauth' ? 'OAuth login' : 'API key'} of profile "${name}"`,
        )
    },
  })
}

/** Where --debug lines go: stderr, one JSON object a line under --json. */
const traceWriter =
  (json: boolean) =>
  (line: string): void => {
    process.stderr.write(json ? `${jsonTerminalSafe(JSON.stringify({debug: line}))}\n` : `[debug] ${line}\n`)
  }
