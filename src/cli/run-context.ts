import type {OperationContext} from '../operations/operation-context.js'
import type {Session} from '../operations/session.js'
import type {Output} from './output/output.js'

/**
 * What a command run's operations get: its session, its output as their reporter, and the production confirmation
 * (src/cli/confirm.ts) of its profile, which --yes (`yes`) skips.
 */
export function runContext(session: Session, out: Output, yes: boolean): OperationContext {
  return {
    session,
    report: out,
    audience: out.json ? 'script' : 'person',
    confirm: async summary => {
      const {confirmProductionAction} = await import('./confirm.js')
      const {environment} = await session.profile()
      await confirmProductionAction({environment, yes, summary, out})
    },
  }
}
