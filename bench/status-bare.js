// The baseline of the import-status benchmark: a bare undici script that reads ROWS payouts by customId
// (GET /api/v2/payouts/bench-<i>) at a fixed concurrency and writes one JSON line each, as payctl must.
// node bench/status-bare.js ROWS ORIGIN KEY CONCURRENCY
import {Agent, request} from 'undici'

const [rows, origin, key, concurrency] = process.argv.slice(2)
const total = Number(rows)
const dispatcher = new Agent({keepAliveTimeout: 10_000, connections: 16})

let next = 0
await Promise.all(
  Array.from({length: Number(concurrency)}, async () => {
    while (next < total) {
      const index = next++
      const res = await request(`${origin}/api/v2/payouts/bench-${index}`, {
        headers: {authorization: `Bearer ${key}`},
        dispatcher,
      })
      const payout = await res.body.json()
      if (res.statusCode !== 200) throw new Error(`payout ${index}: HTTP ${res.statusCode}`)
      process.stdout.write(`${JSON.stringify({line: index + 2, status: payout.status})}\n`)
    }
  }),
)
await dispatcher.close()
