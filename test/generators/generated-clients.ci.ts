import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {Ajv2020} from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {ROOT} from '../helpers/cli.js'
import {type Document, documentBodies, drawBodies, type Endpoint} from '../helpers/document-bodies.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * The generators' own output, as an integrator would use it (scripts/generate-clients.js generated it from the
 * served document and compiled it with `tsc --strict` first):
 * - each program in examples/generators/programs runs against the emulator through its generator's client;
 * - each generator's zod validators judge the bodies of the OpenAPI property test (test/helpers/document-bodies.ts:
 *   drawn from the document, mutated around its rules) exactly as the emulator does, PAYCTL_FUZZ_RUNS per create
 *   endpoint (1,000 in .ci/run).
 *
 * zod counts a string's length in UTF-16 code units; JSON Schema (and the service) in code points. No generator can
 * say otherwise, so a body whose verdict changes with the way of counting (Ajv reading the document both ways
 * disagrees on it) is left out of the generators' count, and counted as left out.
 */

const RUNS = Number(process.env.PAYCTL_FUZZ_RUNS ?? 100)
const GENERATED = join(ROOT, 'examples', 'generators', 'generated')
const ctx = useEmulator({reset: false})

interface Validator {
  safeParse(value: unknown): {success: boolean}
}
type EndpointKey = 'v1' | 'v2' | 'batch' | 'counterparty'
const ENDPOINT_KEYS: Record<string, EndpointKey> = {
  'v1 POST /payout': 'v1',
  'v2 POST /payouts': 'v2',
  'v2 POST /payouts/batch': 'batch',
  'v2 POST /counterparties': 'counterparty',
}

/** Each generator's validators of the four create bodies, by the names it gives them. */
const GENERATORS: Record<string, () => Promise<Record<EndpointKey, Validator>>> = {
  orval: async () => {
    const zod = await import('../../examples/generators/generated/orval/zod.js')
    return {
      v1: zod.CreateOrUpdatePayoutV1Body,
      v2: zod.CreatePayoutV2Body,
      batch: zod.CreatePayoutsV2BatchBody,
      counterparty: zod.CreateCounterpartyBody,
    }
  },
  '@hey-api/openapi-ts': async () => {
    const zod = await import('../../examples/generators/generated/hey-api/zod.gen.js')
    return {
      v1: zod.zCreatePayoutV1Body,
      v2: zod.zCreatePayoutV2Body,
      batch: zod.zCreatePayoutsV2BatchBody,
      counterparty: zod.zCreateCounterpartyBody,
    }
  },
  'openapi-zod-client': async () => {
    const {schemas} = await import('../../examples/generators/generated/openapi-zod-client/schemas.js')
    return {
      v1: schemas.CreatePayoutV1Body,
      v2: schemas.CreatePayoutV2Body,
      batch: schemas.CreatePayoutsV2BatchBody,
      counterparty: schemas.CreateCounterpartyBody,
    }
  },
  kubb: async () => {
    const zod = await import('../../examples/generators/generated/kubb/zod/index.js')
    return {
      v1: zod.createPayoutV1BodySchema,
      v2: zod.createPayoutV2BodySchema,
      batch: zod.createPayoutsV2BatchBodySchema,
      counterparty: zod.createCounterpartyBodySchema,
    }
  },
}

type Program = {run(origin: string, apiKey: string): Promise<unknown>}
const PROGRAMS: Record<string, () => Promise<Program>> = {
  orval: () => import('../../examples/generators/programs/orval.js'),
  '@hey-api/openapi-ts': () => import('../../examples/generators/programs/hey-api.js'),
  'openapi-zod-client': () => import('../../examples/generators/programs/openapi-zod-client.js'),
  kubb: () => import('../../examples/generators/programs/kubb.js'),
}

let document: Document
let endpoints: Endpoint[] = []
let close = async () => {}
const validators: Record<string, Record<EndpointKey, Validator>> = {}
/** Ajv reading the document with lengths in UTF-16 code units and patterns without the `u` flag, as zod does. */
const utf16 = new Ajv2020({strict: false, validateSchema: false, unicode: false, unicodeRegExp: false})
const codePoints = new Ajv2020({strict: false, validateSchema: false})
for (const ajv of [utf16, codePoints]) (formats as unknown as typeof formats.default)(ajv)

/** Per endpoint and generator: bodies judged alike, judged otherwise (with the first few), left out. */
const figures: Record<string, Record<string, {agree: number; disagree: number; leftOut: number}>> = {}

beforeAll(async () => {
  ;({document, endpoints, close} = await documentBodies(ctx.url))
  expect(`${JSON.stringify(document, null, 2)}\n`).toBe(readFileSync(join(GENERATED, 'openapi.json'), 'utf8'))
  for (const ajv of [utf16, codePoints]) ajv.addSchema(document, 'openapi.json')
  for (const [name, load] of Object.entries(GENERATORS)) validators[name] = await load()
})
afterAll(async () => {
  await close()
  writeFileSync(join(GENERATED, 'agreement.json'), `${JSON.stringify({runs: RUNS, figures}, null, 2)}\n`)
})

describe('each generator’s program runs against the emulator', () => {
  for (const [generator, program] of Object.entries(PROGRAMS))
    it(generator, async () => {
      const {run} = await program()
      expect(await run(ctx.url, LOCAL_EMULATOR.fullKey)).toEqual({
        status: 'created',
        unknown: {status: 404, code: 'PAYOUT_NOT_FOUND'},
        bothRecipientsRefused: true,
      })
    })
})

describe('each generator’s validators judge drawn bodies as the emulator does', () => {
  for (const [name, key] of Object.entries(ENDPOINT_KEYS))
    it(`${name}: ${RUNS} bodies`, {timeout: 600_000}, async () => {
      const endpoint = endpoints.find(candidate => candidate.name === name) as Endpoint
      const ref = {
        $ref: `openapi.json${document.paths[endpoint.path].post.requestBody.content['application/json'].schema.$ref}`,
      }
      const [byUnits, byCodePoints] = [utf16.compile(ref), codePoints.compile(ref)]
      const tally = Object.fromEntries(
        Object.keys(validators).map(generator => [generator, {agree: 0, disagree: 0, leftOut: 0}]),
      )
      const examples: Record<string, unknown[]> = {}
      await drawBodies(endpoint, RUNS, ({body, answer}) => {
        const emulator = answer.status === 200
        const countingDecides = byUnits(body) !== byCodePoints(body)
        for (const [generator, validator] of Object.entries(validators)) {
          if (countingDecides) tally[generator].leftOut++
          else if (validator[key].safeParse(body).success === emulator) tally[generator].agree++
          else {
            tally[generator].disagree++
            examples[generator] = [...(examples[generator] ?? []), {emulator: answer.status, body}].slice(0, 3)
          }
        }
      })
      figures[name] = tally
      console.log(name, JSON.stringify(tally))
      expect(examples).toEqual({})
      for (const generator of Object.keys(validators)) expect(tally[generator].agree).toBeGreaterThan(RUNS * 0.9)
    })
})
