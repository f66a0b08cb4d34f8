import {ENVIRONMENTS, normalizeOrigin, originProblem} from '../../config/profiles.js'
import {booleanInput, optionInput, parsedInput, textInput} from './field.js'

/** The profile a `profiles` operation adds or changes, by name. */
export const profileNameInput = textInput({summary: 'Profile name.', required: true, positional: true})

/** Where a profile's service is: an http(s) origin, normalized. */
export const originInput = parsedInput(
  value => {
    const problem = originProblem(value)
    if (problem) throw new Error(problem)
    return normalizeOrigin(value)
  },
  {summary: 'Origin of the service, scheme and host only (e.g. https://api.example.com).'},
)

export const environmentInput = optionInput(ENVIRONMENTS, {
  summary: 'production or sandbox (keys are environment-specific).',
})

/** `profiles set --allow-agent-money`: the profile's own key for the money tools of `payctl mcp` on production. */
export const allowAgentMoneyInput = booleanInput({
  allowNo: true,
  summary: 'Let `payctl mcp --allow-money` offer money tools.',
})
