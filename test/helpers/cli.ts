import {spawn} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BIN = join(ROOT, 'bin', 'run.js')

/**
 * The CLI as a process: `node bin/run.js`, or the single executable when PAYCTL_TEST_EXE names it (.ci/exe.sh
 * runs the emulator suite so). Spawn `CLI[0]` with `[...CLI.slice(1), ...args]`.
 */
export const CLI: readonly string[] = process.env.PAYCTL_TEST_EXE
  ? [process.env.PAYCTL_TEST_EXE]
  : [process.execPath, BIN]

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** A fresh, isolated config/data/cache home for one test's payctl runs. */
export function isolatedHome(): {dir: string; env: Record<string, string>} {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-test-'))
  return {
    dir,
    env: {
      PAYCTL_CONFIG_DIR: join(dir, 'config'),
      PAYCTL_DATA_DIR: join(dir, 'data'),
      PAYCTL_CACHE_DIR: join(dir, 'cache'),
    },
  }
}

/** Runs the built CLI as a user would: a subprocess, no TTY, no colour. */
export function runCli(
  args: string[],
  options: {env?: Record<string, string | undefined>; input?: string; timeoutMs?: number} = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', ...options.env}
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN'])
      if (!(name in (options.env ?? {}))) delete env[name]
    for (const [name, value] of Object.entries(options.env ?? {})) if (value === undefined) delete env[name]
    const child = spawn(CLI[0], [...CLI.slice(1), ...args], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', d => {
      stdout += d
    })
    child.stderr.setEncoding('utf8').on('data', d => {
      stderr += d
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
    child.stdin.end(options.input ?? '')
  })
}

/** The flags of a small v2 payout (5.00 EUR) whose recipient is `a@example.com`, for `payouts create` runs. */
export const EMAIL_PAYOUT = ['--amount', '5', '--currency', 'EUR', '--description', 'x', '--email', 'a@example.com']
