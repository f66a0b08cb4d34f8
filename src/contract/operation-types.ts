import type * as z from 'zod/mini'
import type * as controlBodies from './control-bodies.js'
import type {ErrorCode} from './error-envelope.js'
import type * as requests from './requests/index.js'
import type {ApiScope} from './scopes.js'

/**
 * The shape of a row of the operations table (operations.ts) and of the emulator's control table
 * (control-operations.ts), and the types a row gives its callers.
 */

/** The groups of operations, in the document's order. */
export const TAGS: Readonly<Record<string, string>> = {
  'v1 payouts': 'Payouts, first generation: an upsert on customId, offset lists.',
  'v1 sessions': 'Hosted screens: claim, approval, KYB and allowance; each call mints a fresh URL.',
  'v1 team': 'The team record and its settings.',
  'v1 webhooks': 'Subscriptions to payout events.',
  'v2 payouts': 'Payouts, second generation: batches, approve, pay, claim links, idempotency keys.',
  'v2 counterparties': 'Recipients paid directly to a saved payment method.',
  'v2 reference': 'Countries and payment-method types; read them, never hardcode them.',
  'v2 transactions': "Every money movement on the team's accounts.",
  'v2 team': 'The team, its accounts and the sandbox deposit.',
  OAuth: 'The authorization server for platforms acting for customer teams.',
  Meta: 'About this document.',
}

export type HttpVerb = 'get' | 'post' | 'patch' | 'delete'

const HTTP_METHODS = {get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE'} as const

/** A row's method as a request line writes it (`GET`). */
export const httpMethodOf = (operation: {method: HttpVerb}) => HTTP_METHODS[operation.method]

export interface PathParameter {
  name: string
  description: string
  /** What the value must be: the emulator checks it before anything else and the document publishes it. */
  schema: z.ZodMiniType<string, string>
  /** The document's example value; default: one by the path's resource (operation-examples.ts). */
  example?: string
  /**
   * What the value must be given the checked query (v1: a UUID unless `id_type=custom_id`): its problem, or
   * undefined. The document can only say it in the description.
   */
  rule?: (value: string, query: Readonly<Record<string, unknown>>) => string | undefined
}

/** The control bodies of control-bodies.ts (its `…Body` exports; the rest are answers). */
type ControlBodies = {
  [K in keyof typeof controlBodies as K extends `${string}Body` ? K : never]: (typeof controlBodies)[K]
}

/** The request schemas of `requests/` and the control bodies, by their export names. */
type Requests = typeof requests & ControlBodies

/** The export name of a request schema in `requests/` or control-bodies.ts (what a row names its body by). */
export type RequestSchemaName = {[K in keyof Requests]: Requests[K] extends z.ZodMiniType ? K : never}[keyof Requests]

export interface RequestBody {
  /**
   * The body's schemas (several: any one of them), by their export names in `requests/`: a row names them, so that
   * the client, which sends bodies unchecked, does not build them (operation-bodies.ts resolves the names).
   */
  schemas: readonly RequestSchemaName[]
  /** Default `application/json`. */
  mediaType?: 'application/json' | 'application/x-www-form-urlencoded'
  /** Default true. */
  required?: boolean
  /**
   * The body is read as text whatever its content type says, and the handler answers its own errors for one that
   * is not JSON (client registration, RFC 7591): no 415 answers it.
   */
  anyContentType?: boolean
}

export interface Operation {
  operationId: string
  method: HttpVerb
  /** `{name}` marks a path parameter; `pathParameters` describes each. */
  path: string
  /** A key of TAGS. */
  tag: keyof typeof TAGS
  summary: string
  /**
   * Default: a bearer token (spec 5). `none`: no credentials. `control`: no credentials, but only from this
   * machine or with the control token (the emulator's control routes, docs/emulator.md).
   */
  auth?: 'bearer' | 'none' | 'control'
  /** The scopes the credentials must carry (more may be needed by what the body asks, e.g. `andThen: pay`). */
  scopes: readonly ApiScope[]
  /** What DESIGN.md decides where the spec is silent; the document marks the operation with it. */
  decision?: string
  pathParameters?: readonly PathParameter[]
  /** The query string, one parameter per field; an array field is a repeatable parameter. */
  query?: z.ZodMiniObject
  body?: RequestBody
  /** The OAuth client proves who it is (RFC 6749 section 2.3): a client it cannot is answered 401 `invalid_client`. */
  authenticatesClient?: boolean
  /** v2 POSTs take `idempotency-key` (spec 4) and may answer with `Idempotent-Replayed: true`. */
  idempotent?: boolean
  /** The success answer: its status and body (a JSON body unless `mediaType` says otherwise). */
  success: {status: 200 | 201; description: string; schema: z.ZodMiniType}
  /**
   * Error codes this operation answers beyond those of every authenticated call (`COMMON_ERRORS`); each answers
   * with its status (ERROR_STATUS) and the error envelope.
   */
  errors?: readonly ErrorCode[]
}

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never

/** The path parameters of a row: `{id: string}` for `/api/v2/payouts/{id}`. */
export type ParamsOf<O extends Operation> = {[K in ParamNames<O['path']>]: string}

/** What a caller may put in the query: the row's parameter names; the values go as they are (open enums). */
export type QueryOf<O extends Operation> = O['query'] extends z.ZodMiniObject
  ? {[K in keyof z.input<O['query']>]?: string | number | boolean | readonly (string | number)[]}
  : never

/** The request body a row takes (any of its schemas). */
export type BodyOf<O extends Operation> = O['body'] extends {schemas: readonly (infer N extends RequestSchemaName)[]}
  ? z.input<Requests[N]>
  : never

/** The success answer of a row, as parsed. */
export type AnswerOf<O extends Operation> = z.output<O['success']['schema']>

/** A group's rows by operation id, each with its literal type (`v2PayoutOperations.createPayoutV2`). */
export const byId = <const Rows extends readonly Operation[]>(rows: Rows) =>
  Object.fromEntries(rows.map(row => [row.operationId, row])) as {
    readonly [R in Rows[number] as R['operationId']]: R
  }

/**
 * What every row of a group (a module of `operations/`, one tag) shares, stated once: the tag, the scopes its reads
 * (GET) and its other rows need, how it authenticates, what DESIGN.md decides for each of its rows.
 */
export interface Shared {
  tag: keyof typeof TAGS
  /** The scopes of a GET row; default none. */
  read?: readonly ApiScope[]
  /** The scopes of every other row; default none. */
  write?: readonly ApiScope[]
  auth?: Operation['auth']
  decision?: string
}

/** A row as its group writes it: what the group shares left out, `scopes` only where the row needs others. */
export type GroupRow = Omit<Operation, 'tag' | 'scopes'> & {scopes?: readonly ApiScope[]}

/** A group's rows by operation id, each with its literal type and what the group shares (its own fields first). */
export const group = <const Rows extends readonly GroupRow[]>(shared: Shared, rows: Rows) =>
  Object.fromEntries(
    rows.map(row => {
      const {read = [], write = [], ...rest} = shared
      return [row.operationId, {...rest, scopes: row.method === 'get' ? read : write, ...row} satisfies Operation]
    }),
  ) as {readonly [R in Rows[number] as R['operationId']]: R & Pick<Operation, 'tag' | 'scopes'>}

/**
 * The request body a row's handler gets, checked and parsed (any of its schemas; undefined when the body is
 * optional and none came). A form-encoded body, one read as text (`anyContentType`), and the body of a row
 * without one, stay unknown.
 */
export type BodyValueOf<O extends Operation> = O['body'] extends
  | {mediaType: 'application/x-www-form-urlencoded'}
  | {anyContentType: true}
  ? unknown
  : O['body'] extends {schemas: readonly (infer N extends RequestSchemaName)[]}
    ? z.output<Requests[N]> | (O['body'] extends {required: false} ? undefined : never)
    : unknown

/** The query a row's handler gets, checked and parsed (defaults applied); `{}` for a row without a query. */
export type QueryValueOf<O extends Operation> = O['query'] extends z.ZodMiniObject
  ? z.output<O['query']>
  : Record<string, unknown>
