import * as Args from '@oclif/core/args'

/** The profile a `profiles` command removes or makes active, by name; shared by profiles remove and use. */
export const profileNameArgs = {name: Args.string({required: true, description: 'Profile name.'})}
