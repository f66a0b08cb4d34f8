import {readFile, stat} from 'node:fs/promises'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {errnoCode} from '../../shared/thrown.js'

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * `webhooks listen --secret-file FILE`: sets `NAME=secret` in an app's .env file. An existing `NAME=` line
 * (also `export NAME=`) is replaced in place, every other line is kept; the file is replaced atomically with mode
 * 0600 (src/shared/atomic-file.ts: never through a symlink).
 * Answers a warning when an existing file can be read by other users.
 */
export async function writeSecretFile(file: string, name: string, secret: string): Promise<string | undefined> {
  let text = ''
  let warning: string | undefined
  try {
    text = await readFile(file, 'utf8')
    if (((await stat(file)).mode & 0o077) !== 0)
      warning = `${file} can be read by other users of this machine; chmod 600 ${file} keeps the secret yours`
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error
  }
  const line = `${name}=${secret}`
  const pattern = new RegExp(`^(export\\s+)?${name}=.*$`, 'm')
  let next: string
  if (pattern.test(text)) next = text.replace(pattern, (_match, exported = '') => `${exported}${line}`)
  else next = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`
  await writeFileAtomic(file, next, {what: '--secret-file'})
  return warning
}
