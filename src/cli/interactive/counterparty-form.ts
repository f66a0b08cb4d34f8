import type {CounterpartyFlags} from '../../services/counterparties/counterparty-input.js'
import {type Answer, type AskedFlag, askFlag} from './ask-field.js'
import type {CreateForm, Summary} from './create-form.js'

type Flags = Record<string, unknown>

const inputModule = () => import('../../services/counterparties/counterparty-input.js')

/** The body the flags make, as the command makes it (identity.type defaults to individual). */
async function bodyOf(flags: Flags) {
  const {flagsFragment, withDefaultIdentityType} = await inputModule()
  return withDefaultIdentityType(flagsFragment(flags))
}

/**
 * `counterparties create`: the identity and address fields a create needs and the flags did not give (first and last
 * name, street, city, postal code, country), each checked by its flag and by the contract's request schema. With
 * --from-file the file is the input: nothing is asked.
 */
export function counterpartyForm(definitions: Record<string, AskedFlag>): CreateForm {
  return {
    what: 'counterparty',
    async missing(flags) {
      if (flags['from-file'] !== undefined) return []
      const {missingOnCreate} = await inputModule()
      return missingOnCreate(await bodyOf(flags)).map(({flag}) => flag)
    },

    async ask(_flags, missing) {
      const [{missingOnCreate, bodyFieldProblems, flagsFragment}, {createCounterpartyBody}] = await Promise.all([
        inputModule(),
        import('../../contract/requests/counterparty-requests.js'),
      ])
      const paths = new Map<string, string>(
        missingOnCreate({}).map(({group, field, flag}) => [flag, `${group}.${field}`]),
      )
      const answers: Record<string, Answer> = {}
      for (const name of missing) {
        // The field's own rule in the request schema (its length, its form), as the body is checked before it is sent.
        const check = (value: unknown) =>
          bodyFieldProblems(flagsFragment({[name]: value} as CounterpartyFlags), createCounterpartyBody).find(
            ({path}) => path === paths.get(name),
          )?.reason
        answers[name] = await askFlag(name, definitions[name], check)
      }
      return answers
    },

    async summary(flags): Promise<Summary> {
      const [{buildCreateBody}, {destinationOf}, {counterpartyName}] = await Promise.all([
        inputModule(),
        import('../../contract/destination.js'),
        import('../../services/counterparties/counterparty-search.js'),
      ])
      // The command's own checks of the whole body (required fields, the request schema, look-alike names).
      const body = await buildCreateBody(flags)
      const {address} = body
      const place = [address.line1, address.line2, [address.postalCode, address.city].join(' '), address.state]
      return {
        rows: [
          ['Name', counterpartyName({id: '', ...body})],
          ['Address', [...place, address.country].filter(Boolean).join(', ')],
          ...(body.email ? [['E-mail', body.email] as [string, string]] : []),
          ['Destination', destinationOf({}, body).line],
        ],
      }
    },
  }
}
