import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {documentBodies, drawBodies, type Endpoint} from '../helpers/document-bodies.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * The OpenAPI document against the emulator, body by body: for each create endpoint (v1 payout, v2 payout, batch,
 * counterparty) bodies drawn from the served document's request schema and mutated around its rules
 * (test/helpers/document-bodies.ts). Ajv judges each body against the served document, the emulator answers it,
 * and the two verdicts must be equal. PAYCTL_FUZZ_RUNS sets the bodies per endpoint (CI: 1000, .ci/run); the
 * default keeps `npm test` fast.
 */

const RUNS = Number(process.env.PAYCTL_FUZZ_RUNS ?? 100)
const ctx = useEmulator({reset: false})
let endpoints: Endpoint[] = []
let close = async () => {}

beforeAll(async () => {
  ;({endpoints, close} = await documentBodies(ctx.url))
})
afterAll(() => close())

describe('the served OpenAPI document and the emulator judge every create body alike', () => {
  for (const name of ['v1 POST /payout', 'v2 POST /payouts', 'v2 POST /payouts/batch', 'v2 POST /counterparties'])
    it(`${name}: ${RUNS} bodies, valid ones from the document and mutations around it`, async () => {
      const endpoint = endpoints.find(candidate => candidate.name === name) as Endpoint
      let sent = 0
      const accepted = await drawBodies(endpoint, RUNS, ({body, documentSays, answer, ajvError}) => {
        sent++
        const verdicts = {document: documentSays, emulator: answer.status === 200}
        expect(verdicts, JSON.stringify({body, answer: answer.body, ajv: ajvError})).toEqual({
          document: verdicts.emulator,
          emulator: verdicts.emulator,
        })
        if (!documentSays) expect(answer.status).toBe(400)
      })
      // Both verdicts occur in every run (the batch endpoint accepts about a fifth of its bodies, 17 to 26 of 100).
      expect(accepted, 'valid bodies among those sent').toBeGreaterThanOrEqual(Math.max(3, RUNS / 50))
      expect(accepted, 'refused bodies among those sent').toBeLessThan(sent)
    })
})
