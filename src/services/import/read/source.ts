import {createWriteStream} from 'node:fs'
import {mkdtemp, rm, stat} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'
import {pipeline} from 'node:stream/promises'
import {usageError} from '../../../shared/errors.js'
import {notAFile} from '../../../shared/regular-file.js'
import {errnoCode, messageOf} from '../../../shared/thrown.js'

/**
 * The input file. An import reads it twice (validate, then send), so `-` (stdin) is first copied to a
 * private temporary file, streamed. A named file that is not a regular file (a FIFO would hang, a device such as
 * /dev/zero never ends, a directory) is refused before it is read, as a usage error (exit 2) naming what it is.
 */

export interface Source {
  path: string
  /** For messages and the journal: the file's name, or "stdin". */
  label: string
  /** Size and modification time, to notice a file changed between the validation and the sending pass. */
  signature(): Promise<string>
  cleanup(): Promise<void>
}

export async function openSource(file: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<Source> {
  if (file === '-') {
    const dir = await mkdtemp(join(tmpdir(), 'payctl-import-'))
    const path = join(dir, 'stdin.csv')
    await pipeline(stdin, createWriteStream(path, {mode: 0o600}))
    return {
      path,
      label: 'stdin',
      signature: async () => signatureOf(path),
      cleanup: () => rm(dir, {recursive: true, force: true}),
    }
  }
  try {
    await stat(file)
  } catch (error) {
    const code = errnoCode(error)
    throw usageError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : messageOf(error)}`)
  }
  const why = await notAFile(file)
  if (why) throw usageError(`${file} ${why}`)
  return {path: file, label: basename(file), signature: () => signatureOf(file), cleanup: async () => undefined}
}

async function signatureOf(path: string): Promise<string> {
  const info = await stat(path)
  return `${info.size}:${info.mtimeMs}`
}
