// The two undici files that src/client/undici-core.ts loads directly (CommonJS; typed there).
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: unknown
  export default Agent
}

declare module 'undici/lib/api/api-request.js' {
  const request: unknown
  export default request
}
