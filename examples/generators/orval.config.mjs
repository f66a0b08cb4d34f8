// orval: a fetch client (through orval-fetch.ts, which adds the origin and the key) and zod schemas, both from
// the served document (generated/openapi.json, written by scripts/generate-clients.js).
export default {
  fetch: {
    input: {target: './generated/openapi.json'},
    output: {
      mode: 'single',
      client: 'fetch',
      target: './generated/orval/client.ts',
      override: {mutator: {path: './orval-fetch.ts', name: 'orvalFetch'}},
    },
  },
  zod: {
    input: {target: './generated/openapi.json'},
    output: {mode: 'single', client: 'zod', target: './generated/orval/zod.ts'},
  },
}
