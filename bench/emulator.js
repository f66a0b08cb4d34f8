#!/usr/bin/env node
// Batch-create throughput of the emulator: N requests of 100 payouts each (POST /api/v2/payouts/batch),
// sent with undici at a fixed concurrency against an in-process emulator (:memory:, port 0).
// Run after `npm run build`: node bench/emulator.js [requests] [concurrency]
import {performance} from 'node:perf_hooks'
import {Agent, request} from 'undici'
import {startEmulator} from '../dist/emulator/index.js'

const REQUESTS = Number(process.argv[2] ?? 200)
const CONCURRENCY = Number(process.argv[3] ?? 4)
const ITEMS = 100

const emulator = await startEmulator({port: 0, dataFile: ':memory:'})
const dispatcher = new Agent({connections: CONCURRENCY, keepAliveTimeout: 10_000})
const headers = {authorization: `Bearer ${emulator.seed.keys.full}`, 'content-type': 'application/json'}

function body(batch) {
  const items = []
  for (let i = 0; i < ITEMS; i++)
    items.push({
      customId: `bench-${batch}-${i}`,
      description: `Royalties ${batch}/${i}`,
      amount: `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`,
      currency: i % 2 ? 'EUR' : 'USD',
      recipient: {type: 'email', email: `creator${i}@example.com`},
      tags: ['bench'],
    })
  return JSON.stringify({items})
}

async function send(batch) {
  const res = await request(`${emulator.url}/api/v2/payouts/batch`, {
    method: 'POST',
    headers: {...headers, 'idempotency-key': `bench-${batch}`},
    body: body(batch),
    dispatcher,
  })
  const text = await res.body.text()
  if (res.statusCode !== 200) throw new Error(`batch ${batch}: HTTP ${res.statusCode} ${text.slice(0, 200)}`)
}

// Warm-up (not measured): JIT, prepared statements, connections.
await Promise.all(Array.from({length: CONCURRENCY}, (_, i) => send(`warm-${i}`)))

let next = 0
const started = performance.now()
await Promise.all(
  Array.from({length: CONCURRENCY}, async () => {
    while (next < REQUESTS) await send(next++)
  }),
)
const seconds = (performance.now() - started) / 1000
const payouts = REQUESTS * ITEMS

await dispatcher.close()
await emulator.close()
console.log(
  JSON.stringify({
    requests: REQUESTS,
    itemsPerRequest: ITEMS,
    concurrency: CONCURRENCY,
    payouts,
    seconds: Number(seconds.toFixed(3)),
    payoutsPerSecond: Math.round(payouts / seconds),
    requestsPerSecond: Number((REQUESTS / seconds).toFixed(1)),
  }),
)
