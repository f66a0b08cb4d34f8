import {chmodSync, closeSync, existsSync, mkdirSync, openSync} from 'node:fs'
import {dirname} from 'node:path'

/**
 * The database holds the OAuth signing key and webhook secrets: its folder is created 0700 and the file and its
 * WAL companions are 0600 whatever the umask (SQLite gives the companions the database file's mode).
 */
export function preparePrivateDatabaseFile(file: string): void {
  const dir = dirname(file)
  if (!existsSync(dir)) {
    mkdirSync(dir, {recursive: true, mode: 0o700})
    chmodSync(dir, 0o700)
  }
  closeSync(openSync(file, 'a', 0o600))
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
    if (existsSync(path)) chmodSync(path, 0o600)
}
