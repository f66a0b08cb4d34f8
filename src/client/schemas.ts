/** The response schemas and types the SDK parses with: the contract's (src/contract/responses.ts). */
export * from '../contract/responses.js'
