import {createHash} from 'node:crypto'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import {FREE_TEXT_FIELDS} from '../../contract/primitives.js'
import {fitsRequest} from '../../contract/request-problems.js'
import {createCounterpartyBody} from '../../contract/requests/counterparty-requests.js'
import {fieldOf} from '../../shared/json-object.js'
import type {ColumnSpec} from '../import/validate/headers.js'
import {type Cells, RowCheck, type RowResult, type RowSchema} from '../import/validate/import-schema.js'
import {
  bodyFieldProblems,
  COUNTERPARTY_FIELDS,
  type CounterpartyFlags,
  flagsFragment,
  missingOnCreate,
  NAME_FIELDS,
  withDefaultIdentityType,
} from './counterparty-input.js'

/**
 * A row of `counterparties import`: one counterparty, its columns named like the flags of `counterparties
 * create` (matched as payout columns are: `custom-id`, `customId` and `Custom ID` are one column). The
 * same checks as the command's flags run on every row; the service's rules (countries, payment methods)
 * are checked by counterparty-import-checks.ts before anything is sent.
 */

type Flag = keyof CounterpartyFlags

/** Written as the flags normalise them, so a row and the same counterparty created by hand compare equal. */
const NORMALISE: Partial<Record<Flag, (value: string) => string>> = {
  country: value => value.toUpperCase(),
  'birth-place-country': value => value.toUpperCase(),
  'payment-currency': value => value.toUpperCase(),
  iban: value => value.replace(/\s+/g, '').toUpperCase(),
}

/** The API's field name as a second name of a column, where it is not already the flag's (`accountHolderName`). */
const ALIASES: Partial<Record<Flag, string[]>> = {'account-holder': ['accountHolderName']}

const COLUMNS: ColumnSpec[] = COUNTERPARTY_FIELDS.map(([, field, flag]) =>
  flag === 'custom-id'
    ? {name: 'customId'}
    : {name: flag, aliases: ALIASES[flag], freeText: FREE_TEXT_FIELDS.has(field)},
)

const FLAG_OF_PATH = new Map<string, Flag>(
  COUNTERPARTY_FIELDS.map(([group, field, flag]) => [group ? `${group}.${field}` : field, flag]),
)

const columnOf = (flag: Flag) => (flag === 'custom-id' ? 'customId' : flag)

/** What a counterparty body or a counterparty of the service says, field by field (the customId is its identity). */
export function counterpartyFacts(body: object): string {
  return JSON.stringify(
    COUNTERPARTY_FIELDS.filter(([, , flag]) => flag !== 'custom-id').map(([group, field]) => {
      const value = fieldOf(group ? fieldOf(body, group) : body, field)
      return value === undefined || value === null ? '' : String(value)
    }),
  )
}

export const counterpartyContent = (body: object) =>
  createHash('sha256').update(counterpartyFacts(body)).digest('hex').slice(0, 32)

export const counterpartyRowSchema: RowSchema<CounterpartyInput> = {
  api: 'v2',
  columns: COLUMNS,
  foreign: {
    names: ['amount', 'currency', 'description', 'recipientEmail', 'recipientPhone', 'counterpartyId'],
    hint: 'payouts are imported with "payctl payouts import"',
  },

  parse(cells: Cells, options, build): RowResult<CounterpartyInput> {
    const check = new RowCheck(cells, options)
    const values: CounterpartyFlags = {}
    for (const [, , flag] of COUNTERPARTY_FIELDS) {
      const value = cells.get(columnOf(flag))
      if (value !== undefined) (values as Record<string, string>)[flag] = NORMALISE[flag]?.(value) ?? value
    }
    const body = withDefaultIdentityType(flagsFragment(values))
    const missing = missingOnCreate(body)
    for (const {flag} of missing) check.fail(flag, `${flag} is required`)
    const reported = new Set(missing.map(({group, field}) => `${group}.${field}`))
    // The row's body checked as the service will check it, each problem named by its column.
    for (const problem of bodyFieldProblems(body, createCounterpartyBody)) {
      if (reported.has(problem.path)) continue
      const flag = FLAG_OF_PATH.get(problem.path)
      check.fail(flag ? columnOf(flag) : problem.path, problem.reason)
    }
    if (values.email !== undefined) check.lookAlike(columnOf('email'), values.email)
    for (const [, , flag] of NAME_FIELDS) {
      const name = values[flag]
      if (typeof name === 'string') check.lookAlikeName(columnOf(flag), name)
    }
    if (check.errors) return {errors: check.errors}
    if (!fitsRequest(createCounterpartyBody, body)) throw new Error('a row its checks passed is no create body')
    const customId = values['custom-id']
    return {row: {item: build ? body : undefined, customId, movesMoney: false}}
  },

  withCustomId: (item, customId) => Object.assign({customId}, item),
  content: item => counterpartyContent(item),
}
