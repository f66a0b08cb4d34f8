import {lstat, stat} from 'node:fs/promises'
import {dirname, resolve} from 'node:path'
import {usageError} from './errors.js'

/** Nothing at the path (or a file where a folder of it should be): undefined; any other failure is thrown. */
function absent(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
  throw error
}

/**
 * Why a file payctl reads as its own state cannot be trusted, as ssh judges its keys: the file (when it exists) and
 * the folder that holds it must belong to this user (or root) and be writable by no one else, and the file must not
 * be a symbolic link. Another user who can write either could make a run skip or repeat what it reports. Undefined
 * when it can be trusted; nothing is checked where there are no user ids (Windows).
 */
export async function untrustedFileProblem(path: string): Promise<string | undefined> {
  const me = process.getuid?.()
  if (me === undefined) return undefined
  const file = await lstat(path).catch(absent)
  if (file?.isSymbolicLink()) return `${path} is a symbolic link; payctl trusts only a file of its own here`
  const folder = dirname(resolve(path))
  // No folder yet: nothing there to distrust (payctl makes it, 0700, when it writes the file).
  const held = await stat(folder).catch(absent)
  return (file && problemOf(path, file, me, 'it')) ?? (held && problemOf(folder, held, me, `the folder ${folder}`))
}

function problemOf(path: string, info: {uid: number; mode: number}, me: number, what: string): string | undefined {
  if (info.uid !== me && info.uid !== 0)
    return `${path} is owned by uid ${info.uid}, not by you (uid ${me}); another user could have written ${what}`
  if (info.mode & 0o022)
    return `${path} is writable by ${info.mode & 0o002 ? 'every user' : 'its group'} (mode ${(info.mode & 0o7777).toString(8).padStart(4, '0')}); another user could have written ${what}`
  return undefined
}

/** Refuses (exit 2, one line naming the file) a state file `untrustedFileProblem` finds a problem with. */
export async function refuseUntrustedFile(path: string, what: string, wayOut: string): Promise<void> {
  const problem = await untrustedFileProblem(path)
  if (problem) throw usageError(`${what}: ${problem}`, [wayOut])
}
