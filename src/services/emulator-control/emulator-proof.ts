import {randomBytes} from 'node:crypto'
import {mkdir, readFile, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {ConnectionError, TimeoutError} from '../../client/api-errors.js'
import {
  EMULATOR_IDENTITY_PATH,
  identityEndpoint,
  identityProof,
  parseIdentityAnswer,
} from '../../contract/emulator-identity.js'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {answerText, httpCall} from '../../shared/http-call.js'
import {fieldOf} from '../../shared/json-object.js'
import {untrustedFileProblem} from '../../shared/own-file.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'

/**
 * Who answers on an emulator's port. `emulator start` writes an identity file per port in the user's data folder
 * (`emulator/identity-<port>.json`, mode 0600: its pid, data file, start time and a random token); the built-in
 * `local` profile sends its key only once the emulator on its port answered a fresh nonce with the proof of that
 * token for the address and port this connection reached (src/contract/emulator-identity.ts: a proof relayed from
 * another address does not fit), and `emulator start` on a taken port says who holds it.
 */

export interface IdentityRecord {
  pid: number
  host: string
  port: number
  dataFile: string
  startedAt: string
  token: string
}

export const newIdentityToken = () => randomBytes(32).toString('hex')

const identityFile = (dataDir: string, port: number) => join(dataDir, 'emulator', `identity-${port}.json`)

export async function writeIdentity(dataDir: string, record: IdentityRecord): Promise<void> {
  const file = identityFile(dataDir, record.port)
  await mkdir(dirname(file), {recursive: true, mode: 0o700})
  await writeFileAtomic(file, `${JSON.stringify(record)}\n`)
}

/** Writes the identity of an emulator this process started; the answer removes it again (at its stop). */
export async function announceIdentity(
  dataDir: string,
  started: {host: string; port: number},
  dataFile: string,
  token: string,
): Promise<() => Promise<void>> {
  const {host, port} = started
  await writeIdentity(dataDir, {pid: process.pid, host, port, dataFile, token, startedAt: new Date().toISOString()})
  return () => removeIdentity(dataDir, port, token)
}

/** Removes the identity file of `port` when it is still this emulator's (another may have started since). */
export async function removeIdentity(dataDir: string, port: number, token: string): Promise<void> {
  if ((await readIdentity(dataDir, port))?.token === token) await rm(identityFile(dataDir, port), {force: true})
}

/** The identity of `port`, if this user's own file holds one (a file another user could write proves nothing). */
export async function readIdentity(dataDir: string, port: number): Promise<IdentityRecord | undefined> {
  const file = identityFile(dataDir, port)
  try {
    if (await untrustedFileProblem(file)) return undefined
    const record = JSON.parse(await readFile(file, 'utf8')) as IdentityRecord
    return typeof record?.token === 'string' && typeof record.pid === 'number' ? record : undefined
  } catch {
    return undefined
  }
}

type Probe = {kind: 'unreachable'; error: Error} | {kind: 'other'} | {kind: 'emulator'; pid: number; proven: boolean}

/** Asks whoever listens at `origin` to prove it holds `token` (none: only whether it is a payctl emulator). */
async function probe(origin: string, token: string | undefined, waitMs: number): Promise<Probe> {
  const nonce = randomBytes(16).toString('hex')
  const url = `${origin}${EMULATOR_IDENTITY_PATH}?nonce=${nonce}`
  let text: string
  let status: number
  let reached: string | undefined
  try {
    const answer = await httpCall(url, {
      method: 'GET',
      headers: {accept: 'application/json'},
      signal: AbortSignal.timeout(waitMs),
    })
    status = answer.statusCode
    const {remoteAddress, remotePort} = answer.body.socket ?? {}
    reached = remoteAddress && remotePort ? identityEndpoint(remoteAddress, remotePort) : undefined
    text = await answerText(answer, 4096)
  } catch (error) {
    const failure =
      fieldOf(error, 'name') === 'TimeoutError'
        ? new TimeoutError(`no answer from GET ${url} within ${waitMs / 1000} s`, {cause: error, url})
        : new ConnectionError(`cannot reach GET ${url}: ${errnoCode(error) ?? ''} ${messageOf(error)}`.trim(), {
            cause: error,
            url,
          })
    return {kind: 'unreachable', error: failure}
  }
  let answer: ReturnType<typeof parseIdentityAnswer>
  try {
    answer = status === 200 ? parseIdentityAnswer(JSON.parse(text)) : undefined
  } catch {
    answer = undefined
  }
  if (!answer) return {kind: 'other'}
  return {
    kind: 'emulator',
    pid: answer.pid,
    proven: token !== undefined && reached !== undefined && answer.proof === identityProof(token, reached, nonce),
  }
}

/**
 * Before the built-in `local` profile sends a key to its origin: the emulator there proves it holds the token of
 * this user's identity file. Nothing listening is the usual network error; anything else is refused, exit 3.
 */
export async function proveLocalEmulator(origin: string, dataDir: string): Promise<void> {
  const port = Number(new URL(origin).port)
  const record = await readIdentity(dataDir, port)
  const found = await probe(origin, record?.token, 10_000)
  if (found.kind === 'unreachable') throw found.error
  if (found.kind === 'emulator' && found.proven) return
  const who =
    found.kind === 'emulator'
      ? `a payctl emulator that cannot prove it is the one you started (it says pid ${found.pid})`
      : 'a program that is not a payctl emulator'
  throw new PayctlError(`${origin} is answered by ${who}; the built-in "local" profile sent it no key`, {
    exitCode: ExitCode.auth,
    code: 'EMULATOR_UNPROVEN',
    suggestions: [
      record
        ? 'stop that program and run "payctl emulator start" (with the same PAYCTL_DATA_DIR as this command)'
        : `run "payctl emulator start" as this user (no identity file at ${identityFile(dataDir, port)}), or point a profile of your own at that origin`,
    ],
  })
}

/** Who holds a port `emulator start` could not listen on, as words for the PORT_IN_USE error. */
export async function portHolder(dataDir: string, host: string, port: number): Promise<string> {
  const record = await readIdentity(dataDir, port)
  const urlHost = host.includes(':') ? `[${host}]` : host
  const found = await probe(`http://${urlHost}:${port}`, record?.token, 1500)
  if (found.kind === 'emulator' && found.proven && record)
    return `a payctl emulator of yours (pid ${record.pid}, data ${record.dataFile}, started ${record.startedAt})`
  if (found.kind === 'emulator')
    return `a payctl emulator started by someone else or with another data folder (it says pid ${found.pid})`
  if (found.kind === 'other') return 'a program that is not a payctl emulator'
  return 'a program that does not answer HTTP'
}
