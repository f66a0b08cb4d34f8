import type {FaultAction} from '../../contract/control-bodies.js'
import {ApiFailure, failureForStatus} from '../http/api-failure.js'
import {Checker} from './input-checker.js'

/**
 * Injected faults (`POST /_emulator/faults`): the next `count` requests whose method matches and whose
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

const ACTIONS: readonly FaultAction[] = ['status', 'delay', 'drop', 'drop-after-commit']

export class Faults {
  private faults: Fault[] = []
  private nextId = 1

  /** Validates a control-route body and registers the fault. */
  add(body: unknown): Fault {
    const check = new Checker()
    const input = check.strictObject(body, '', [
      'method',
      'path',
      'count',
      'action',
      'status',
      'delayMs',
      'code',
      'message',
      'retryAfter',
    ])
    check.throwIfAny()
    const method = check.string(input!, 'method', {required: true, pattern: /^(\*|[A-Za-z]+)$/})
    const path = check.string(input!, 'path', {required: true, pattern: /^\//, patternMessage: 'must start with /'})
    const count = check.integer(input!.count ?? 1, 'count', 1, 1_000_000)
    const action = check.string(input!, 'action', {required: true, oneOf: ACTIONS}) as FaultAction | undefined
    const status = check.integer(input!.status, 'status', 100, 599)
    const delayMs = check.integer(input!.delayMs, 'delayMs', 0, 600_000)
    const code = check.string(input!, 'code', {pattern: /^[A-Za-z0-9_.-]{1,64}$/})
    const message = check.string(input!, 'message', {pattern: /^[^\u0000-\u001F\u007F]{1,500}$/})
    // Seconds as a number, or the header's text as it is (seconds or an HTTP date).
    const retryAfter =
      typeof input!.retryAfter === 'number'
        ? check.integer(input!.retryAfter, 'retryAfter', 0, 99_999_999_999)?.toString()
        : check.string(input!, 'retryAfter', {pattern: /^[A-Za-z0-9 ,:.-]{1,64}$/})
    if (action === 'status' && status === undefined && !check.details.length)
      check.fail('status', 'is required for action status')
    if (action === 'delay' && delayMs === undefined && !check.details.length)
      check.fail('delayMs', 'is required for action delay')
    check.throwIfAny()
    const fault: Fault = {
      id: this.nextId++,
      method: method!.toUpperCase(),
      path: path!,
      remaining: count!,
      action: action!,
      status,
      delayMs,
      code,
      message,
      retryAfter,
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
