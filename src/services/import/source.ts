import {createWriteStream} from 'node:fs'
import {mkdtemp, rm, stat} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'
import {pipeline} from 'node:stream/promises'
import {usageError} from '../../shared/errors.js'

/**
 * The input file. An import reads it twice (validate, then send), so `-` (stdin) is first copied to a
 * private temporary file, streamed.
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
  let info: Awaited<ReturnType<typeof stat>>
  try {
    info = await stat(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw usageError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  if (!info.isFile()) throw usageError(`${file} is not a file`)
  return {path: file, label: basename(file), signature: () => signatureOf(file), cleanup: async () => undefined}
}

async function signatureOf(path: string): Promise<string> {
  const info = await stat(path)
  return `${info.size}:${info.mtimeMs}`
}
