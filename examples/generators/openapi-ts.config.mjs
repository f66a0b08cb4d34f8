// @hey-api/openapi-ts: types, the fetch client, an SDK and zod schemas from the served document.
export default {
  input: './generated/openapi.json',
  output: {path: './generated/hey-api'},
  plugins: ['@hey-api/typescript', '@hey-api/client-fetch', '@hey-api/sdk', 'zod'],
}
