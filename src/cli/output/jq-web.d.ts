declare module 'jq-web' {
  interface JqError extends Error {
    exitCode?: number
    stderr?: string
  }
  interface Jq {
    /** Runs jq on a JSON text with command-line flags; returns its stdout, throws a JqError on failure. */
    raw(json: string, filter: string, flags?: string[]): string
  }
  const jq: Promise<Jq>
  export default jq
}
