import {chmod, mkdir, readFile} from 'node:fs/promises'
import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'
import {notAFile} from '../shared/regular-file.js'
import {errnoCode} from '../shared/thrown.js'
import type {OAuthCredentials, ProfileCredentials} from './credential-types.js'
import {ENVIRONMENTS, originProblem, type ProfileSettings, type StoredConfig} from './profiles.js'

/** A config or credentials file that cannot be used as it is: names the file and the field (exit 3). */
export const configFileError = (file: string, problem: string) =>
  new PayctlError(`${file}: ${problem}`, {
    exitCode: ExitCode.auth,
    code: 'CONFIG',
    suggestions: ['fix the file, or move it away and run the command again'],
  })

/**
 * A config or credentials file's text; undefined when there is none. One that is not a regular file of at most
 * `maxBytes`, or cannot be read, fails naming the file.
 */
export async function readConfigText(file: string, maxBytes: number): Promise<string | undefined> {
  const problem = await notAFile(file, maxBytes)
  if (problem) throw configFileError(file, problem)
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw configFileError(file, `cannot be read (${errnoCode(error) ?? error})`)
  }
}

/** The config directory holds secrets: 0700, made so by whichever command writes first. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, {recursive: true, mode: 0o700})
  await chmod(dir, 0o700)
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const describeType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value)

/** Checks field by field, reporting the first problem as "path: what is wrong". */
class Shape {
  constructor(private readonly file: string) {}

  /** The file's text as a JSON object, or a CONFIG error. */
  topObject(text: string): Json {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      this.fail('', 'is not valid JSON')
    }
    return this.object(parsed, '')
  }

  fail(path: string, problem: string): never {
    throw configFileError(this.file, `${path ? `${path} ` : ''}${problem}`)
  }

  object(value: unknown, path: string): Json {
    if (!isObject(value)) this.fail(path || 'the top level', `must be an object (found ${describeType(value)})`)
    return value
  }

  optionalString(value: unknown, path: string): string | undefined {
    if (value === undefined || typeof value === 'string') return value
    this.fail(path, `must be a string (found ${describeType(value)})`)
  }

  /** One of the known values, or a CONFIG error listing them. */
  oneOf<T extends string>(value: unknown, known: readonly T[], path: string): T {
    const given = this.string(value, path)
    const found = known.find(candidate => candidate === given)
    if (found === undefined) this.fail(path, `must be one of ${known.join(', ')} (found "${given}")`)
    return found
  }

  optionalBoolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value
    this.fail(path, `must be true or false (found ${JSON.stringify(value)})`)
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') this.fail(path, `must be a string (found ${describeType(value)})`)
    return value
  }

  stringMap(value: unknown, path: string): Record<string, string> | undefined {
    if (value === undefined) return undefined
    return Object.fromEntries(
      Object.entries(this.object(value, path)).map(([key, item]) => [key, this.string(item, `${path}.${key}`)]),
    )
  }
}

/** Parses and checks `config.json`; throws a CONFIG error naming the file and field. */
export function parseConfigFile(file: string, text: string): StoredConfig {
  const shape = new Shape(file)
  const top = shape.topObject(text)
  const activeProfile = shape.optionalString(top.activeProfile, 'activeProfile')
  const profiles: Record<string, ProfileSettings> = {}
  if (top.profiles !== undefined)
    for (const [name, value] of Object.entries(shape.object(top.profiles, 'profiles'))) {
      const path = `profiles.${name}`
      const entry = shape.object(value, path)
      const environment = shape.oneOf(entry.environment, ENVIRONMENTS, `${path}.environment`)
      const origin = shape.string(entry.origin, `${path}.origin`)
      const problem = originProblem(origin)
      if (problem) shape.fail(`${path}.origin`, problem.replace(/^origin /, 'is '))
      const clientId = shape.optionalString(entry.clientId, `${path}.clientId`)
      const allowAgentMoney = shape.optionalBoolean(entry.allowAgentMoney, `${path}.allowAgentMoney`)
      // The entry as it is (fields of later versions kept), its fields as checked.
      profiles[name] = {
        ...entry,
        environment,
        origin,
        ...(clientId === undefined ? {} : {clientId}),
        ...(allowAgentMoney === undefined ? {} : {allowAgentMoney}),
      }
    }
  return {activeProfile, profiles}
}

const OPTIONAL_OAUTH_FIELDS = [
  'refreshToken',
  'expiresAt',
  'scope',
  'tokenType',
  'clientSecret',
  'resource',
  'teamId',
  'email',
  'tokenEndpoint',
  'revocationEndpoint',
] as const

/** Parses and checks `credentials.json`; throws a CONFIG error naming the file and field. */
export function parseCredentialsFile(file: string, text: string): Record<string, ProfileCredentials> {
  const shape = new Shape(file)
  const top = shape.topObject(text)
  const profiles: Record<string, ProfileCredentials> = {}
  const stored = top.profiles === undefined ? {} : shape.object(top.profiles, 'profiles')
  for (const [name, value] of Object.entries(stored)) {
    const path = `profiles.${name}`
    const entry = shape.object(value, path)
    const apiKey = shape.optionalString(entry.apiKey, `${path}.apiKey`)
    const webhookSecrets = shape.stringMap(entry.webhookSecrets, `${path}.webhookSecrets`)
    let oauth: OAuthCredentials | undefined
    if (entry.oauth !== undefined) {
      const fields = shape.object(entry.oauth, `${path}.oauth`)
      const accessToken = shape.string(fields.accessToken, `${path}.oauth.accessToken`)
      const clientId = shape.string(fields.clientId, `${path}.oauth.clientId`)
      for (const field of OPTIONAL_OAUTH_FIELDS) shape.optionalString(fields[field], `${path}.oauth.${field}`)
      oauth = {...fields, accessToken, clientId}
    }
    // The entry as it is (fields of later versions kept), its fields as checked.
    profiles[name] = {
      ...entry,
      ...(apiKey === undefined ? {} : {apiKey}),
      ...(webhookSecrets === undefined ? {} : {webhookSecrets}),
      ...(oauth === undefined ? {} : {oauth}),
    }
  }
  return profiles
}
