import {lookAlikeOf, nameLookAlikeOf} from '../../contract/look-alike.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'

/** The flag a person passes to send money to a look-alike address all the same (never offered to MCP agents). */
export const ALLOW_CONFUSABLE = 'allow-confusable'

/**
 * Refuses an address that could pass for another (src/contract/look-alike.ts) unless the person allowed it with
 * --allow-confusable: exit 6, code LOOK_ALIKE_ADDRESS, naming the domain as DNS sees it.
 */
export function refuseLookAlike(address: string | undefined, field: string, allowed: boolean | undefined): void {
  if (address === undefined || allowed) return
  const lookAlike = lookAlikeOf(address)
  if (!lookAlike) return
  throw new PayctlError(
    `${field} "${address}" could pass for another address: ${lookAlike.reason} (domain ${lookAlike.punycode})`,
    {
      exitCode: ExitCode.invalidInput,
      code: 'LOOK_ALIKE_ADDRESS',
      data: {address, punycode: lookAlike.punycode, reason: lookAlike.reason},
      suggestions: [
        `check the address with its owner; if it is right, a person re-runs the command with --${ALLOW_CONFUSABLE} (MCP tools cannot)`,
      ],
    },
  )
}

/**
 * Refuses a name a person reads to know who is paid (a counterparty's first, last or business name, an account
 * holder) that could pass for another (`Аda` with a Cyrillic А, a zero-width space), unless the person allowed it
 * with --allow-confusable: exit 6, code LOOK_ALIKE_NAME.
 */
export function refuseLookAlikeName(name: string | undefined, field: string, allowed: boolean | undefined): void {
  if (name === undefined || allowed) return
  const reason = nameLookAlikeOf(name)
  if (!reason) return
  throw new PayctlError(`${field} "${name}" could pass for another name: ${reason}`, {
    exitCode: ExitCode.invalidInput,
    code: 'LOOK_ALIKE_NAME',
    data: {name, reason},
    suggestions: [
      `check the name with its owner; if it is right, a person re-runs the command with --${ALLOW_CONFUSABLE} (MCP tools cannot)`,
    ],
  })
}
