import {readFile} from 'node:fs/promises'
import {usageError} from '../../shared/errors.js'
import {readStdinBytes} from '../../shared/stdin.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'
import {findSignatureHeaders, type SignatureHeaders} from './webhook-signature.js'

/** The signature headers in a file of "Name: value" lines (as `webhooks listen --save` writes them). */
export async function readHeadersFile(file: string): Promise<SignatureHeaders> {
  const headers: Record<string, string> = {}
  for (const line of (await readFile(file, 'utf8')).split(/\r?\n/)) {
    const match = /^([A-Za-z0-9-]+):\s?(.*)$/.exec(line)
    if (match) headers[match[1].toLowerCase()] = match[2]
  }
  return findSignatureHeaders(headers)
}

/** The raw body from FILE, or stdin for `-` or no FILE (not from a terminal unless `-` asks for it). */
export async function readDeliveryBody(file: string | undefined): Promise<Buffer> {
  if (file === undefined || file === '-') {
    if (file === undefined && process.stdin.isTTY) throw usageError('give the body as FILE, or pipe it in with -')
    return readStdinBytes()
  }
  try {
    return await readFile(file)
  } catch (error) {
    throw usageError(`cannot read ${file} (${errnoCode(error) ?? messageOf(error)})`)
  }
}
