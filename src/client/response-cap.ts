import {usageError} from '../shared/errors.js'
import type {HttpAnswer} from '../shared/http-call.js'
import {HostileAnswerError} from './api-errors.js'

/** The default largest response body: far above any page of 100 items, far below what hurts a machine. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024

const ENV = 'PAYCTL_MAX_RESPONSE_BYTES'

/** The cap on a response body: PAYCTL_MAX_RESPONSE_BYTES (a whole number of bytes) or the default. */
export function responseCap(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[ENV]
  if (value === undefined || value === '') return DEFAULT_MAX_RESPONSE_BYTES
  if (!/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw usageError(`${ENV} must be a whole number of bytes above 0, not "${value}"`)
  return Number(value)
}

const tooLarge = (cap: number, target: string) =>
  new HostileAnswerError(
    `the answer to ${target} is larger than ${cap} bytes; payctl stopped reading it (raise ${ENV} if it is expected)`,
    target.split(' ')[1],
  )

/**
 * The body as text, refused (and the connection dropped) once it passes `cap` bytes, before it is all read. Read
 * through the stream's events, as `for await` would (an error or a close before the end fails the read), at a
 * fraction of an async iterator's cost per answer.
 */
export function readCapped(response: HttpAnswer, cap: number, target: string): Promise<string> {
  const body = response.body
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > cap) {
    body.destroy()
    return Promise.reject(tooLarge(cap, target))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > cap) {
        body.off('data', onData)
        body.destroy()
        reject(tooLarge(cap, target))
        return
      }
      chunks.push(chunk)
    }
    body.on('data', onData)
    body.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    body.once('error', reject)
    body.once('close', () => {
      if (!body.readableEnded) reject(Object.assign(new Error('Premature close'), {code: 'ERR_STREAM_PREMATURE_CLOSE'}))
    })
  })
}
