import type {Counterparty} from '../../contract/responses/counterparty-answers.js'
import type {Session} from '../../operations/session.js'
import {usageError} from '../../shared/errors.js'
import {formatAmount} from '../../shared/money.js'
import {type Answer, type AskedFlag, askFlag, PROMPT_IO} from './ask-field.js'
import type {CreateForm, Summary} from './create-form.js'

type Flags = Record<string, unknown>

/** The flags that name a payout's recipient: one of them is enough. */
const RECIPIENT_FLAGS = ['email', 'phone', 'counterparty', 'creator-handle'] as const

/** How many matches the counterparty search shows at once. */
const SHOWN_MATCHES = 20

/** The required flags not given; the currency first, since the amount's decimals depend on it. */
const missingRequired = (flags: Flags, definitions: Record<string, AskedFlag & {required?: boolean}>) =>
  Object.entries(definitions)
    .filter(([name, definition]) => definition.required && flags[name] === undefined)
    .map(([name]) => name)
    .sort((a, b) => Number(b === 'currency') - Number(a === 'currency'))

/** Whether a v2 creation lacks its recipient (a v1 creation may have none). */
async function lacksRecipient(flags: Flags): Promise<boolean> {
  if (RECIPIENT_FLAGS.some(name => flags[name] !== undefined)) return false
  const [{createInputOf}, {chooseApi}] = await Promise.all([
    import('../../operations/inputs/payout-create-inputs.js'),
    import('../../services/payouts/payout-plans.js'),
  ])
  try {
    return chooseApi(createInputOf(flags as never)) === 'v2'
  } catch {
    // Flags that contradict each other: the command says which.
    return false
  }
}

/** Searches the newest counterparties (read once, bounded) as the person types, and answers the one chosen. */
async function chooseCounterparty(session: Session): Promise<Counterparty> {
  const [{search}, {matchCounterparties, searchLine, counterpartyName, SEARCH_READ_LIMIT}, {counterpartiesToSearch}] =
    await Promise.all([
      import('@inquirer/prompts'),
      import('../../services/counterparties/counterparty-search.js'),
      import('../../operations/counterparties/counterparty-choices.js'),
    ])
  const {counterparties, complete} = await counterpartiesToSearch(session)
  if (!counterparties.length)
    throw usageError('this profile has no counterparties to choose from', [
      'create one with "payctl counterparties create", or pay an e-mail address or phone number',
    ])
  const among = complete ? '' : ` (among the newest ${SEARCH_READ_LIMIT})`
  return search<Counterparty>(
    {
      message: `Counterparty: type part of its name, e-mail or customId${among}`,
      pageSize: 10,
      source: term =>
        matchCounterparties(counterparties, term)
          .slice(0, SHOWN_MATCHES)
          .map(counterparty => ({
            name: searchLine(counterparty),
            value: counterparty,
            short: counterpartyName(counterparty),
          })),
    },
    PROMPT_IO,
  )
}

/**
 * `payouts create`: the required flags not given (currency, amount, description) and, for a v2 payout, a recipient:
 * an e-mail address, a phone number or a counterparty searched among the saved ones.
 */
export function payoutForm(definitions: Record<string, AskedFlag & {required?: boolean}>): CreateForm {
  let chosen: Counterparty | undefined
  return {
    what: 'payout',
    async missing(flags) {
      const missing = missingRequired(flags, definitions)
      return (await lacksRecipient(flags)) ? [...missing, 'recipient'] : missing
    },

    async ask(flags, missing, session) {
      const answers: Record<string, Answer> = {}
      const {amountProblem} = await import('../../shared/money.js')
      for (const name of missing.filter(name => name !== 'recipient')) {
        const currency = () => String(answers.currency?.value ?? flags.currency ?? '')
        answers[name] = await askFlag(name, definitions[name], value =>
          name === 'amount' ? amountProblem(String(value), currency()) : undefined,
        )
      }
      if (!missing.includes('recipient')) return answers
      const {select} = await import('@inquirer/prompts')
      const kind = await select(
        {
          message: 'Who is paid',
          choices: [
            {name: 'An e-mail address', value: 'email'},
            {name: 'A phone number', value: 'phone'},
            {name: 'A saved counterparty (search)', value: 'counterparty'},
          ] as const,
        },
        PROMPT_IO,
      )
      if (kind !== 'counterparty') answers[kind] = await askFlag(kind, definitions[kind])
      else {
        chosen = await chooseCounterparty(session)
        answers.counterparty = {typed: chosen.id, value: chosen.id}
      }
      return answers
    },

    async summary(flags, session): Promise<Summary> {
      const [{createInputOf}, {planCreate}, {draftDestination}] = await Promise.all([
        import('../../operations/inputs/payout-create-inputs.js'),
        import('../../services/payouts/payout-plans.js'),
        import('../../operations/payouts/draft-destination.js'),
      ])
      const input = createInputOf(flags as never)
      // The command's own checks of the whole payout, before anything is shown or sent.
      const plan = planCreate(input)
      const destination = await draftDestination(session, plan.body)
      return {
        rows: [
          ['Amount', `${formatAmount(input.amount, input.currency)} ${input.currency}`],
          ['Description', input.description],
          ['Destination', destination],
          ...(chosen ? [['Counterparty', chosen.id] as [string, string]] : []),
          ...(input.andThen ? [['Then', input.andThen] as [string, string]] : []),
          ['API', plan.api],
        ],
      }
    },
  }
}
