import {readFile} from 'node:fs/promises'
import {initialState, v1StateOf} from '../../contract/lifecycle.js'
import {PayctlError, usageError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {type EventStatus, samplePayout} from './payload.js'
import {SendConnectionError, type SendOptions, type SendResult, sendDelivery} from './sender.js'

/** `--header-prefix`: header names are `<prefix>-Signature` and `<prefix>-Timestamp`. */
export function checkHeaderPrefix(prefix: string): void {
  if (!/^X-[A-Za-z0-9-]+$/i.test(prefix)) throw usageError(`--header-prefix "${prefix}" must look like X-Service`)
}

/** The bytes `webhooks send` posts: --payload FILE as it is (a warning when it is not JSON), else a sample payout. */
export async function testDeliveryBody(options: {
  payload?: string
  status?: EventStatus
  warn(message: string): void
}): Promise<Buffer> {
  if (!options.payload) return Buffer.from(JSON.stringify(samplePayout(options.status ?? v1StateOf(initialState()))))
  const bytes = await readFile(options.payload)
  try {
    JSON.parse(bytes.toString('utf8'))
  } catch {
    options.warn(`${options.payload} is not JSON; it is sent as it is`)
  }
  return bytes
}

/** `sendDelivery`, with an unreachable receiver as a transient error (exit 7). */
export async function sendTestDelivery(options: SendOptions): Promise<SendResult> {
  try {
    return await sendDelivery(options)
  } catch (error) {
    if (error instanceof SendConnectionError)
      throw new PayctlError(error.message, {
        exitCode: ExitCode.transient,
        code: 'NETWORK',
        suggestions: ['is your receiver running?'],
      })
    throw error
  }
}

/** The receiver did not do what a correct one does (exit 1). */
export const receiverCheckError = (result: SendResult) =>
  new PayctlError(`the receiver ${result.message}`, {exitCode: ExitCode.unexpected, code: 'RECEIVER_CHECK'})
