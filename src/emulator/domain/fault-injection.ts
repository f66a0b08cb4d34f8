import type * as z from 'zod/mini'
import type {FaultAction, faultInputBody} from '../../contract/control-bodies.js'
import {ApiFailure, failureForStatus} from '../http/api-failure.js'

/**
 * Injected faults (the control table's `addFault`): the next `count` requests whose method matches and whose
 * path starts with `path` get the action. Kept in memory; a reset or restart clears them. A `status` fault may
 * name the error body's `code` and `message` and the `Retry-After` header (seconds or an HTTP date), so that
 * tests can answer what another server would.
 */

export interface Fault {
  id: number
  method: string
  path: string
  remaining: number
  action: FaultAction
  status?: number
  delayMs?: number
  code?: string
  message?: string
  retryAfter?: string
}

export class Faults {
  private faults: Fault[] = []
  private nextId = 1

  /** Registers the fault of a checked control body. */
  add(input: z.output<typeof faultInputBody>): Fault {
    const {method, path, count = 1, action, status, delayMs, code, message, retryAfter} = input
    const fault: Fault = {
      id: this.nextId++,
      method: method.toUpperCase(),
      path,
      remaining: Number(count),
      action,
      status: status === undefined ? undefined : Number(status),
      delayMs: delayMs === undefined ? undefined : Number(delayMs),
      code,
      message,
      // Seconds as a number, or the header's text as it is (seconds or an HTTP date).
      retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
    }
    this.faults.push(fault)
    return fault
  }

  /** Consumes one use of the first fault matching the request, if any. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.faults.find(f => (f.method === '*' || f.method === method) && path.startsWith(f.path))
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining <= 0) this.faults = this.faults.filter(f => f !== fault)
    return fault
  }

  /** The error a `status` fault answers `method` with. */
  failure(fault: Fault, method: string): ApiFailure {
    const status = fault.status ?? 500
    const standard = failureForStatus(status, fault.message ?? `injected fault: ${status} for ${method} ${fault.path}`)
    const headers = fault.retryAfter === undefined ? standard.headers : {'retry-after': fault.retryAfter}
    return new ApiFailure(status, fault.code ?? standard.code, standard.message, {headers})
  }

  list(): Fault[] {
    return this.faults.map(f => ({...f}))
  }

  clear(): void {
    this.faults = []
  }
}
