/** A row's path (`/api/v2/payouts/{id}/approve`) filled with its parameters, each value encoded. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`the path ${template} needs the parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** A row's path in the router's form: `{id}` becomes `:id`. */
export const routerPath = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1')
