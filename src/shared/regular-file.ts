import {stat} from 'node:fs/promises'
import {errnoCode} from './thrown.js'

/**
 * Why `path` cannot be read as a file of at most `maxBytes` (a FIFO would hang, /dev/zero never ends, a
 * directory fails with a raw error), or undefined when it can, or does not exist. Symlinks are followed.
 */
export async function notAFile(path: string, maxBytes = Number.POSITIVE_INFINITY): Promise<string | undefined> {
  let info: Awaited<ReturnType<typeof stat>>
  try {
    info = await stat(path)
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw error
  }
  if (info.isDirectory()) return 'is a directory, not a file'
  if (info.isFIFO()) return 'is a named pipe (FIFO), not a file'
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'is a device, not a file'
  if (!info.isFile()) return 'is not a regular file'
  if (info.size > maxBytes) return `is ${info.size} bytes; payctl reads at most ${maxBytes} bytes here`
  return undefined
}
