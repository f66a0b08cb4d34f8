// The floor of the start-up benchmark's real call: the same GET as `payctl payouts list --json` against the
// emulator, made by Node's own node:http with nothing else loaded, printing the body. CommonJS: an ES module's
// `import ... from 'node:http'` would also build http's namespace, whose WebSocket getter loads Node's own undici
// (about 40 ms on Node 24), which no real floor pays.
// node bench/call-bare.cjs ORIGIN KEY
const {get} = require('node:http')

const [origin, key] = process.argv.slice(2)
const url = `${origin}/api/v1/payouts?offset=0&limit=50&order_by=created_at&order_direction=desc`
// agent: false closes the connection after the answer (the global agent keeps it alive, and the process with it).
get(url, {agent: false, headers: {accept: 'application/json', authorization: `Bearer ${key}`}}, response => {
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`)
  response.pipe(process.stdout)
})
