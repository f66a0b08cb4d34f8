/**
 * A value as one word of a POSIX shell command line, so that advice such as "payctl payouts import-status
 * 'my file.csv' --retry-failed" can be pasted as it is: plain words stay as they are, others are single-quoted.
 */
export function shellWord(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value
  return `'${value.replaceAll("'", `'\\''`)}'`
}

/** The import-status command that retries the failed rows of an import of `file` (`-`, stdin: the rows saved to a file). */
export const retryFailedCommand = (file: string) =>
  `payctl payouts import-status ${file === '-' ? 'FILE (the same rows, saved to a file)' : shellWord(file)} --retry-failed`
