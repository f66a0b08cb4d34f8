import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {ENVIRONMENTS, normalizeOrigin, originProblem} from '../../config/profiles.js'

/** --origin validated as an http(s) origin and normalized; shared by profiles add and set. */
export const originFlag = Flags.custom<string>({
  summary: 'Origin of the service, scheme and host only (e.g. https://api.example.com).',
  parse: async value => {
    const problem = originProblem(value)
    if (problem) throw new Error(problem)
    return normalizeOrigin(value)
  },
})

export const environmentFlag = Flags.option({
  options: ENVIRONMENTS,
  summary: 'production or sandbox (keys are environment-specific).',
})

/** The profile a `profiles` command changes, by name; shared by profiles add, set, remove and use. */
export const profileNameArgs = {name: Args.string({required: true, description: 'Profile name.'})}
