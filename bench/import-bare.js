// The baseline of the import benchmark: a bare undici script that sends prepared batch bodies (one JSON body
// per line of a file) to POST /api/v2/payouts/batch at a fixed concurrency, with one idempotency key each, and reads
// the payouts the answers hold.
// node bench/import-bare.js BODIES.jsonl ORIGIN KEY CONCURRENCY
import {readFileSync} from 'node:fs'
import {Agent, request} from 'undici'

const [file, origin, key, concurrency] = process.argv.slice(2)
const bodies = readFileSync(file, 'utf8').split('\n').filter(Boolean)
const dispatcher = new Agent({keepAliveTimeout: 10_000, connections: 16})

let next = 0
await Promise.all(
  Array.from({length: Number(concurrency)}, async () => {
    while (next < bodies.length) {
      const index = next++
      const res = await request(`${origin}/api/v2/payouts/batch`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': `bare-${index}`,
        },
        body: bodies[index],
        dispatcher,
      })
      const text = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`batch ${index}: HTTP ${res.statusCode} ${text.slice(0, 200)}`)
      // The payouts' ids, as an import must read them to record them.
      if (JSON.parse(text).data.length !== 100) throw new Error(`batch ${index}: not 100 payouts`)
    }
  }),
)
await dispatcher.close()
