import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import {PayctlError, usageError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'
import {sameReceiver} from './listen-plan.js'
import {parseRespondWith} from './listener.js'
import {EVENT_NAMES, V2_EVENT_NAMES} from './payload.js'
import {writeSecretFile} from './secret-file.js'
import {type ListenSecrets, REGISTERED, SECRET_ENV, singleSecret} from './secrets.js'

/**
 * A note for `--events` names this version does not know: they are still used (spec 9: the service may add
 * events), but a typo would match nothing, so the known ones are named.
 */
export function eventNotes(names: readonly string[] | undefined): string[] {
  const known: readonly string[] = EVENT_NAMES
  const unknown = (names ?? []).filter(name => !known.includes(name))
  if (!unknown.length) return []
  return [
    `--events: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not an event' : 'are not events'} payctl knows (${EVENT_NAMES.join(', ')}); listening for ${unknown.length === 1 ? 'it' : 'them'} anyway`,
  ]
}

/** What a listen session tells as it goes; the CLI prints it. */
export interface ListenSessionEvents {
  registered(id: string, target: string, secret: string | undefined): void
  unregistered(id: string, outcome: 'deleted' | 'gone'): void
  /** The error to report when the subscription could not be deleted. */
  unregisterFailed(id: string, error: unknown): Error
  secretFileWritten(name: string, file: string, warning: string | undefined): void
  /** A subscription of the team that delivers somewhere else: its deliveries do not reach this listener. */
  elsewhere(id: string, url: string): void
  /** Another subscription that delivers to this listener too. */
  alsoHere(id: string, url: string): void
  /** The team's subscriptions could not be listed (the listener works all the same). */
  surveyFailed(error: unknown): void
}

export interface ListenSessionOptions {
  listener: {start(): Promise<unknown>; close(): Promise<void>; readonly url: string}
  host: string
  port: number
  /** The secrets the listener verifies with: the registered subscription's own is added to this array. */
  found: ListenSecrets
  /** --register: subscribe the listener (or --public-url) for as long as it runs. */
  register?: {client: () => Promise<PayoutClient>; publicUrl?: string}
  /** Name the team's other subscriptions, each as delivering here or elsewhere. */
  survey?: {client: () => Promise<PayoutClient>; publicUrl?: string}
  /** --secret-file and --secret-name. */
  secretFile?: {file: string; name: string}
  events: ListenSessionEvents
  /** Takes the clean-ups (close the listener, delete the subscription) to run when the command stops. */
  onStop(cleanup: () => Promise<void>): void
}

/** Starts the listener, registers it and writes the secret file; answers whether a subscription was registered. */
export async function openListenSession(options: ListenSessionOptions): Promise<{registered: boolean}> {
  const {listener, found, register, secretFile, events} = options
  await startListener(listener, options.host, options.port)
  options.onStop(() => listener.close())
  let registered: string | undefined
  if (register) {
    const client = await register.client()
    const target = registrationTarget(listener.url, register.publicUrl)
    const subscription = await client.v1.webhooks.create({
      targetUrl: target,
      eventType: 'payout',
      events: [...V2_EVENT_NAMES],
    })
    registered = subscription.id
    options.onStop(async () => {
      try {
        events.unregistered(subscription.id, await unregister(client, subscription.id))
      } catch (error) {
        throw events.unregisterFailed(subscription.id, error)
      }
    })
    events.registered(subscription.id, target, subscription.signingSecret)
    if (subscription.signingSecret) found.secrets.push(subscription.signingSecret)
  }
  if (options.survey) await survey(options.survey, listener.url, registered, events)
  if (secretFile) {
    const {file, name} = secretFile
    const source = registered ? REGISTERED : found.source
    const secret = singleSecret({secrets: found.secrets, source}, '--secret-file')
    events.secretFileWritten(name, file, await writeSecret(file, name, secret))
  }
  return {registered: registered !== undefined}
}

/** Each subscription of the team but the registered one, named as delivering here or elsewhere. */
async function survey(
  options: NonNullable<ListenSessionOptions['survey']>,
  listenerUrl: string,
  registered: string | undefined,
  events: ListenSessionEvents,
): Promise<void> {
  const here = registrationTarget(listenerUrl, options.publicUrl)
  try {
    const subscriptions = await (await options.client()).v1.webhooks.list()
    for (const {id, targetUrl} of subscriptions) {
      if (id === registered || !targetUrl) continue
      if (sameReceiver(targetUrl, here)) events.alsoHere(id, targetUrl)
      else events.elsewhere(id, targetUrl)
    }
  } catch (error) {
    events.surveyFailed(error)
  }
}

/** The URL the service delivers to: --public-url, else the listener's own (a wildcard host as loopback). */
export function registrationTarget(listenerUrl: string, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl
  return listenerUrl.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')
}

/** The listener's options from `webhooks listen`'s flags (a malformed --respond-with is a usage error). */
export function listenOptions(flags: {
  host: string
  port: number
  tolerance: number
  'respond-with'?: string
  'forward-to'?: string
  'forward-unverified': boolean
  save?: string
  events?: string
}) {
  return {
    host: flags.host,
    port: flags.port,
    toleranceSeconds: flags.tolerance,
    respondWith: respondWithStatuses(flags['respond-with']),
    forwardTo: flags['forward-to'],
    forwardUnverified: flags['forward-unverified'],
    saveDir: flags.save,
    events: flags.events?.split(','),
  }
}

/** --respond-with as statuses; a malformed list is a usage error. */
export function respondWithStatuses(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined
  try {
    return parseRespondWith(value)
  } catch (error) {
    throw usageError(messageOf(error))
  }
}

/** A port in use or a host not of this machine is a usage error. */
async function startListener(listener: {start(): Promise<unknown>}, host: string, port: number): Promise<void> {
  try {
    await listener.start()
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'EADDRINUSE')
      throw new PayctlError(`port ${port} on ${host} is in use`, {
        exitCode: ExitCode.usage,
        code: 'PORT_IN_USE',
        suggestions: ['pick another with --port, or --port 0'],
      })
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw usageError(`cannot listen on --host ${host}: not an address of this machine`)
    throw error
  }
}

/** 'gone' when the service deleted the subscription already (after a 410 answer). */
async function unregister(client: PayoutClient, id: string): Promise<'deleted' | 'gone'> {
  try {
    await client.v1.webhooks.delete(id)
    return 'deleted'
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'gone'
    throw error
  }
}

async function writeSecret(file: string, name: string, secret: string): Promise<string | undefined> {
  try {
    return await writeSecretFile(file, name, secret)
  } catch (error) {
    if (error instanceof PayctlError) throw error
    throw usageError(`--secret-file: cannot write ${file} (${errnoCode(error) ?? messageOf(error)})`)
  }
}

/** Where --secret-file writes the secret: the file and the variable's name (--secret-name, default SECRET_ENV). */
export const secretFileTarget = (file: string | undefined, name: string | undefined) =>
  file ? {file, name: name ?? SECRET_ENV} : undefined
