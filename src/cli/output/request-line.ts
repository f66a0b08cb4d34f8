import type {ControlRequest} from '../../contract/control-bodies.js'
import type {Palette} from './colors.js'
import {visibleLength} from './fold.js'
import type {Output} from './output.js'
import {clockTime} from './webhook-delivery-line.js'

/**
 * One line per request the emulator answered (`emulator start`, `emulator requests`):
 * `14:03:07 GET    /api/v2/payouts?limit=2 200 12 ms req_5f0c…` (78 columns with the whole request id). On a
 * terminal narrower than that, two lines: the time, method, status, milliseconds and request id, then the path
 * under them, its UUIDs shown by their first 8 digits (the whole path is in `emulator requests --json`).
 */
export function requestLine(entry: RequestShown, color: Palette, columns?: number): string {
  const status = entry.status === null ? color.red('---') : statusColor(entry.status, color)(String(entry.status))
  const method = entry.method.padEnd(6)
  const line = [clockTime(entry.at), method, entry.path, status, `${entry.ms} ms`, entry.requestId].join(' ')
  if (!columns || visibleLength(line) <= columns) return line
  const head = [clockTime(entry.at), method, status, `${entry.ms} ms`, entry.requestId].join(' ')
  return `${head}\n  ${entry.path.replace(UUID, '$1…')}`
}

/** What a line shows of a logged request (`ControlRequest`, or the emulator's own entry as it logs it). */
export type RequestShown = Pick<ControlRequest, 'at' | 'method' | 'path' | 'status' | 'ms' | 'requestId'>

const UUID = /([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

function statusColor(status: number, color: Palette): (text: string) => string {
  if (status < 400) return color.green
  return status < 500 ? color.yellow : color.red
}

/** Requests as lines: one JSON line each under --json, else `requestLine` (fitted to a terminal's width). */
export function showRequests(entries: readonly ControlRequest[], out: Output): void {
  for (const entry of entries)
    if (out.json) out.jsonLine(entry)
    else out.line(requestLine(entry, out.color, out.stdoutColumns))
}
