import {mkdir, open, readFile, rm} from 'node:fs/promises'
import {hostname} from 'node:os'
import {dirname} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

/**
 * One import of a file into a profile at a time: a lock file next to the journal, created exclusively,
 * naming the process that holds it. A second import of the same file waits for the first to finish (then
 * finds its rows in the journal); a lock left by a process that no longer runs on this host is taken over.
 */

export interface ImportLock {
  release(): Promise<void>
}

interface Holder {
  pid: number
  host: string
}

function alive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function holderOf(path: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(path, 'utf8'))
    return Number.isInteger(holder?.pid) && typeof holder.host === 'string' ? holder : undefined
  } catch {
    return undefined
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600)
    await handle.writeFile(JSON.stringify({pid: process.pid, host: hostname()}))
    await handle.close()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Takes the lock at `path`; while another live process holds it, calls `onWait` once with its pid and polls.
 * Rejects when `signal` is aborted while waiting.
 */
export async function acquireLock(
  path: string,
  options: {onWait?: (pid: number) => void; signal?: AbortSignal; pollMs?: number} = {},
): Promise<ImportLock> {
  await mkdir(dirname(path), {recursive: true, mode: 0o700})
  let told = false
  let unreadable = 0
  for (;;) {
    if (await tryCreate(path)) return {release: () => rm(path, {force: true})}
    const holder = await holderOf(path)
    // Unreadable: being written right now, or left half-written by a crash; a dead holder's lock is stale.
    unreadable = holder ? 0 : unreadable + 1
    if ((holder && !alive(holder)) || unreadable > 25) {
      await rm(path, {force: true})
      unreadable = 0
      continue
    }
    if (holder && !told) {
      told = true
      options.onWait?.(holder.pid)
    }
    await sleep(options.pollMs ?? 200, undefined, {signal: options.signal})
  }
}
