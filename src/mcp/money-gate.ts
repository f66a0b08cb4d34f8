import type {ToolGroup} from './tool-catalog.js'

export interface GateInput {
  /** `payctl mcp --allow-money`: the key of whoever starts the server. */
  allowMoney: boolean
  environment: 'production' | 'sandbox'
  /** The profile's own setting (`payctl profiles set NAME --allow-agent-money`): no tool can change it. */
  profileAllowsAgentMoney: boolean
  origin: string
}

export interface Gate {
  groups: ToolGroup[]
  /** Why money tools are off although --allow-money was given (for the person starting the server). */
  refusal?: string
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i

/**
 * The tool groups of a server: read and write always; money with --allow-money, and on a production profile only
 * when the profile allows agent money too (two keys); emulator controls on a loopback sandbox profile only, and
 * those that settle payouts (claim, trigger) only with the money tools.
 */
export function toolGroups(input: GateInput): Gate {
  const groups: ToolGroup[] = ['read', 'write']
  let refusal: string | undefined
  if (input.allowMoney) {
    if (input.environment !== 'production' || input.profileAllowsAgentMoney) groups.push('money')
    else refusal = 'money tools are off: this production profile does not allow agent money'
  }
  if (input.environment === 'sandbox' && LOOPBACK.test(new URL(input.origin).hostname)) {
    groups.push('emulator')
    // Claims and triggers settle emulator payouts, including ones a person approved: money tools too.
    if (groups.includes('money')) groups.push('emulator-money')
  }
  return {groups, refusal}
}
