import {usageError} from '../../shared/errors.js'
import {emailInput, httpUrlInput} from '../inputs/common-inputs.js'
import {type InputOf, optionInput, textInput} from '../inputs/field.js'
import {operation} from '../operation.js'

/** What every hosted session takes: where the visitor returns, and whose branding it shows. */
const sessionInputs = {
  'redirect-url': httpUrlInput({
    summary: 'Where the user returns after finishing or leaving the screen (http or https URL).',
    required: true,
  }),
  branding: optionInput(['default', 'team', 'platform'], {
    summary:
      "default: the service's branding; team: your white-label subdomain and logo; platform: the OAuth client's team (OAuth logins only).",
  }),
}

const loginHintInput = emailInput({summary: 'E-mail of the team member expected to sign in (a hint only).'})

const common = (input: InputOf<typeof sessionInputs>) => ({
  redirectUrl: input['redirect-url'],
  branding: input.branding,
})
const loginHint = (hint: string | undefined) => (hint ? {loginHint: hint} : {})

/** `sessions approval`: the approval page of up to 100 payouts, for a team member. */
export const sessionsApproval = operation({
  id: 'sessions:approval',
  summary: 'Mint an approval URL: a team member reviews and approves pending payouts.',
  result: 'sessionUrl',
  inputs: {
    payout: textInput({summary: 'A payout to approve: a UUID or payout_<UUID> (repeatable).', multiple: true}),
    'custom-id': textInput({summary: 'A payout to approve, by your own customId (repeatable).', multiple: true}),
    'login-hint': loginHintInput,
    ...sessionInputs,
  },
  async run(input, context) {
    if (!input.payout?.length && !input['custom-id']?.length)
      throw usageError('give the payouts to approve: --payout ID or --custom-id KEY (repeatable)')
    const [{sessionPayoutKeys, v1PayoutIds}, {mintSession}] = await Promise.all([
      import('../../services/sessions/payout-ids.js'),
      import('./mint-session.js'),
    ])
    const keys = sessionPayoutKeys(input.payout, input['custom-id'])
    if (keys.length > 100) throw usageError(`an approval session takes at most 100 payouts, not ${keys.length}`)
    const payoutIds = await v1PayoutIds(await context.session.client(), keys)
    return mintSession(context, 'approval', {payoutIds, ...loginHint(input['login-hint'])}, common(input))
  },
})

/** `sessions payout`: the claim page of one payout, for its recipient. */
export const sessionsPayout = operation({
  id: 'sessions:payout',
  summary: 'Mint a claim URL for the recipient of a payout.',
  result: 'sessionUrl',
  inputs: {
    payout: textInput({summary: 'The payout: a UUID or payout_<UUID>.', exclusive: ['custom-id']}),
    'custom-id': textInput({summary: 'The payout, by your own customId.', exclusive: ['payout']}),
    ...sessionInputs,
  },
  async run(input, context) {
    if (!input.payout && !input['custom-id']) throw usageError('give the payout: --payout ID or --custom-id KEY')
    const [{sessionPayoutKeys, v1PayoutIds}, {mintSession}] = await Promise.all([
      import('../../services/sessions/payout-ids.js'),
      import('./mint-session.js'),
    ])
    const keys = sessionPayoutKeys(input.payout ? [input.payout] : [], input['custom-id'] ? [input['custom-id']] : [])
    const [payoutId] = await v1PayoutIds(await context.session.client(), keys)
    return mintSession(context, 'payout', {payoutId}, common(input))
  },
})

/** A screen for a team member, the one --login-hint names (`kind`: kyb or allowance). */
const memberSession = (kind: 'kyb' | 'allowance', summary: string) =>
  operation({
    id: `sessions:${kind}`,
    summary,
    result: 'sessionUrl',
    inputs: {'login-hint': loginHintInput, ...sessionInputs},
    async run(input, context) {
      const {mintSession} = await import('./mint-session.js')
      return mintSession(context, kind, loginHint(input['login-hint']), common(input))
    },
  })

/** `sessions kyb`: business verification, for a team member. */
export const sessionsKyb = memberSession('kyb', 'Mint a KYB URL: a team member completes business verification.')

/** `sessions allowance`: the daily spending allowance, for the team owner. */
export const sessionsAllowance = memberSession(
  'allowance',
  'Mint an allowance URL: the team owner sets the daily spending allowance.',
)
