import {readFileSync} from 'node:fs'
import {link, mkdir, readFile, rm, stat, utimes, writeFile} from 'node:fs/promises'
import {hostname} from 'node:os'
import {dirname} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'
import {errnoCode} from '../shared/thrown.js'

/**
 * The one cross-process lock of payctl (config.json, credentials.json, an import's journal): a file `<target>.lock`
 * created with its content at once (written aside, then hard-linked into place), naming its holder: host, pid, the
 * process's start time (so a reused pid is told apart) and when it was taken. The holder touches the file every
 * `heartbeatMs`. A lock is taken over when its heartbeat is older than `staleMs`, or when it names this host and a
 * process that is gone (or a pid reused by another process). A lock naming another host, an impossible pid (0,
 * negative, our own) or no holder at all stops at once with one line naming the file, the holder and
 * --force-unlock; a live holder is waited for up to `timeoutMs`.
 */

export interface LockHolder {
  host: string
  pid: number
  /** Start time of the process in clock ticks since boot (/proc/PID/stat), where the system tells it. */
  processStart?: string
  since: string
}

export interface LockOptions {
  /** The ceiling of the wait for a live holder. */
  timeoutMs?: number
  staleMs?: number
  heartbeatMs?: number
  pollMs?: number
  /** Called once when a live holder makes us wait. */
  onWait?: (holder: LockHolder) => void
  signal?: AbortSignal
  /** Remove whatever lock is there first (--force-unlock). */
  force?: boolean
  /** What the error says to do (default: re-run with --force-unlock). */
  wayOut?: string
}

export interface HeldLock {
  release(): Promise<void>
}

export const LOCK_HELD = 'LOCK_HELD'

/** The start time of a process from /proc (Linux); undefined where there is no /proc or no such process. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errnoCode(error) === 'EPERM'
  }
}

const describe = (holder: Partial<LockHolder>) =>
  `process ${holder.pid ?? '?'} on ${holder.host ?? 'an unnamed host'}${holder.since ? ` since ${holder.since}` : ''}`

function heldError(path: string, why: string, wayOut: string | undefined): PayctlError {
  const way = wayOut ?? 're-run with --force-unlock if no payctl is running there'
  return new PayctlError(`${path} is locked: ${why}; ${way}`, {
    exitCode: ExitCode.conflict,
    code: LOCK_HELD,
  })
}

type Verdict = 'take-over' | 'wait' | {refuse: string}

/**
 * Locks this process holds or is creating, with a count of its tasks doing so: another task of the same process
 * waits for them instead of refusing its own pid.
 */
const heldHere = new Map<string, number>()
const hold = (path: string, change: 1 | -1) => {
  const count = (heldHere.get(path) ?? 0) + change
  if (count > 0) heldHere.set(path, count)
  else heldHere.delete(path)
}

/** What to do about the lock a holder left (undefined: no readable holder). */
function judge(path: string, holder: Partial<LockHolder> | undefined, ageMs: number, staleMs: number): Verdict {
  if (ageMs > staleMs) return 'take-over'
  if (heldHere.has(path)) return 'wait'
  if (!holder || typeof holder.host !== 'string' || !Number.isInteger(holder.pid))
    return {
      refuse:
        holder?.pid === undefined ? 'it names no holder' : `it names ${describe(holder)}, which payctl cannot check`,
    }
  const pid = holder.pid as number
  if (holder.host !== hostname()) return {refuse: `held by ${describe(holder)}, another host`}
  if (pid <= 0 || pid === process.pid) return {refuse: `it names ${describe(holder)}, which cannot hold it`}
  if (!running(pid)) return 'take-over'
  const start = processStart(pid)
  if (holder.processStart === undefined && start !== undefined)
    return {refuse: `held by ${describe(holder)}, which may be an unrelated process`}
  if (start !== undefined && start !== holder.processStart) return 'take-over'
  return 'wait'
}

/** A lock as read: its holder, its age, and which file it is (inode and modification time). */
interface Inspected {
  holder?: Partial<LockHolder>
  ageMs: number
  ino: number
  mtimeMs: number
}

async function inspect(path: string): Promise<Inspected | undefined> {
  try {
    const info = await stat(path)
    // A directory is the lock of an older payctl: no holder to check, its age tells whether it is stale.
    const text = info.isFile() ? await readFile(path, 'utf8') : ''
    let holder: Partial<LockHolder> | undefined
    try {
      const parsed = JSON.parse(text)
      holder = parsed && typeof parsed === 'object' ? parsed : undefined
    } catch {
      holder = undefined
    }
    return {holder, ageMs: Date.now() - info.mtimeMs, ino: info.ino, mtimeMs: info.mtimeMs}
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw error
  }
}

/** Creates the lock with its content in one step; false when it exists. */
async function tryCreate(path: string, holder: LockHolder): Promise<boolean> {
  // node:crypto is loaded here, not at start-up: it costs a command that takes no lock about 5 ms.
  const {randomBytes} = await import('node:crypto')
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(aside, JSON.stringify(holder), {mode: 0o600})
  hold(path, 1)
  try {
    await link(aside, path)
    return true
  } catch (error) {
    hold(path, -1)
    if (errnoCode(error) === 'EEXIST') return false
    throw error
  } finally {
    await rm(aside, {force: true})
  }
}

function heldLock(path: string, heartbeatMs: number): HeldLock {
  const beat = setInterval(() => {
    const now = new Date()
    utimes(path, now, now).catch(() => undefined)
  }, heartbeatMs)
  beat.unref()
  return {
    release: async () => {
      clearInterval(beat)
      await rm(path, {force: true})
      hold(path, -1)
    },
  }
}

/** A lock naming this process that another of its tasks released while we read it: look again. */
async function ownLockGone(path: string, holder: Partial<LockHolder> | undefined): Promise<boolean> {
  if (holder?.pid !== process.pid) return false
  const again = await inspect(path)
  return !again || again.holder?.since !== holder.since || heldHere.has(path)
}

/** How long a take-over may last before another process clears its guard (a taker killed half-way). */
const TAKEOVER_STALE_MS = 10_000

/**
 * Removes the stale lock `found`, and only that file: several processes may judge the same lock stale at once, and
 * one of them may already have taken it over and made its own in its place. So the removal happens under the guard
 * `<lock>.takeover` (created exclusively), once the lock is seen to be still the file judged (same inode, same
 * modification time: a live holder's heartbeat changes it). Whoever does not get the guard waits a moment and looks
 * again.
 */
async function removeStale(path: string, found: Inspected, pollMs: number | undefined): Promise<void> {
  const guard = `${path}.takeover`
  try {
    await writeFile(guard, String(process.pid), {flag: 'wx', mode: 0o600})
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error
    const info = await stat(guard).catch(() => undefined)
    if (info && Date.now() - info.mtimeMs > TAKEOVER_STALE_MS) await rm(guard, {force: true})
    await sleep(pollMs ?? 10 + Math.random() * 20)
    return
  }
  try {
    const now = await stat(path).catch(() => undefined)
    if (now && now.ino === found.ino && now.mtimeMs === found.mtimeMs) await rm(path, {recursive: true, force: true})
  } finally {
    await rm(guard, {force: true})
  }
}

/** Whether a live holder makes us wait (false: look again at once, the lock was taken over or went); throws a refusal. */
async function mustWait(path: string, found: Inspected, staleMs: number, options: LockOptions): Promise<boolean> {
  const verdict = judge(path, found.holder, found.ageMs, staleMs)
  if (verdict === 'wait') return true
  if (verdict === 'take-over') await removeStale(path, found, options.pollMs)
  else if (!(await ownLockGone(path, found.holder))) throw heldError(path, verdict.refuse, options.wayOut)
  return false
}

/** Takes the lock file `path` (see above). */
export async function acquireFileLock(path: string, options: LockOptions = {}): Promise<HeldLock> {
  await mkdir(dirname(path), {recursive: true, mode: 0o700})
  if (options.force) await rm(path, {recursive: true, force: true})
  const staleMs = options.staleMs ?? 60_000
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  const me: LockHolder = {host: hostname(), pid: process.pid, processStart: processStart(process.pid), since: ''}
  let told = false
  for (;;) {
    if (await tryCreate(path, {...me, since: new Date().toISOString()}))
      return heldLock(path, options.heartbeatMs ?? 10_000)
    const found = await inspect(path)
    if (!found || !(await mustWait(path, found, staleMs, options))) continue
    if (Date.now() > deadline)
      throw heldError(
        path,
        `still held by ${describe(found.holder ?? {})} after ${Math.round((options.timeoutMs ?? 15_000) / 1000)} s`,
        options.wayOut,
      )
    if (!told) {
      told = true
      options.onWait?.(found.holder as LockHolder)
    }
    await sleep(options.pollMs ?? 25 + Math.random() * 50, undefined, {signal: options.signal})
  }
}

/** Runs `fn` holding the lock on `target` (the file `<target>.lock`). */
export async function withFileLock<T>(target: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = await acquireFileLock(`${target}.lock`, options)
  try {
    return await fn()
  } finally {
    await lock.release()
  }
}
