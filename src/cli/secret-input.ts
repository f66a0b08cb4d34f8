import {usageError} from '../shared/errors.js'
import {readStdin} from '../shared/stdin.js'

/**
 * Reads a secret without it ever being a flag value (shell history): a hidden prompt on a TTY, else stdin.
 * Without a TTY and with nothing piped in, fails at once (exit 2) instead of hanging.
 */
export async function readSecret(what: string, hint: string): Promise<string> {
  if (process.stdin.isTTY) {
    const {password} = await import('@inquirer/prompts')
    const value = (await password({message: `${what}:`, mask: false}, {output: process.stderr})).trim()
    if (!value) throw usageError(`no ${what} given`)
    return value
  }
  const value = (await readStdin()).trim()
  if (!value) throw usageError(`no ${what} on stdin and no terminal to ask on`, [hint])
  return value
}
