import {once} from 'node:events'
import {constants, createWriteStream, type WriteStream} from 'node:fs'
import {chmod, lstat, mkdir, open, rename, rm} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {usageError} from './errors.js'
import {errnoCode} from './thrown.js'

/**
 * The one way payctl writes a file whole (reports, state files, credentials, secret files, saved deliveries): a
 * temporary file beside it (created exclusively, synced), then a rename over the path. A reader sees the old file
 * or the new one, never half of one, and a symbolic link at the path is refused (exit 2) rather than written
 * through: a link planted by another user cannot make payctl truncate its target.
 */

export interface AtomicOptions {
  /** Mode of the new file (default 0600). */
  mode?: number
  /** Names the file in errors (`--report FILE`); the path by default. */
  what?: string
}

/** Refuses a symbolic link at `path` (exit 2); a path that does not exist yet is fine. */
export async function refuseSymlink(path: string, what = path): Promise<void> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (info?.isSymbolicLink())
    throw usageError(`${what}: ${path} is a symbolic link; payctl does not write through one`, [
      'remove the link, or give the path of the file itself',
    ])
}

/** node:crypto costs every start memory: only a write, which is rare, loads it. */
const tempBeside = (path: string) =>
  join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}.tmp`,
  )

/** Writes `data` to `path` atomically (see above). */
export async function writeFileAtomic(path: string, data: string | Buffer, options: AtomicOptions = {}): Promise<void> {
  const mode = options.mode ?? 0o600
  await refuseSymlink(path, options.what)
  const temp = tempBeside(path)
  try {
    const handle = await open(temp, 'wx', mode)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await chmod(temp, mode)
    await rename(temp, path)
  } catch (error) {
    await rm(temp, {force: true})
    throw error
  }
}

/** A file written as a stream (a report written as an import goes): the path gets it whole when `commit` ends. */
export interface AtomicStream {
  readonly stream: WriteStream
  /** Ends the stream, syncs it and renames it over the path. */
  commit(): Promise<void>
  /** Ends the stream and removes the temporary file: the path keeps what it had. */
  discard(): Promise<void>
}

/** Opens a stream to a temporary file beside `path` (see above). */
export async function openAtomicStream(path: string, options: AtomicOptions = {}): Promise<AtomicStream> {
  const mode = options.mode ?? 0o600
  await refuseSymlink(path, options.what)
  const temp = tempBeside(path)
  const stream = createWriteStream(temp, {flags: 'wx', mode, encoding: 'utf8'})
  await once(stream, 'open')
  const close = async () => {
    if (!stream.closed) await new Promise<void>((resolve, reject) => stream.once('error', reject).end(resolve))
    const handle = await open(temp, 'r+')
    await handle.sync().finally(() => handle.close())
  }
  return {
    stream,
    async commit() {
      try {
        await close()
        await chmod(temp, mode)
        await rename(temp, path)
      } catch (error) {
        await rm(temp, {force: true})
        throw error
      }
    },
    async discard() {
      await close().catch(() => undefined)
      await rm(temp, {force: true})
    },
  }
}

/**
 * Opens a log payctl appends to (the MCP audit log): created with `mode` when missing, never through a symbolic
 * link (O_NOFOLLOW; refused with exit 2).
 */
export async function openAppendOnly(path: string, mode = 0o600, what = path) {
  try {
    return await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, mode)
  } catch (error) {
    if (errnoCode(error) === 'ELOOP') await refuseSymlink(path, what)
    throw error
  }
}

/**
 * Appends one line to a record payctl keeps (mode 0600, its folder 0700 when made) and resolves once the line is on
 * disk: a record that must hold before what it records is handed out.
 */
export async function appendLineSynced(path: string, line: string): Promise<void> {
  await mkdir(dirname(path), {recursive: true, mode: 0o700})
  const handle = await openAppendOnly(path)
  try {
    await handle.appendFile(line)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await chmod(path, 0o600)
}
