import {readFile} from 'node:fs/promises'
import {acquireFileLock} from '../../config/file-lock.js'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {PayctlError, usageError} from '../../shared/errors.js'
import {untrustedFileProblem} from '../../shared/own-file.js'
import {notAFile} from '../../shared/regular-file.js'
import {testPause} from '../../shared/test-pause.js'
import {errnoCode} from '../../shared/thrown.js'

/**
 * The `--since-state FILE` of unattended runs (docs/scripting.md, "Unattended runs"): what the last
 * successful run saw, and the run it belongs to (command, profile, origin, filters), which a later run must
 * match exactly. Written only after the run's output is flushed, atomically (temp file + rename, 0600).
 */
export interface SinceState {
  version: 1
  command: string
  profile: string
  origin: string
  filters: Record<string, unknown>
  /** Transactions: the newest `createdAt` seen (the server's clock, never ours). */
  highWater?: string
  /** id -> fingerprint of what was last printed (or, for `payouts changes`, last seen). */
  seen: Record<string, string>
}

export type RunIdentity = Pick<SinceState, 'command' | 'profile' | 'origin' | 'filters'>

const flag = (path: string) => `--since-state ${path}`

/** The largest state file read: an id and a fingerprint per item seen, far below this for any real list. */
const MAX_STATE_BYTES = 256 * 1024 * 1024

/**
 * Before any read, refuses a FILE that is not a regular file (a FIFO would block the read, /dev/zero never ends),
 * and a FILE or folder another user could have written (src/shared/own-file.ts): a forged state hides what it
 * names as seen, silently and for good.
 */
export async function checkSinceStatePath(path: string): Promise<void> {
  const problem = await notAFile(path, MAX_STATE_BYTES)
  if (problem) throw usageError(`${flag(path)}: ${path} ${problem}`)
  const untrusted = await untrustedFileProblem(path)
  if (untrusted)
    throw usageError(`${flag(path)}: ${untrusted}`, [
      `use a state file in a folder only you can write (chmod go-w), or delete ${path} to start again`,
    ])
}

/** The state of the last successful run, or undefined before the first; refuses a file of another run. */
export async function readSinceState(path: string, run: RunIdentity): Promise<SinceState | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw usageError(`${flag(path)}: cannot read the file (${errnoCode(error) ?? error})`)
  }
  const state = parseState(text)
  if (!state) throw usageError(`${flag(path)}: not a payctl state file (delete it to start again)`)
  const difference = differenceOf(state, run)
  if (difference)
    throw usageError(`${flag(path)} belongs to another run (${difference}); use one state file per command and filters`)
  return state
}

function parseState(text: string): SinceState | undefined {
  try {
    const value = JSON.parse(text)
    const ok =
      value?.version === 1 &&
      typeof value.command === 'string' &&
      typeof value.profile === 'string' &&
      typeof value.origin === 'string' &&
      typeof value.filters === 'object' &&
      typeof value.seen === 'object' &&
      value.seen !== null
    return ok ? (value as SinceState) : undefined
  } catch {
    return undefined
  }
}

function differenceOf(state: SinceState, run: RunIdentity): string | undefined {
  if (state.command !== run.command) return `it was written by "payctl ${state.command}"`
  if (state.profile !== run.profile) return `profile ${state.profile}, not ${run.profile}`
  if (state.origin !== run.origin) return `origin ${state.origin}, not ${run.origin}`
  const before = JSON.stringify(state.filters)
  const now = JSON.stringify(run.filters)
  if (before !== now) return `filters ${before}, not ${now}`
  return undefined
}

/** Replaces the file atomically (src/shared/atomic-file.ts: 0600, synced, renamed; never through a symlink). */
export async function writeSinceState(path: string, state: SinceState): Promise<void> {
  try {
    await writeFileAtomic(path, `${JSON.stringify(state)}\n`, {what: flag(path)})
    await testPause('since-state saved')
  } catch (error) {
    if (error instanceof PayctlError) throw error
    throw usageError(`${flag(path)}: cannot write the file (${errnoCode(error) ?? error})`)
  }
}

/**
 * One run at a time per state file: the lock `FILE.lock` (src/config/file-lock.ts) names its holder. A lock
 * whose process is gone (a run killed with -9) is taken over, so the next run repeats the killed run's window;
 * a live holder is refused at once (exit 5), as a cron job must not wait behind the previous round.
 */
export async function lockSinceState(path: string): Promise<() => Promise<void>> {
  const lock = await acquireFileLock(`${path}.lock`, {
    timeoutMs: 0,
    wayOut: `try again after that run ends, or delete ${path}.lock if no payctl runs there`,
  })
  return () => lock.release()
}
