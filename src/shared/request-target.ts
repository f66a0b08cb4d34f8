// An HTTP request-target in origin form ("/path?query"). Resolving it against a base URL would read
// "//host/path" as another authority, so it is appended to a fixed origin instead.
export function parseRequestTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/')) return undefined
  try {
    return new URL(`http://request.invalid${target}`)
  } catch {
    return undefined
  }
}
