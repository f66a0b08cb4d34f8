/** A template's literal pieces and, between them, the names of its parameters (`[lit, name, lit, …, lit]`). */
const pieces = new Map<string, string[]>()

const piecesOf = (template: string): string[] => {
  let found = pieces.get(template)
  if (!found) {
    found = template.split(/\{(\w+)\}/)
    pieces.set(template, found)
  }
  return found
}

/** A row's path (`/api/v2/payouts/{id}/approve`) filled with its parameters, each value encoded. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  const parts = piecesOf(template)
  let path = parts[0]
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]]
    if (value === undefined) throw new TypeError(`the path ${template} needs the parameter ${parts[i]}`)
    path += encodeURIComponent(String(value)) + parts[i + 1]
  }
  return path
}

/** A row's path in the router's form: `{id}` becomes `:id`. */
export const routerPath = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1')
