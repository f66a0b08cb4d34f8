import type {PayoutClient} from '../../client/index.js'
import {customIdArgument} from '../../contract/ids.js'
import {isId, isUuid} from '../../contract/primitives.js'
import {invalidInputError, usageError} from '../../shared/errors.js'
import {present} from '../../shared/present.js'
import {taxCheckInput, taxIdentityProblems} from './tax-rules.js'

/**
 * Checks the body's tax identity against the rules `GET /countries` publishes for its country and identity
 * type, before anything is written; a failed rule is an invalid-input error (exit 6) naming the rule.
 */
export async function checkTaxRules(client: PayoutClient, body: Record<string, unknown>): Promise<void> {
  const input = taxCheckInput(body)
  if (!input) return
  const problems = taxIdentityProblems(await client.v2.counterparties.countries(), input)
  if (problems.length)
    throw invalidInputError(`${problems.join('; ')}; nothing was sent`, [
      'see the rules with "payctl counterparties countries"',
    ])
}

/** A counterparty id argument (counterparty_<UUID>, or a bare UUID) or --custom-id; exactly one. */
export function counterpartyRef(id: string | undefined, customId: string | undefined): string {
  if (Boolean(id) === Boolean(customId)) throw usageError('give a counterparty id or --custom-id (exactly one)')
  if (customId !== undefined) return customIdArgument(customId)
  const value = present(id).trim()
  if (isUuid(value)) return `counterparty_${value.toLowerCase()}`
  if (!isId('counterparty_', value))
    throw usageError(`"${value}" is not a counterparty id (counterparty_<UUID>)`, [
      'pass your own key with --custom-id instead',
    ])
  return `counterparty_${value.slice('counterparty_'.length).toLowerCase()}`
}
