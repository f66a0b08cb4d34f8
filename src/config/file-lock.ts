import {mkdir, rm, stat} from 'node:fs/promises'
import {setTimeout as delay} from 'node:timers/promises'

/**
 * A cross-process lock: a directory created atomically next to the file it guards. A lock older than
 * `staleMs` (a crashed process) is broken.
 */
export async function withFileLock<T>(
  target: string,
  fn: () => Promise<T>,
  options: {timeoutMs?: number; staleMs?: number} = {},
): Promise<T> {
  const lockDir = `${target}.lock`
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  const staleMs = options.staleMs ?? 30_000
  for (;;) {
    try {
      await mkdir(lockDir, {mode: 0o700})
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const info = await stat(lockDir).catch(() => undefined)
      if (info && Date.now() - info.mtimeMs > staleMs) {
        await rm(lockDir, {recursive: true, force: true})
        continue
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the lock on ${target}`)
      await delay(25 + Math.random() * 50)
    }
  }
  try {
    return await fn()
  } finally {
    await rm(lockDir, {recursive: true, force: true})
  }
}
