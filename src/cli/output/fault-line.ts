import type {Fault} from '../../contract/control-bodies.js'

/** `#3  POST /api/v2/payouts*  status 503  2 left` */
export function faultLine(fault: Fault): string {
  let action = fault.action
  if (fault.action === 'status') action = `status ${fault.status}`
  if (fault.action === 'delay') action = `delay ${fault.delayMs} ms`
  return `#${fault.id}  ${fault.method} ${fault.path}*  ${action}  ${fault.remaining} left`
}
