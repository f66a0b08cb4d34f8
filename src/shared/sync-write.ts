import {writeSync} from 'node:fs'

/**
 * Writes all of `text` at the file's position, synchronously: a few KB into the page cache cost less than a hand-off
 * to Node's thread pool, which on a busy machine costs a context switch each (the import's journal and row store).
 */
export function writeAllSync(fd: number, text: string): void {
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at)
}
