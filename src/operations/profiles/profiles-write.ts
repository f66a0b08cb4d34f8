import {type Environment, productionOriginProblem, profileNameProblem} from '../../config/profiles.js'
import {usageError} from '../../shared/errors.js'
import {present} from '../../shared/present.js'
import {booleanInput} from '../inputs/field.js'
import {allowAgentMoneyInput, environmentInput, originInput, profileNameInput} from '../inputs/profile-inputs.js'
import {operation} from '../operation.js'

/** The profiles of this configuration, and the production rule every change of one is held to. */
async function profileStore(configDir: string) {
  const {ConfigStore} = await import('../../config/config-store.js')
  const config = new ConfigStore(configDir)
  return {
    config,
    profiles: await config.profiles(),
    /** A production profile needs an https origin; `named` is the flag the refusal names. */
    checkOrigin(settings: {environment: Environment; origin: string}, named: string) {
      const insecure = productionOriginProblem(settings.environment, settings.origin)
      if (insecure) throw usageError(`${named}: ${insecure}`)
    },
  }
}

/** `profiles add`: a new profile, its name checked, made active when asked. */
export const profilesAdd = operation({
  id: 'profiles:add',
  summary: 'Add a profile: a name, an environment and an origin.',
  result: 'profileSettings',
  inputs: {
    name: profileNameInput,
    origin: {...originInput, required: true},
    environment: {...environmentInput, required: true},
    use: booleanInput({summary: 'Make it the active profile.'}),
  },
  async run({name, origin, environment, use}, context) {
    const problem = profileNameProblem(name)
    if (problem) throw usageError(problem)
    const store = await profileStore(context.session.configDir)
    if (store.profiles[name])
      throw usageError(`profile "${name}" exists already`, [`change it with "payctl profiles set ${name}"`])
    const settings = {environment, origin: present(origin)}
    store.checkOrigin(settings, '--origin')
    await store.config.setProfile(name, settings)
    if (use) await store.config.setActive(name)
    return {value: {name, ...settings, active: use}}
  },
})

/** `profiles set`: the settings given change; the credentials stay. */
export const profilesSet = operation({
  id: 'profiles:set',
  summary: "Change a profile's origin, environment, or whether agents may move money.",
  result: 'profileSettings',
  inputs: {
    name: profileNameInput,
    origin: originInput,
    environment: environmentInput,
    'allow-agent-money': allowAgentMoneyInput,
  },
  async run({name, origin, environment, 'allow-agent-money': money}, context) {
    if (!origin && !environment && money === undefined)
      throw usageError('give --origin, --environment and/or --allow-agent-money')
    const store = await profileStore(context.session.configDir)
    const current = store.profiles[name]
    if (!current) throw usageError(`unknown profile "${name}"`, ['run "payctl profiles list"'])
    const next = {
      ...current,
      ...(origin ? {origin} : {}),
      ...(environment ? {environment} : {}),
      ...(money === undefined ? {} : {allowAgentMoney: money}),
    }
    store.checkOrigin(next, origin ? '--origin' : '--environment')
    await store.config.setProfile(name, next)
    return {value: {name, ...next}}
  },
})
