import {lookAlikeOf} from '../../contract/look-alike.js'
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
